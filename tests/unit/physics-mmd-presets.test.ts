import { describe, expect, it } from 'vitest';
import { PRESET_MAX_PARTS_PER_FIGURE } from '../../shared/preset-schema';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { captureScene, restoreScene } from '../../renderer/src/physics/scene-preset';
import type { Figure } from '../../renderer/src/physics/sandbox';
import { forEachRestBody } from '../../renderer/src/physics/mmd/rest-figure-bodies';
import {
  distance,
  quat,
  rotateVec,
  unitQuatTuple,
  vec3,
} from '../../renderer/src/physics/vector-math';
import { hairChainSpec } from '../support/mmd-physics-specs';
import { useSandboxes } from '../support/sandboxes';
import { savedScene, sceneExtras } from '../support/scene-presets';

const makeSandbox = useSandboxes();

const extras = sceneExtras('Hair');

const SHORT = hairChainSpec();
/** More MMD bodies than a preset holds per figure with the parts (11 + 1 + the cap). */
const LONG = hairChainSpec({ links: PRESET_MAX_PARTS_PER_FIGURE });

/** Largest distance (m) of a figure's MMD bodies from where their parts carry them at rest. */
function offRest(figure: Figure): number {
  let worst = 0;
  for (const mmd of figure.mmd!.bodies) {
    const at = rotateVec(mmd.part.body.rotation(quat()), mmd.offsetPosition, vec3());
    const part = mmd.part.body.translation(vec3());
    at.x += part.x;
    at.y += part.y;
    at.z += part.z;
    const actual = vec3();
    figure.mmd!.readBody(mmd.index, actual, quat());
    worst = Math.max(worst, distance(at, actual));
  }
  return worst;
}

describe('presets with MMD bodies', () => {
  it('save every MMD body when it fits, parts alone when not, and load both', async () => {
    const saved = await makeSandbox({ seed: 9 });
    saved.addFigure(BOX_DOLL, { mmd: SHORT });
    saved.addFigure(BOX_DOLL, { mmd: LONG });
    saved.drop();
    saved.run(1.2);
    const content = savedScene(saved, extras);
    expect(content.figures[0]!.parts).toHaveLength(BOX_DOLL.parts.length + SHORT.bodies.length);
    expect(content.figures[1]!.parts).toHaveLength(BOX_DOLL.parts.length);
    expect(BOX_DOLL.parts.length + LONG.bodies.length).toBeGreaterThan(PRESET_MAX_PARTS_PER_FIGURE);

    const loaded = await makeSandbox();
    const report = restoreScene(loaded, content, (_model, index) => ({
      spec: BOX_DOLL,
      mmd: index === 0 ? SHORT : LONG,
    }));
    expect(report.notes).toEqual([]);
    const [short, long] = loaded.figures;
    const before = saved.figures[0]!.mmd!.bodies.map((mmd) => {
      const at = vec3();
      saved.figures[0]!.mmd!.readBody(mmd.index, at, quat());
      return at;
    });
    const worst = Math.max(
      ...short!.mmd!.bodies.map((mmd, i) => {
        const at = vec3();
        short!.mmd!.readBody(mmd.index, at, quat());
        return distance(at, before[i]!);
      }),
    );
    expect(worst).toBeLessThan(1e-3);
    expect(offRest(long!)).toBeLessThan(1e-5);
  });

  it('an older preset with parts only puts the MMD bodies on their parts', async () => {
    const saved = await makeSandbox({ seed: 9 });
    saved.addFigure(BOX_DOLL);
    saved.drop();
    saved.run(1);
    const content = captureScene(saved, extras);
    const loaded = await makeSandbox();
    const report = restoreScene(loaded, content, () => ({ spec: BOX_DOLL, mmd: SHORT }));
    expect(report.notes).toEqual([]);
    expect(offRest(loaded.figures[0]!)).toBeLessThan(1e-5);
  });
});

describe('a still MMD scene in a preset', () => {
  it('comes back asleep, hair included, and stays so', async () => {
    const saved = await makeSandbox({ seed: 9 });
    saved.addFigure(BOX_DOLL, { mmd: SHORT });
    saved.drop();
    // Its parts and its MMD bodies with a body of their own (`follow` ones ride on the parts).
    const asleep = (s: typeof saved) => {
      let all = true;
      forEachRestBody(s.figures[0]!, (body) => (all &&= body.isSleeping()));
      return all;
    };
    for (let t = 0; t < 40 && !asleep(saved); t += 0.5) saved.run(0.5);
    expect(asleep(saved)).toBe(true);
    const content = savedScene(saved, extras);
    expect(content.figures[0]!.parts).toHaveLength(BOX_DOLL.parts.length + SHORT.bodies.length);

    const loaded = await makeSandbox();
    restoreScene(loaded, content, () => ({ spec: BOX_DOLL, mmd: SHORT }));
    expect(asleep(loaded)).toBe(true);
    // Woken by Rapier in the first step, asleep again from the second (see the sandbox).
    loaded.run(2 / 120);
    const hair = () =>
      loaded.figures[0]!.mmd!.bodies.map((mmd) => {
        const at = vec3();
        loaded.figures[0]!.mmd!.readBody(mmd.index, at, quat());
        return at;
      });
    const after = hair();
    loaded.run(3);
    expect(asleep(loaded)).toBe(true);
    expect(hair()).toEqual(after);
  });
});

describe('unitQuatTuple', () => {
  it('turns a product a hair longer than unit into components the preset schema accepts', () => {
    const long = { x: 0, y: 0, z: -1.0000001, w: 0.0000002 };
    const tuple = unitQuatTuple(long);
    expect(Math.min(...tuple)).toBeGreaterThanOrEqual(-1);
    expect(Math.hypot(...tuple)).toBeCloseTo(1, 12);
    expect(tuple[2]).toBeCloseTo(-1, 12);
  });
});
