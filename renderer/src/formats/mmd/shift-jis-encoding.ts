import { textDecoder } from './text-decoding';

/** Written for a character Shift_JIS has no code for. */
const UNKNOWN: readonly number[] = [0x3f]; // '?'

/**
 * Pointers the WHATWG Shift_JIS encoder skips (the NEC-selected IBM extensions, which also
 * have codes of their own further on): the encoder writes the later codes, and so does this.
 */
const SKIPPED_POINTERS = { first: 8272, last: 8835 } as const;

let encodeTable: ReadonlyMap<string, readonly number[]> | undefined;

/**
 * Shift_JIS bytes for every character the decoder knows, built once by decoding each code:
 * there is no Shift_JIS `TextEncoder`, but `TextDecoder` has the table, so none ships with the
 * app. Single bytes: ASCII and half-width katakana; two bytes: lead 0x81–0x9F or 0xE0–0xFC,
 * trail 0x40–0x7E or 0x80–0xFC.
 */
function shiftJisTable(): ReadonlyMap<string, readonly number[]> {
  if (encodeTable) return encodeTable;
  const decoder = textDecoder('shift_jis');
  const table = new Map<string, readonly number[]>();
  for (let code = 0x00; code <= 0x7f; code++) table.set(String.fromCharCode(code), [code]);
  // Half-width katakana, U+FF61..U+FF9F.
  for (let byte = 0xa1; byte <= 0xdf; byte++)
    table.set(String.fromCharCode(0xff61 + byte - 0xa1), [byte]);
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    if (lead > 0x9f && lead < 0xe0) continue;
    for (let trail = 0x40; trail <= 0xfc; trail++) {
      if (trail === 0x7f) continue;
      const pointer =
        (lead - (lead < 0xa0 ? 0x81 : 0xc1)) * 188 + trail - (trail < 0x7f ? 0x40 : 0x41);
      if (pointer >= SKIPPED_POINTERS.first && pointer <= SKIPPED_POINTERS.last) continue;
      pair[0] = lead;
      pair[1] = trail;
      const text = decoder.decode(pair);
      if (text.length !== 1 || text === '\ufffd' || table.has(text)) continue;
      table.set(text, [lead, trail]);
    }
  }
  encodeTable = table;
  return table;
}

/** `text` as Shift_JIS bytes, without a terminator; a character it cannot hold becomes `?`. */
export function encodeShiftJis(text: string): Uint8Array {
  const table = shiftJisTable();
  const out: number[] = [];
  for (const character of text) out.push(...(table.get(character) ?? UNKNOWN));
  return new Uint8Array(out);
}

/**
 * `text` in Shift_JIS for a fixed-width field of `size` bytes (a VMD's model name): as many
 * whole characters as fit, never half of a two-byte one; the rest of the field is NUL.
 */
export function shiftJisField(text: string, size: number): Uint8Array {
  const table = shiftJisTable();
  const field = new Uint8Array(size);
  let at = 0;
  for (const character of text) {
    const bytes = table.get(character) ?? UNKNOWN;
    if (at + bytes.length > size) break;
    field.set(bytes, at);
    at += bytes.length;
  }
  return field;
}
