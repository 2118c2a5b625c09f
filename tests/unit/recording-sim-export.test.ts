import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseVmd } from '../../renderer/src/formats/vmd/parse-vmd';
import { loadMotionFile } from '../../renderer/src/view/motion/load-motion-file';
import { simInProcess } from '../support/sim-process';

const folder = mkdtempSync(join(tmpdir(), 'sim-export-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('npm run sim -- --export-motion', () => {
  it("writes the first doll's whole run as a .vrma that loads, and says what it wrote", async () => {
    const path = join(folder, 'fall.vrma');
    const run = await simInProcess(
      '--seconds',
      '2',
      '--blast',
      '8',
      '--export-motion',
      path,
      '--json',
    );
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as {
      exported: { path: string; frames: number; bones: string[] };
    };
    expect(result.exported).toMatchObject({ path, frames: 60 });
    expect(result.exported.bones).toContain('hips');
    const bytes = readFileSync(path);
    const clip = await loadMotionFile(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
      'fall.vrma',
    );
    expect(clip.duration).toBeCloseTo(59 / 30, 4);
    // Written atomically: no temp file left beside it.
    expect(readdirSync(folder)).toEqual(['fall.vrma']);
  });

  it('writes a range as a 30 fps .vmd', async () => {
    const path = join(folder, 'range.vmd');
    const run = await simInProcess(
      '--seconds',
      '3',
      '--export-motion',
      path,
      '--export-range',
      '1:2',
      '--json',
    );
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as { exported: { frames: number; bones: string[] } };
    expect(result.exported.frames).toBe(31);
    const vmd = parseVmd(readFileSync(path));
    expect(Math.max(...vmd.boneKeys.frames)).toBe(30);
    expect(vmd.boneKeys.names).toContain('センター');
  });

  it('refuses a path that is not .vrma or .vmd, and a bad range, as usage errors', async () => {
    const wrong = await simInProcess('--export-motion', join(folder, 'x.bvh'));
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/--export-motion needs a path ending in \.vrma or \.vmd/);
    const range = await simInProcess(
      '--export-motion',
      join(folder, 'x.vmd'),
      '--export-range',
      '2:1',
    );
    expect(range.status).toBe(2);
    expect(range.stderr).toMatch(/--export-range needs START:END/);
  });

  it('says why when the folder cannot be written, and exits 1', async () => {
    const run = await simInProcess(
      '--seconds',
      '0.5',
      '--export-motion',
      join(folder, 'missing', 'x.vrma'),
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/sim: .*missing\/x\.vrma: .*ENOENT/);
  });
});
