import { describe, expect, it } from 'vitest';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { RigidBody } from '../../renderer/src/physics/rapier-api';
import type { Sandbox } from '../../renderer/src/physics/sandbox';
import { SandboxError } from '../../renderer/src/physics/sandbox';
import {
  SnapshotIds,
  figureBodies,
  restoreSceneSnapshot,
  sceneSnapshotBytes,
  takeSceneSnapshot,
} from '../../renderer/src/physics/scene-snapshot';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import type { ModelProp, ModelPropSpec } from '../../renderer/src/physics/model-prop';
import { mmdPropRig } from '../../renderer/src/rig/mmd/mmd-prop-rig';
import { ribbonPropModel } from '../../tools/fixtures/mmd/prop-fixture-models';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';
import { hairChainSpec } from '../support/mmd-physics-specs';
import { useSandboxes } from '../support/sandboxes';

const makeSandbox = useSandboxes();

/** Every moving body of the scene in order: each figure's parts and MMD bodies, then the props. */
function sceneBodies(sandbox: Sandbox): RigidBody[] {
  return [...sandbox.figures.flatMap(figureBodies), ...sandbox.props.map((prop) => prop.body)];
}

interface BodyReading {
  readonly position: readonly number[];
  readonly linvel: readonly number[];
  readonly angvel: readonly number[];
}

function read(bodies: readonly RigidBody[]): BodyReading[] {
  return bodies.map((body) => {
    const p = body.translation();
    const v = body.linvel();
    const w = body.angvel();
    return { position: [p.x, p.y, p.z], linvel: [v.x, v.y, v.z], angvel: [w.x, w.y, w.z] };
  });
}

function largestGap(a: readonly BodyReading[], b: readonly BodyReading[], key: keyof BodyReading) {
  expect(b.length).toBe(a.length);
  let largest = 0;
  a.forEach((reading, i) => {
    const [x, y, z] = reading[key];
    const [u, v, w] = b[i]![key];
    largest = Math.max(largest, Math.hypot(x! - u!, y! - v!, z! - w!));
  });
  return largest;
}

/** A ribbon prop's spec, from a PMX file written and read back as the app reads one. */
function ribbonSpec(): ModelPropSpec {
  const rig = mmdPropRig(parseMmdModel(writePmx(ribbonPropModel(6))));
  return { carrier: rig.rig.spec, mmd: rig.physics, carrierCollides: rig.carrierCollides };
}

/** A model prop's carrier, then its moving bodies. */
function modelPropBodies(prop: ModelProp): RigidBody[] {
  return [prop.body, ...prop.mmd.rigidBodies()];
}

/** Three box dummies, one with an MMD hair chain, two props, all mid-fall. */
async function busyScene(): Promise<Sandbox> {
  const sandbox = await makeSandbox({ seed: 7 });
  sandbox.addFigure();
  sandbox.addFigure(BOX_DOLL, { mmd: hairChainSpec() });
  sandbox.addFigure();
  sandbox.addProp('ball');
  sandbox.addProp('box');
  sandbox.run(1.1);
  return sandbox;
}

