/**
 * Piles of a real MMD model lying still are put to sleep whole (physics/mmd/scene-rest.ts),
 * hair and all: tens of simulated seconds of a real model, so in the sim tier. Skipped without
 * the real-model fixtures.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import type { Sandbox } from '../../renderer/src/physics/sandbox';
import { REAL_FIXTURES } from '../../tools/fixtures/real-fixtures';
import { bodiesOf, fastest } from '../support/mmd-figure-bodies';
import { useSandboxes } from '../support/sandboxes';

const makeSandbox = useSandboxes();

/** A real model whose hair (125 bodies, 30 joint loops, limits of ±1-5°) never slept before. */
const MOKOU = join(REAL_FIXTURES, 'pmd/mokou/mokou_B.pmd');

/** `count` mokou_B dropped together with `seed`, run `seconds`; every body must then sleep. */
async function mokouAsleepAfter(count: number, seed: number, seconds: number): Promise<Sandbox> {
  const rig = mmdRig(parseMmdModel(readFileSync(MOKOU)));
  const sandbox = await makeSandbox({ seed });
  for (let i = 0; i < count; i++) sandbox.addFigure(rig.rig.spec, { mmd: rig.physics });
  sandbox.drop();
  sandbox.run(seconds);
  for (const figure of sandbox.figures) {
    for (const body of bodiesOf(figure)) expect(body.isSleeping()).toBe(true);
  }
  expect(fastest(sandbox)).toBeLessThan(0.05);
  return sandbox;
}

describe('real MMD figures at rest', () => {
  it.skipIf(!existsSync(MOKOU))(
    'three mokou_B lying side by side fall asleep whole, every body still (skipped without the real-model fixtures)',
    { timeout: 300_000 },
    async () => {
      const sandbox = await mokouAsleepAfter(3, 3, 15);
      // Asleep, they stay put: another 3 s changes nothing.
      const before = sandbox.figures[0]!.ragdoll.root.body.translation();
      sandbox.run(3);
      const after = sandbox.figures[0]!.ragdoll.root.body.translation();
      expect(Math.hypot(after.x - before.x, after.y - before.y, after.z - before.z)).toBe(0);
    },
  );

  it.skipIf(!existsSync(MOKOU))(
    'six mokou_B dropped in a pile fall asleep whole, hands lying on hair too (skipped without the real-model fixtures)',
    { timeout: 300_000 },
    async () => {
      // Seed 1: hands lie on hair whose chatter pushes them a few cm a second. Judged still only
      // under 2 cm a second, this pile slept 27 s after the drop.
      await mokouAsleepAfter(6, 1, 20);
    },
  );
});
