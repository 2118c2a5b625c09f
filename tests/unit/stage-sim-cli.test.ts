/**
 * `npm run sim -- --stage FILE`: a generated glTF or PMX stage loaded headless, the figures
 * resting on it, and the exit statuses: 0 with the stage's JSON, 1 with the reason for a stage
 * that cannot be used (missing, damaged, its buffer outside its folder), 2 for a bare --stage.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  gridTriangles,
  writeStageGlb,
  writeStageGltf,
} from '../../tools/fixtures/gltf-stage-writer';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';
import { slabStageModel } from '../../tools/fixtures/mmd/stage-fixture-models';
import { runSim, simInProcess } from '../support/sim-process';

const dir = mkdtempSync(join(tmpdir(), 'stage-sim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A 10 m floor 0.5 m up, as a GLB. */
const floorGlb = join(dir, 'floor.glb');
writeFileSync(floorGlb, writeStageGlb(gridTriangles(10, 10, 0, 0.5, 0)));
const slabPmx = join(dir, 'slab.pmx');
writeFileSync(slabPmx, writePmx(slabStageModel()));

interface StageJson {
  dolls: number;
  stage: { triangles: number; bounds: { min: number[]; max: number[] } };
  restingAt: number[][];
}

describe('sim --stage', () => {
  it('stands the figures on a glTF stage and reports it', async () => {
    const run = await simInProcess('--stage', floorGlb, '--dolls', '3', '--seconds', '3', '--json');
    expect(run.status).toBe(0);
    const json = JSON.parse(run.stdout) as StageJson;
    expect(json.stage).toEqual({
      triangles: 200,
      bounds: { min: [-5, 0.5, -5], max: [5, 0.5, 5] },
    });
    expect(json.restingAt).toHaveLength(3);
    for (const [, y] of json.restingAt) {
      // The box dummy's pelvis lies about 0.1-0.2 m above what it lies on.
      expect(y).toBeGreaterThan(0.5);
      expect(y).toBeLessThan(1);
    }
  });

  it('stands a figure on a PMX stage', async () => {
    const run = await simInProcess('--stage', slabPmx, '--seconds', '3', '--json');
    expect(run.status).toBe(0);
    const json = JSON.parse(run.stdout) as StageJson;
    expect(json.stage.triangles).toBe(60);
    const [x, y, z] = json.restingAt[0]!;
    expect(Math.abs(x!)).toBeLessThan(2);
    expect(Math.abs(z!)).toBeLessThan(2);
    expect(y).toBeGreaterThan(1.2);
  });

  it('exits 1 naming a stage that cannot be used', async () => {
    const cut = join(dir, 'cut.glb');
    writeFileSync(cut, writeStageGlb(gridTriangles(2, 2)).subarray(0, 100));
    const outside = join(dir, 'outside.gltf');
    writeFileSync(outside, writeStageGltf(gridTriangles(2, 2), '../elsewhere/floor.bin').gltf);
    for (const [path, reason] of [
      [cut, /cut\.glb cannot be used as a stage/],
      [outside, /outside\.gltf names \.\.\/elsewhere\/floor\.bin, outside its own folder/],
      [join(dir, 'gone.glb'), /gone\.glb cannot be read/],
    ] as const) {
      const run = await simInProcess('--stage', path, '--json');
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(reason);
    }
  });

  it('exits with the status a user sees, from the process', () => {
    const bad = runSim('--stage', join(dir, 'gone.glb'), '--json');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/gone\.glb cannot be read/);
    expect(runSim('--stage', ' ').status).toBe(2);
  });
});
