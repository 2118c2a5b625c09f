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
    sandbox.pin(handle);
    const snapshot = takeSceneSnapshot(sandbox);
    sandbox.setStiffness(90);
    sandbox.setTimeScale(0.3);
    sandbox.setGravityScale(0);
    sandbox.setMuscle(20);
    sandbox.setGetUpEnabled(false);
    sandbox.unpin(handle);
    sandbox.pin(sandbox.props[0]!.body.handle);
    sandbox.grab(sandbox.figures[1]!.ragdoll.parts[0]!.body.handle, { x: 0, y: 1, z: 0 });

    restoreSceneSnapshot(sandbox, snapshot, new SnapshotIds());
    expect([sandbox.stiffness, sandbox.timeScale, sandbox.gravityScale]).toEqual([50, 1, 1]);
    expect([sandbox.muscle, sandbox.getUpEnabled]).toEqual([100, true]);
    expect([...sandbox.pinnedHandles]).toEqual([handle]);
    expect(sandbox.grabbedHandle).toBeNull();
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

  it('weighs 13 float64 numbers per body', async () => {
    const sandbox = await busyScene();
    const bodies = sceneBodies(sandbox).length;
    expect(sceneSnapshotBytes(takeSceneSnapshot(sandbox))).toBe(bodies * 13 * 8);
  });
});
