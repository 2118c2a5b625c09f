/**
 * The page reads a big dropped or chosen file through its stream, saying how far it has
 * come after each chunk; the bytes come out whole and in order.
 */
import { describe, expect, it } from 'vitest';
import { readFileWithProgress } from '../../renderer/src/ui/files/read-file-progress';

function patterned(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 7 + (i >>> 10)) & 0xff;
  return bytes;
}

describe('readFileWithProgress', () => {
  it('reports rising byte counts up to the size and returns the same bytes', async () => {
    const content = patterned(3 * 1024 * 1024 + 17);
    // Three parts: a Blob streams them as separate chunks, as a browser streams a big file.
    const third = Math.floor(content.length / 3);
    const file = new Blob([
      content.subarray(0, third),
      content.subarray(third, 2 * third),
      content.subarray(2 * third),
    ]);
    const steps: [number, number][] = [];
    const bytes = await readFileWithProgress(file, (done, total) => steps.push([done, total]));
    expect(Buffer.from(bytes).equals(Buffer.from(content))).toBe(true);
    expect(steps.length).toBeGreaterThanOrEqual(3);
    expect(steps.every(([, total]) => total === content.length)).toBe(true);
    const done = steps.map(([read]) => read);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(done.at(-1)).toBe(content.length);
  });

  it('keeps the size the file had when a stream hands over more', async () => {
    const extra = patterned(100);
    const file = {
      size: 60,
      stream: () => new Blob([extra]).stream(),
    };
    const bytes = await readFileWithProgress(file, () => undefined);
    expect(Array.from(bytes)).toEqual(Array.from(extra.subarray(0, 60)));
  });
});
