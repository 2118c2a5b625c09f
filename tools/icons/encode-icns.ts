/**
 * A macOS .icns writer for PNG-payload entries (every type `iconutil` writes for an
 * .iconset since macOS 10.7), so no Apple tool is needed to make one on Windows or Linux.
 */

/** One entry: a four-letter OSType such as `ic10` and the PNG it holds. */
export interface IcnsEntry {
  readonly type: string;
  readonly png: Uint8Array;
}

/**
 * Encodes entries into one .icns file: the `icns` magic and total length, then each entry
 * as OSType, length (including its 8-byte header) and data, all lengths big-endian.
 *
 * @throws if a type is not four ASCII characters
 */
export function encodeIcns(entries: readonly IcnsEntry[]): Buffer {
  const chunks = entries.map(({ type, png }) => {
    if (!/^[\x20-\x7e]{4}$/.test(type)) {
      throw new Error(`encode-icns: OSType "${type}" is not four ASCII characters`);
    }
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(8 + png.length, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + chunks.reduce((sum, chunk) => sum + chunk.length, 0), 4);
  return Buffer.concat([head, ...chunks]);
}
