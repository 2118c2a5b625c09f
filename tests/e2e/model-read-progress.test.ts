/**
 * End to end, through the real host services: a model of 20 MB or more, picked in Open
 * Model…'s (scripted) dialog, shows determinate progress while the host reads it: the status
 * line counts up in percent, with the bar under it, before the avatar appears. The big file
 * is made at test time (a generated VRM whose binary chunk is padded with unused bytes, which
 * glTF allows) in a temp folder; nothing big is kept in the repository.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { READ_PROGRESS_MIN_BYTES } from '../../shared/host-contract';
import { writeGlb } from '../../tools/fixtures/glb-writer';
import { writeHeavyVrmFixture } from '../../tools/fixtures/make-vrm-fixtures';
import { readGlb } from '../../renderer/src/view/vrm/glb-container';
import { SLOW_TIMEOUT_MS, alertText } from './support/app-page';
import { useTestHosts, fileForDialog } from './support/host-files';
import { useAppSuite } from './support/suite';
import { figureKinds } from './support/vrm-files';

const withApp = useAppSuite();
const newHost = useTestHosts();
let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** A valid VRM of `bytes` bytes or a little more: a small one with its BIN chunk padded. */
async function paddedVrm(dir: string, bytes: number): Promise<Uint8Array> {
  const small = readFileSync(await writeHeavyVrmFixture(dir, 1));
  const { json, bin } = readGlb(small, 'small.vrm');
  const gltf = json as { buffers: { byteLength: number }[] };
  const padded = new Uint8Array(Math.ceil(bytes / 4) * 4);
  if (bin) padded.set(bin);
  gltf.buffers[0]!.byteLength = padded.byteLength;
  return writeGlb(JSON.stringify(gltf), padded);
}

describe('reading a big model', () => {
  it('counts up in percent in the status line before the model appears', async () => {
    const testHost = newHost();
    scratch = mkdtempSync(join(tmpdir(), 'ragdoll-e2e-big-'));
    const bytes = await paddedVrm(scratch, READ_PROGRESS_MIN_BYTES + 2_000_000);
    expect(bytes.byteLength).toBeGreaterThan(20_000_000);
    fileForDialog(testHost, 'openModel', 'big.vrm', bytes);
    await withApp(
      async ({ page }) => {
        // Every text the status line shows, and whether the bar showed with it.
        await page.evaluate(() => {
          const line = document.querySelector('[role="status"]')!;
          const bar = document.querySelector<HTMLProgressElement>('.status-progress')!;
          const seen: { text: string; bar: number | null }[] = [];
          (window as unknown as { statusSeen: typeof seen }).statusSeen = seen;
          new MutationObserver(() =>
            seen.push({ text: line.textContent ?? '', bar: bar.hidden ? null : bar.value }),
          ).observe(line, { childList: true, characterData: true, subtree: true });
        });
        await page.keyboard.press('m');
        // Crossing the test bridge and parsing 22 MB takes over a minute on a busy machine.
        await expect
          .poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS * 4 })
          .toEqual(['vrm']);
        expect(await alertText(page)).toBe('');
        const seen = await page.evaluate(
          () =>
            (window as unknown as { statusSeen: { text: string; bar: number | null }[] })
              .statusSeen,
        );
        const reading = seen.filter((entry) => entry.text.startsWith('Reading big.vrm: '));
        const percents = reading.map((entry) => Number(/\((\d+) %\)/.exec(entry.text)![1]));
        // Several steps (the host reads 4 MB at a time), each further than the last, to 100 %.
        expect(percents.length).toBeGreaterThanOrEqual(3);
        percents.slice(1).forEach((percent, i) => expect(percent).toBeGreaterThan(percents[i]!));
        expect(percents.at(-1)).toBe(100);
        expect(percents[0]).toBeLessThan(50);
        // The bar stood beside the words, at the same fraction.
        reading.forEach((entry, i) =>
          expect(Math.abs(entry.bar! * 100 - percents[i]!)).toBeLessThan(1),
        );
        // All of it before the avatar: the last message says the model opened.
        const lastReading = seen.lastIndexOf(reading.at(-1)!);
        const opened = seen.findIndex((entry) => entry.text.startsWith('Opened '));
        expect(opened).toBeGreaterThan(lastReading);
      },
      { beforeLoad: (page) => testHost.install(page) },
    );
  }, 480_000); // a 22 MB file crosses the test bridge and is parsed under SwiftShader
});
