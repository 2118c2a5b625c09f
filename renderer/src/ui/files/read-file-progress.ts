/** A file the page reads itself, as `File` (or any `Blob`) offers it. */
export interface StreamableFile {
  readonly size: number;
  stream(): ReadableStream<Uint8Array>;
}

/**
 * Reads `file` whole through its stream, telling `onProgress` the bytes read so far and the
 * file's size after each chunk the browser hands over, so a big file can show determinate
 * progress (`File.arrayBuffer()` says nothing until it is done).
 *
 * @returns the file's bytes
 */
export async function readFileWithProgress(
  file: StreamableFile,
  onProgress: (bytesRead: number, totalBytes: number) => void,
): Promise<Uint8Array> {
  const bytes = new Uint8Array(file.size);
  const reader = file.stream().getReader();
  let offset = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // A file that grew since it was picked keeps the size it had then.
      const chunk = value.subarray(0, Math.max(0, bytes.length - offset));
      bytes.set(chunk, offset);
      offset += chunk.length;
      onProgress(offset, bytes.length);
      if (offset >= bytes.length) break;
    }
  } finally {
    reader.releaseLock();
  }
  return offset === bytes.length ? bytes : bytes.subarray(0, offset);
}
