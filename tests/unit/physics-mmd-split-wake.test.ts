/**
 * A figure Rapier woke only in part is woken whole (`physics/mmd/split-wake.ts`, run by the
 * still-scene sleep after every step): its parts and MMD bodies are one island, and the parts
 * woken alone fell through the floor their sleeping neighbours no longer held. On the real
 * Rapier WASM; the real-model case is skipped when the fixtures are absent.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import {
  SPLIT_WATCH_STEPS,
  SplitWakeWatch,
  wakeSplitFigures,
} from '../../renderer/src/physics/mmd/split-wake';
import type { Figure } from '../../renderer/src/physics/sandbox';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import { loadMmdDoll } from '../../tools/loaders/load-mmd-doll';
import { REAL_FIXTURES } from '../../tools/fixtures/real-fixtures';
import { maxMmdJointGap } from '../support/mmd-figure-measures';
import { hairChainSpec } from '../support/mmd-physics-specs';
import { useSandboxes } from '../support/sandboxes';

const makeSandbox = useSandboxes();

function bodiesOf(figure: Figure) {
  return [...figure.ragdoll.parts.map((part) => part.body), ...figure.mmd!.rigidBodies()];
}

describe('a figure woken only in part', () => {
  it('is woken whole, and with it every other figure (they may share its island)', async () => {
    const sandbox = await makeSandbox({ seed: 2 });
    const split = sandbox.addFigure(BOX_DOLL, { mmd: hairChainSpec({ links: 4 }) });
    const asleep = sandbox.addFigure(BOX_DOLL, { mmd: hairChainSpec({ links: 4 }) });
    const awake = sandbox.addFigure(BOX_DOLL, { mmd: hairChainSpec({ links: 4 }) });
    sandbox.drop();
    sandbox.run(0.5);
    // The state Rapier left: one part awake, the rest of its island asleep.
    const torso = split.ragdoll.parts[1]!.body;
    for (const body of bodiesOf(split)) if (body !== torso) body.sleep();
    for (const body of bodiesOf(asleep)) body.sleep();
    expect(torso.isSleeping()).toBe(false);
    expect(split.ragdoll.root.body.isSleeping()).toBe(true);

    expect(wakeSplitFigures(sandbox.figures)).toBe(1);
    expect(bodiesOf(split).filter((body) => body.isSleeping())).toHaveLength(0);
    expect(bodiesOf(asleep).filter((body) => body.isSleeping())).toHaveLength(0);
    expect(bodiesOf(awake).filter((body) => body.isSleeping())).toHaveLength(0);
    expect(wakeSplitFigures(sandbox.figures)).toBe(0);
    // Figures wholly asleep beside figures wholly awake are no split: left as they are.
    for (const body of bodiesOf(asleep)) body.sleep();
    expect(wakeSplitFigures(sandbox.figures)).toBe(0);
    expect(bodiesOf(asleep).filter((body) => !body.isSleeping())).toHaveLength(0);
  });

  it('is looked for only after the scene was put to sleep by hand, and then for a while after a root woke or slept', async () => {
    const sandbox = await makeSandbox({ seed: 2 });
    const figure = sandbox.addFigure(BOX_DOLL, { mmd: hairChainSpec({ links: 4 }) });
    sandbox.drop();
    sandbox.run(0.5);
    const root = figure.ragdoll.root.body;
    const torso = figure.ragdoll.parts[1]!.body;
    const watch = new SplitWakeWatch();
    // Never put to sleep by hand: nothing is read, a split is left to Rapier.
    for (const body of bodiesOf(figure)) if (body !== torso) body.sleep();
    expect(watch.update(sandbox.figures)).toBe(0);
    watch.watch();
    expect(watch.update(sandbox.figures)).toBe(1);
    expect(bodiesOf(figure).filter((body) => body.isSleeping())).toHaveLength(0);
    // The window runs out with every root awake: reading stops.
    for (let i = 0; i < SPLIT_WATCH_STEPS; i++) expect(watch.update(sandbox.figures)).toBe(0);
    for (const body of bodiesOf(figure)) if (body !== root) body.sleep();
    expect(watch.update(sandbox.figures)).toBe(0);
    // Put to sleep by hand again, then a root falling asleep restarts the window.
    for (const body of bodiesOf(figure)) body.wakeUp();
    watch.watch();
    for (let i = 0; i < SPLIT_WATCH_STEPS; i++) watch.update(sandbox.figures);
    for (const body of bodiesOf(figure)) if (body !== torso) body.sleep();
    expect(watch.update(sandbox.figures)).toBe(1);
  });
});

const MOKOU = join(REAL_FIXTURES, 'pmd/mokou/mokou_B.pmd');
const present = existsSync(MOKOU);
if (!present) console.warn(`physics-mmd-split-wake: ${MOKOU} not found; real-model case skipped`);

describe.skipIf(!present)('a real model put to sleep (skipped when absent)', () => {
  // Without the joint projection and with the side locks simulated beyond 0.3 m of the head
  // (the rig as it was when this was found), Rapier wakes part of this figure in the step
  // after the still-scene sleep put it to sleep (seed 13, 6.1 s after the drop): the awake part
  // falls through the floor and drags the sleeping rest along (without the check the lowest
  // body is 15.9 m below the stage at 20 s; seed 6 on Rapier 0.21: 135 m).
  it('mokou_B.pmd lying alone stays on the floor and whole for 20 s', async () => {
    const doll = await loadMmdDoll(MOKOU);
    const sandbox = await makeSandbox({ seed: 13, jointProjection: false });
    const physics = mmdRig(doll.model, { weldReach: 0.3 }).physics;
    const figure = sandbox.addFigure(doll.spec, { mmd: physics });
    sandbox.drop();
    let lowest = Infinity;
    sandbox.run(20, () => {
      for (const body of bodiesOf(figure)) lowest = Math.min(lowest, body.translation().y);
    });
    expect(lowest).toBeGreaterThan(-0.05);
    expect(maxMmdJointGap(figure, true)).toBeLessThan(0.01);
  });
});