describe('scene snapshots for undo (real Rapier)', () => {
  it('BLAST then undo puts every body back within 1 mm with its velocities', async () => {
    const sandbox = await busyScene();
    const before = read(sceneBodies(sandbox));
    const snapshot = takeSceneSnapshot(sandbox);
    sandbox.blast(14);
    sandbox.run(0.5);
    const blasted = read(sceneBodies(sandbox));
    // The blast really moved things, or the test would prove nothing.
    expect(largestGap(before, blasted, 'position')).toBeGreaterThan(0.5);

    restoreSceneSnapshot(sandbox, snapshot, new SnapshotIds());
    const after = read(sceneBodies(sandbox));
    expect(largestGap(before, after, 'position')).toBeLessThan(0.001);
    // Bit for bit, in fact: Rapier's f32 values round-trip through f64 exactly.
    expect(largestGap(before, after, 'position')).toBe(0);
    expect(largestGap(before, after, 'linvel')).toBe(0);
    expect(largestGap(before, after, 'angvel')).toBe(0);
    // Still falling: the velocities were really non-zero.
    expect(Math.max(...before.map((r) => Math.abs(r.linvel[1]!)))).toBeGreaterThan(0.5);
    sandbox.run(0.5, () => expect(sandbox.measure().nanCount).toBe(0));
  });

  it('brings back settings and pins, and lets go of a grab', async () => {
    const sandbox = await busyScene();
    const handle = sandbox.figures[0]!.ragdoll.parts[3]!.body.handle;
    sandbox.pins.add(handle);
    const snapshot = takeSceneSnapshot(sandbox);
    sandbox.setStiffness(90);
    sandbox.setTimeScale(0.3);
    sandbox.setGravityScale(0);
    sandbox.motion.setMuscle(20);
    sandbox.motion.setGetUpEnabled(false);
    sandbox.pins.remove(handle);
    sandbox.pins.add(sandbox.props[0]!.body.handle);
    sandbox.grab.start(sandbox.figures[1]!.ragdoll.parts[0]!.body.handle, { x: 0, y: 1, z: 0 });

    restoreSceneSnapshot(sandbox, snapshot, new SnapshotIds());
    expect([sandbox.stiffness, sandbox.timeScale, sandbox.gravityScale]).toEqual([50, 1, 1]);
    expect([sandbox.motion.muscle, sandbox.motion.getUpEnabled]).toEqual([100, true]);
    expect([...sandbox.pins.handles]).toEqual([handle]);
    expect(sandbox.grab.handle).toBeNull();
  });

  it('makes removed figures and props again, in their places and order, exactly', async () => {
    const sandbox = await busyScene();
    const before = read(sceneBodies(sandbox));
    const snapshot = takeSceneSnapshot(sandbox);
    const ids = new SnapshotIds();
    const [first, hair, third] = sandbox.figures;
    sandbox.removeFigure(hair!);
    sandbox.clearProps();
    sandbox.addProp('box');
    sandbox.run(0.3);

    restoreSceneSnapshot(sandbox, snapshot, ids);
    expect(sandbox.figures.length).toBe(3);
    expect(sandbox.figures[0]).toBe(first);
    expect(sandbox.figures[2]).toBe(third);
    const remade = sandbox.figures[1]!;
    expect(remade.id).not.toBe(hair!.id);
    expect(remade.mmd?.count).toBe(hair!.mmd?.count);
    expect(ids.current(hair!.id)).toBe(remade.id);
    expect(sandbox.props.map((prop) => prop.kind)).toEqual(['ball', 'box']);
    const after = read(sceneBodies(sandbox));
    expect(largestGap(before, after, 'position')).toBe(0);
    expect(largestGap(before, after, 'linvel')).toBe(0);

    // Redo-like: the later scene (one figure fewer) and back again, by the renamed ids.
    const fewer = takeSceneSnapshot(sandbox);
    sandbox.removeFigure(sandbox.figures[0]!);
    restoreSceneSnapshot(sandbox, snapshot, ids);
    expect(sandbox.figures[1]).toBe(remade);
    expect(sandbox.figures.length).toBe(3);
    restoreSceneSnapshot(sandbox, fewer, ids);
    expect(sandbox.figures.length).toBe(3);
  });

  it('removes model props added since, and makes deleted ones again exactly, pinned', async () => {
    const sandbox = await busyScene();
    const spec = ribbonSpec();
    const empty = takeSceneSnapshot(sandbox);
    const ids = new SnapshotIds();
    const first = sandbox.addModelProp(spec);
    const second = sandbox.addModelProp(spec);
    sandbox.run(0.6);
    sandbox.pins.add(second.body.handle);
    sandbox.run(0.2);
    const before = read([...modelPropBodies(first), ...modelPropBodies(second)]);
    const both = takeSceneSnapshot(sandbox);

    // Undo of the adding: both go, their bodies with them.
    restoreSceneSnapshot(sandbox, empty, ids);
    expect(sandbox.modelProps).toHaveLength(0);
    expect(sandbox.pins.handles).toHaveLength(0);
    expect(sandbox.props.map((prop) => prop.kind)).toEqual(['ball', 'box']);

    // Redo: made again, every body where it was with its velocities, the pin on the second.
    restoreSceneSnapshot(sandbox, both, ids);
    expect(sandbox.modelProps).toHaveLength(2);
    const [again, pinned] = sandbox.modelProps;
    expect(again!.id).not.toBe(first.id);
    expect(ids.current(first.id)).toBe(again!.id);
    const after = read([...modelPropBodies(again!), ...modelPropBodies(pinned!)]);
    expect(largestGap(before, after, 'position')).toBe(0);
    // The pinned carrier (index 7) is kinematic: pinning again puts it at rest exactly, where
    // Rapier had left a few µm/s; every moving body keeps its velocity bit for bit.
    const moving = (readings: BodyReading[]) => readings.filter((_, index) => index !== 7);
    expect(largestGap(moving(before), moving(after), 'linvel')).toBe(0);
    expect(largestGap(moving(before), moving(after), 'angvel')).toBe(0);
    expect(Math.hypot(...after[7]!.linvel)).toBe(0);
    expect([...sandbox.pins.handles]).toEqual([pinned!.body.handle]);

    // A delete undone: the kept prop keeps its bodies, the deleted one comes back.
    sandbox.removeModelProp(again!);
    sandbox.run(0.2);
    restoreSceneSnapshot(sandbox, both, ids);
    expect(sandbox.modelProps).toHaveLength(2);
    expect(sandbox.modelProps).toContain(pinned);
    sandbox.run(0.5, () => expect(sandbox.measure().nanCount).toBe(0));
  });

  it('puts twelve props back without one pushing another out', async () => {
    const sandbox = await makeSandbox({ seed: 3 });
    const spec = ribbonSpec();
    sandbox.addModelProp(spec);
    for (let i = 0; i < 11; i++) sandbox.addProp('ball');
    const full = takeSceneSnapshot(sandbox);
    const ids = new SnapshotIds();
    sandbox.clearProps();
    for (let i = 0; i < 12; i++) sandbox.addProp('box');
    restoreSceneSnapshot(sandbox, full, ids);
    expect(sandbox.modelProps).toHaveLength(1);
    expect(sandbox.props.map((prop) => prop.kind)).toEqual(Array<string>(11).fill('ball'));
  });

  it('refuses a snapshot whose kept figure has other bodies, changing nothing', async () => {
    const sandbox = await busyScene();
    const snapshot = takeSceneSnapshot(sandbox);
    const broken = {
      ...snapshot,
      figures: snapshot.figures.map((figure, i) =>
        i === 0 ? { ...figure, states: figure.states.subarray(13) } : figure,
      ),
    };
    sandbox.setStiffness(80);
    expect(() => restoreSceneSnapshot(sandbox, broken, new SnapshotIds())).toThrow(SandboxError);
    expect(sandbox.figures.length).toBe(3);
    expect(sandbox.stiffness).toBe(80);
  });

  it('weighs 13 float64 numbers and a sleep flag per body', async () => {
    const sandbox = await busyScene();
    const bodies = sceneBodies(sandbox).length;
    expect(sceneSnapshotBytes(takeSceneSnapshot(sandbox))).toBe(bodies * (13 * 8 + 1));
  });

  it('puts a scene that slept back asleep, and it stays so, hair included', async () => {
    const sandbox = await makeSandbox({ seed: 5 });
    sandbox.addFigure(BOX_DOLL, { mmd: hairChainSpec() });
    sandbox.addFigure();
    sandbox.addProp('ball');
    sandbox.drop();
    const bodies = () => sceneBodies(sandbox);
    const allAsleep = () => bodies().every((body) => body.isSleeping());
    for (let t = 0; t < 40 && !allAsleep(); t += 0.5) sandbox.run(0.5);
    expect(allAsleep()).toBe(true);
    const still = read(bodies());
    const snapshot = takeSceneSnapshot(sandbox);
    sandbox.blast(10);
    sandbox.run(0.3);
    expect(largestGap(still, read(bodies()), 'position')).toBeGreaterThan(0.3);
    expect(allAsleep()).toBe(false);

    restoreSceneSnapshot(sandbox, snapshot, new SnapshotIds());
    expect(allAsleep()).toBe(true);
    expect(largestGap(still, read(bodies()), 'position')).toBe(0);
    // The first step wakes what was moved back (Rapier does); it is put to sleep again right
    // after and leaves Rapier's active set in the step after that: two steps' fall at most
    // (under 1 mm) from where it lay, and then it stays put.
    sandbox.run(2 / 120);
    const settled = read(bodies());
    expect(largestGap(still, settled, 'position')).toBeLessThan(0.001);
    sandbox.run(2);
    expect(allAsleep()).toBe(true);
    expect(largestGap(settled, read(bodies()), 'position')).toBe(0);
  });
});
