import { describe, expect, it } from 'vitest';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { SceneExtras } from '../../renderer/src/physics/scene-preset';
import { captureScene, restoreScene } from '../../renderer/src/physics/scene-preset';
import type { ModelProp, ModelPropSpec } from '../../renderer/src/physics/model-prop';
import type { Sandbox } from '../../renderer/src/physics/sandbox';
import { quat, vec3 } from '../../renderer/src/physics/vector-math';
import { mmdModelKind, mmdPropRig } from '../../renderer/src/rig/mmd/mmd-prop-rig';
import { humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import {
  ribbonPropModel,
  staticAccessoryModel,
} from '../../tools/fixtures/mmd/prop-fixture-models';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';
import { useSandboxes } from '../support/sandboxes';
import { RIBBON_FILE, sceneExtras } from '../support/scene-presets';

const makeSandbox = useSandboxes();

/** A generated model written as PMX and read back, as the app reads a dropped file. */
function throughPmx(model: ReturnType<typeof ribbonPropModel>) {
  return parseMmdModel(writePmx(model));
}

function propSpec(model = throughPmx(ribbonPropModel(6))): ModelPropSpec {
  const rig = mmdPropRig(model);
  return { carrier: rig.rig.spec, mmd: rig.physics, carrierCollides: rig.carrierCollides };
}

/** The moving bodies' positions, metres. */
function chain(prop: ModelProp): { x: number; y: number; z: number }[] {
  return prop.mmd.rigidBodies().map((body) => body.translation());
}

function fastest(prop: ModelProp): number {
  return Math.max(
    ...prop.mmd.rigidBodies().map((body) => Math.hypot(...Object.values(body.linvel()))),
  );
}

function carrierY(prop: ModelProp): number {
  return prop.body.translation().y;
}

describe('MMD models without a humanoid skeleton', () => {
  it('are props; a humanoid and a model with no bones at all are figures', () => {
    expect(mmdModelKind(throughPmx(ribbonPropModel()))).toBe('prop');
    expect(mmdModelKind(throughPmx(staticAccessoryModel()))).toBe('prop');
    expect(mmdModelKind(throughPmx(humanoidMmdModel()))).toBe('figure');
    expect(mmdModelKind({ ...throughPmx(ribbonPropModel()), bones: [] })).toBe('figure');
  });

  it('rig a ribbon: its type-0 knot rides the carrier, its links swing from it', () => {
    const rig = mmdPropRig(throughPmx(ribbonPropModel(6)));
    expect(rig.rig.spec.parts).toHaveLength(1);
    expect(rig.carrierCollides).toBe(false);
    expect(rig.physics.bodies.map((b) => b.motion)).toEqual([
      'follow',
      ...Array<string>(6).fill('dynamic'),
    ]);
    expect(rig.physics.joints).toHaveLength(6);
    // The knot's bone rides the carrier; every link's bone follows its body.
    expect(rig.boneDrivers[0]).toMatchObject({ kind: 'part', part: 'prop', position: true });
    expect(rig.boneDrivers.slice(1).map((d) => d.kind)).toEqual(Array(6).fill('body'));
  });
});

describe('a ribbon prop on real Rapier', () => {
  async function ribbon(sceneRest = true): Promise<{ sandbox: Sandbox; prop: ModelProp }> {
    const sandbox = await makeSandbox({ sceneRest });
    const prop = sandbox.addModelProp(propSpec());
    return { sandbox, prop };
  }

  it('stands where it is put: it settles on the floor, at its spot, and stays', async () => {
    const { sandbox, prop } = await ribbon();
    const start = prop.body.translation();
    sandbox.run(4);
    const end = prop.body.translation();
    expect(end.y).toBeGreaterThan(0);
    expect(Math.hypot(end.x - start.x, end.z - start.z)).toBeLessThan(1.2);
    for (const link of chain(prop)) expect(link.y).toBeGreaterThan(-0.05);
    expect(sandbox.measure().nanCount).toBe(0);
  });

  // Without the still-scene sleep, which would freeze the chain mid-swing once it moves slower
  // than 0.5 m/s (as it does a figure's hair): this is the springs and joints alone.
  it('hangs from a pin: the knot stays put, the chain swings and comes to rest below it', async () => {
    const { sandbox, prop } = await ribbon(false);
    // Lifted 1.5 m, upright and at rest, then pinned there.
    prop.place({ position: vec3(0, 1.5, 0), rotation: quat() });
    expect(sandbox.pins.add(prop.body.handle)).toBe(true);
    const knot = prop.body.translation();
    // A sideways kick on the last link.
    const tip = prop.mmd.rigidBodies().at(-1)!;
    tip.setLinvel(vec3(3, 0, 0), true);
    let swing = 0;
    const tipStart = tip.translation();
    sandbox.run(1.5, () => {
      swing = Math.max(swing, Math.abs(tip.translation().x - tipStart.x));
    });
    expect(swing).toBeGreaterThan(0.1);
    sandbox.run(10);
    expect(fastest(prop)).toBeLessThan(0.05);
    const held = prop.body.translation();
    expect(Math.hypot(held.x - knot.x, held.y - knot.y, held.z - knot.z)).toBeLessThan(0.01);
    const end = tip.translation();
    expect(end.y).toBeLessThan(knot.y - 0.4);
    expect(Math.hypot(end.x - knot.x, end.z - knot.z)).toBeLessThan(0.1);
  });

  it('lying still, is put to sleep with the scene', async () => {
    const { sandbox, prop } = await ribbon();
    sandbox.run(8);
    expect(prop.body.isSleeping()).toBe(true);
    expect(prop.mmd.rigidBodies().every((body) => body.isSleeping())).toBe(true);
  });

  it('is grabbed by any of its bodies and lifted, the chain coming along', async () => {
    const { sandbox, prop } = await ribbon();
    sandbox.run(1);
    const link = prop.mmd.rigidBodies()[2]!;
    expect(sandbox.grab.start(link.handle, link.translation())).toBe(true);
    expect(sandbox.grab.handle).toBe(prop.body.handle);
    const from = carrierY(prop);
    sandbox.grab.moveTo(vec3(prop.body.translation().x, from + 1.5, prop.body.translation().z));
    sandbox.run(2);
    expect(carrierY(prop) - from).toBeGreaterThan(1);
    for (const body of chain(prop)) expect(body.y).toBeGreaterThan(from);
  });

  it('is blown away by BLAST and keeps its chain on', async () => {
    const { sandbox, prop } = await ribbon();
    sandbox.run(1);
    const before = prop.body.translation();
    sandbox.blast(14, vec3(before.x + 0.5, 0, before.z));
    sandbox.run(0.3);
    const after = prop.body.translation();
    expect(Math.hypot(after.x - before.x, after.y - before.y, after.z - before.z)).toBeGreaterThan(
      0.5,
    );
    const links = chain(prop);
    for (let i = 1; i < links.length; i++) {
      const a = links[i - 1]!;
      const b = links[i]!;
      expect(Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z)).toBeLessThan(0.15);
    }
    expect(sandbox.measure().nanCount).toBe(0);
  });

  it('saves and restores every body, and is deleted whole', async () => {
    const { sandbox, prop } = await ribbon();
    sandbox.run(0.7);
    const saved = sandbox.capture.captureModelProp(prop);
    expect(saved.bodies).toHaveLength(7);
    const other = await makeSandbox();
    const restored = other.capture.restoreModelProp(propSpec(), saved.carrier, saved.bodies);
    expect(restored.body.translation()).toEqual(prop.body.translation());
    const again = other.capture.captureModelProp(restored);
    again.bodies.forEach((state, i) => {
      const want = saved.bodies[i]!;
      state.position.forEach((v, axis) => expect(v).toBeCloseTo(want.position[axis]!, 5));
    });
    // Carrier only (too many bodies to save): the chain hangs at rest beneath it.
    const third = (await makeSandbox()).capture.restoreModelProp(propSpec(), saved.carrier);
    expect(fastest(third)).toBe(0);

    const bodies = sandbox.world.bodies.len();
    const drawn = sandbox.bodies.length;
    sandbox.removeModelProp(prop);
    expect(sandbox.world.bodies.len()).toBe(bodies - 7);
    expect(sandbox.bodies.length).toBe(drawn - 7);
    expect(sandbox.modelProps).toHaveLength(0);
  });

  it('CLEAR removes it; the thirteenth prop of any kind removes the oldest', async () => {
    const { sandbox, prop } = await ribbon();
    for (let i = 0; i < 11; i++) sandbox.addProp('ball');
    expect(sandbox.modelProps).toEqual([prop]);
    sandbox.addProp('box');
    expect(sandbox.modelProps).toHaveLength(0);
    expect(sandbox.props).toHaveLength(12);
    sandbox.addModelProp(propSpec());
    expect(sandbox.props).toHaveLength(11);
    sandbox.clearProps();
    expect(sandbox.modelProps).toHaveLength(0);
  });
});

