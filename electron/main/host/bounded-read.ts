/**
 * Reading an open file up to the size it was checked at, never more: the buffer is allocated
 * once at that size and a file that has grown since the check (another program still writing
 * it, or one swapped in on purpose) is refused instead of read whole. A check on one reading
 * of the size and a read that trusts another would let a 300 MB file past a 64 MB limit.
 */

import type { FileHandle } from 'node:fs/promises';

/** The file was longer than the size it was checked at when it was read. */
export class FileGrewError extends Error {
  override readonly name = 'FileGrewError';
  constructor(readonly checkedBytes: number) {
    super(`it grew past the ${checkedBytes} bytes it had when it was checked, while it was read`);
  }
}

/** How much is read at a time, bytes (4 MiB). */
export const BOUNDED_READ_CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * Reads at most `checkedBytes` from the start of `handle` into a buffer of that size, then
 * makes sure nothing follows. A file that shrank returns what it still had (the caller's
 * format check judges it).
 *
 * @param checkedBytes - the size the file was checked at, bytes
 * @param onChunk - told the bytes read so far after each chunk
 * @throws FileGrewError when the file holds more than `checkedBytes`
 * @throws the fs error when a read fails
 */
export async function readCheckedSize(
  handle: FileHandle,
  checkedBytes: number,
  onChunk?: (bytesRead: number) => void,
): Promise<Uint8Array> {
  const bytes = new Uint8Array(checkedBytes);
  let offset = 0;
  while (offset < checkedBytes) {
    const length = Math.min(BOUNDED_READ_CHUNK_BYTES, checkedBytes - offset);
    const { bytesRead } = await handle.read(bytes, offset, length, offset);
    if (bytesRead === 0) break;
    offset += bytesRead;
    onChunk?.(offset);
  }
  if (offset === checkedBytes) {
    const { bytesRead } = await handle.read(new Uint8Array(1), 0, 1, checkedBytes);
    if (bytesRead > 0) throw new FileGrewError(checkedBytes);
  }
  return offset === checkedBytes ? bytes : bytes.subarray(0, offset);
}
