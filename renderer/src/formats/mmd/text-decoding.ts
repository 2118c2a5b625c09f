/**
 * Text in MMD files: PMX names are UTF-16LE or UTF-8 (a header byte says which), PMD names
 * are Shift_JIS in fixed-width, NUL-terminated fields. `TextDecoder` decodes all three in both
 * Chromium and Node (full ICU), so no code table ships with the app. It is reached through
 * `globalThis` because this layer compiles with neither the DOM nor Node's types.
 */

/** The part of the WHATWG TextDecoder this module uses. */
export interface TextDecoderLike {
  decode(bytes: Uint8Array): string;
}

type TextDecoderConstructor = new (
  label: string,
  options?: { readonly fatal?: boolean },
) => TextDecoderLike;

export type MmdTextEncoding = 'utf-16le' | 'utf-8' | 'shift_jis';

const decoders = new Map<MmdTextEncoding, TextDecoderLike>();

/**
 * A shared decoder for `encoding`. Malformed sequences become U+FFFD rather than an error: a
 * garbled name should not stop a model from loading.
 * @throws Error when the runtime has no TextDecoder or it lacks Shift_JIS (a Node built
 *   without full ICU).
 */
export function textDecoder(encoding: MmdTextEncoding): TextDecoderLike {
  let decoder = decoders.get(encoding);
  if (decoder) return decoder;
  const TextDecoderClass = (globalThis as { TextDecoder?: TextDecoderConstructor }).TextDecoder;
  if (!TextDecoderClass) throw new Error('mmd: this runtime has no TextDecoder');
  try {
    decoder = new TextDecoderClass(encoding);
  } catch (error) {
    throw new Error(`mmd: this runtime cannot decode ${encoding} text (${String(error)})`, {
      cause: error,
    });
  }
  decoders.set(encoding, decoder);
  return decoder;
}

/** A fixed-width PMD field: the bytes up to the first NUL, decoded as Shift_JIS. */
export function decodeFixedShiftJis(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return textDecoder('shift_jis').decode(end < 0 ? bytes : bytes.subarray(0, end));
}