describe('a model with no rigid bodies', () => {
  it('stands on a box from its mesh bounds, which collides', async () => {
    const rig = mmdPropRig(throughPmx(staticAccessoryModel()));
    expect(rig.physics.bodies).toHaveLength(0);
    expect(rig.carrierCollides).toBe(true);
    const box = rig.rig.spec.parts[0]!;
    expect(box.shape.kind).toBe('box');
    const sandbox = await makeSandbox();
    const prop = sandbox.addModelProp({
      carrier: rig.rig.spec,
      mmd: rig.physics,
      carrierCollides: true,
    });
    expect(sandbox.bodies.filter((b) => b.ownerId === prop.id)).toHaveLength(1);
    sandbox.run(3);
    const half = box.shape.kind === 'box' ? box.shape.halfExtents[1] : 0;
    expect(carrierY(prop)).toBeCloseTo(half, 1);
  });
});

describe('a ribbon prop in a preset', () => {
  const extras = (sandbox: Sandbox): SceneExtras =>
    sceneExtras('Ribbon scene', {
      modelPropOf: (prop) => (sandbox.modelProps.includes(prop) ? RIBBON_FILE : undefined),
    });

  it('is saved with its file and every body, restored where it was, pinned as it was', async () => {
    const sandbox = await makeSandbox();
    sandbox.addProp('ball');
    const prop = sandbox.addModelProp(propSpec());
    sandbox.run(0.5);
    sandbox.pins.add(prop.body.handle);
    const content = captureScene(sandbox, extras(sandbox));
    expect(content.props.map((p) => p.kind)).toEqual(['ball', 'model']);
    expect(content.pins).toEqual([{ kind: 'prop', prop: 1 }]);
    const saved = content.props[1]!;
    expect(saved.kind === 'model' && saved.bodies).toHaveLength(7);

    const other = await makeSandbox();
    const asked: string[] = [];
    const report = restoreScene(
      other,
      content,
      () => ({ spec: BOX_DOLL }),
      (model) => {
        asked.push(model.path);
        return { spec: propSpec() };
      },
    );
    expect(report.notes).toEqual([]);
    expect(asked).toEqual([RIBBON_FILE.path]);
    const back = other.modelProps[0]!;
    expect(back.body.translation()).toEqual(prop.body.translation());
    expect(other.pins.has(back.body.handle)).toBe(true);
    expect(other.props).toHaveLength(1);
  });

  it('is left out with the note the resolver gives when its file cannot be used', async () => {
    const sandbox = await makeSandbox();
    sandbox.addModelProp(propSpec());
    const content = captureScene(sandbox, extras(sandbox));
    const other = await makeSandbox();
    const report = restoreScene(
      other,
      content,
      () => ({ spec: BOX_DOLL }),
      () => ({
        replacement: 'Prop 1 (Ribbon) was left out: /models/ribbon.pmx was not found.',
      }),
    );
    expect(report.notes).toEqual([
      'Prop 1 (Ribbon) was left out: /models/ribbon.pmx was not found.',
    ]);
    expect(other.modelProps).toHaveLength(0);
  });

  it('is not saved when it came from no file the host can find again', async () => {
    const sandbox = await makeSandbox();
    sandbox.addModelProp(propSpec());
    const content = captureScene(sandbox, { ...extras(sandbox), modelPropOf: () => undefined });
    expect(content.props).toEqual([]);
  });
});
