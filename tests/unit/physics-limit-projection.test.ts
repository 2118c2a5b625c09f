/**
 * The angle-limit projection (`limit-projection.ts`) on the real Rapier WASM: it puts a limb
 * carried past a limit back where Rapier's own limit would hold it, turns the limb beyond
 * with it, and leaves held and sleeping figures and small overshoots alone. The sandbox runs
 * it on figures whose limits are all hinges (the box dummy), not on a model's humanoid rig.
 */
import { describe, expect, it } from 'vitest';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import type { HeldBodies, StepRotations } from '../../renderer/src/physics/joint-projection';
import { JointProjection } from '../../renderer/src/physics/joint-projection';
import {
  AGITATED_S,
  CALM_CHECK_STEPS,
  LIMIT_TOLERANCE,
  LimitProjection,
  limitsAreHinges,
} from '../../renderer/src/physics/limit-projection';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { RagdollJoint, RagdollPart } from '../../renderer/src/physics/ragdoll';
import { Ragdoll } from '../../renderer/src/physics/ragdoll';
import type { QuatLike } from '../../renderer/src/physics/vector-math';
import {
  conjugateQuat,
  multiplyQuat,
  quat,
  rotateVec,
  vec3,
} from '../../renderer/src/physics/vector-math';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import { humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import { loadRapier, useWorlds } from '../support/rapier';
import { useSandboxes } from '../support/sandboxes';

const sandbox = useSandboxes();

/** A root block, an upper arm on a ball joint with limits, a forearm on a hinge about X. */
const ARM: DollSpec = {
  name: 'arm',
  rootPart: 'base',
  parts: [
    { name: 'base', shape: { kind: 'box', halfExtents: [0.1, 0.1, 0.1] }, center: [0, 0, 0] },
    {
      name: 'upper',
      shape: { kind: 'box', halfExtents: [0.04, 0.15, 0.04] },
      center: [0, -0.25, 0],
    },
    {
      name: 'lower',
      shape: { kind: 'box', halfExtents: [0.03, 0.12, 0.03] },
      center: [0, -0.52, 0],
    },
  ],
  joints: [
    {
      name: 'shoulder',
      kind: 'spherical',
      parent: 'base',
      child: 'upper',
      anchor: [0, -0.1, 0],
      limits: { x: [-0.5, 0.7], y: [-0.9, 0.9], z: [-0.3, 0.4] },
    },
    {
      name: 'elbow',
      kind: 'revolute',
      parent: 'upper',
      child: 'lower',
      anchor: [0, -0.4, 0],
      axis: [1, 0, 0],
      limits: [-2.4, 0],
    },
  ],
};

const NOBODY_HELD: HeldBodies = { grabbed: null, isPinned: () => false, pinCount: 0 };

const worlds = useWorlds();

/** The arm in a world without gravity, its base fixed. */
async function arm(): Promise<Ragdoll> {
  const rapier = await loadRapier();
  const world = new rapier.World(vec3());
  world.timestep = 1 / 120;
  worlds.push(world);
  const doll = new Ragdoll(rapier, world, ARM, { position: vec3(0, 1, 0), rotation: quat() });
  doll.root.body.setBodyType(rapier.RigidBodyType.Fixed, true);
  return doll;
}

/**
 * An arm whose projection has watched it lie still for longer than a new figure is watched
 * closely, so it is calm; `seen` gets each step's projected count. Both callers leave it at the
 * same point of its check cycle: the next step is not checked.
 */
async function calmArm(seen: (projected: number) => void = () => {}) {
  const doll = await arm();
  const world = worlds.at(-1)!;
  const projection = new LimitProjection(doll, 1 / 120);
  for (let i = 0; i < 2 * Math.round(AGITATED_S * 120); i++) {
    world.step();
    seen(projection.update(NOBODY_HELD));
  }
  return { doll, projection };
}

/** The child's rotation relative to the parent, the short way round. */
function relative(joint: RagdollJoint): QuatLike {
  const r = multiplyQuat(
    conjugateQuat(joint.parent.body.rotation(), quat()),
    joint.child.body.rotation(),
    quat(),
  );
  return r.w < 0 ? quat(-r.x, -r.y, -r.z, -r.w) : r;
}

/** How far apart a joint's two anchors are (metres). */
function gap(joint: RagdollJoint): number {
  const end = (part: RagdollPart, local: { x: number; y: number; z: number }) => {
    const p = rotateVec(part.body.rotation(), vec3(local.x, local.y, local.z), vec3());
    const t = part.body.translation();
    return [p.x + t.x, p.y + t.y, p.z + t.z];
  };
  const a = end(joint.parent, joint.localAnchorParent);
  const b = end(joint.child, joint.localAnchorChild);
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
}

/** Turns `parts` rigidly by `turn` about the world point `pivot`. */
function turnLimb(parts: readonly RagdollPart[], pivot: [number, number, number], turn: QuatLike) {
  for (const part of parts) {
    const t = part.body.translation();
    const offset = rotateVec(turn, vec3(t.x - pivot[0], t.y - pivot[1], t.z - pivot[2]), vec3());
    part.body.setTranslation(
      vec3(pivot[0] + offset.x, pivot[1] + offset.y, pivot[2] + offset.z),
      true,
    );
    part.body.setRotation(multiplyQuat(turn, part.body.rotation(), quat()), true);
  }
}

/** A rotation by `angle` radians about a unit axis. */
function about(x: number, y: number, z: number, angle: number): QuatLike {
  const s = Math.sin(angle / 2);
  return quat(x * s, y * s, z * s, Math.cos(angle / 2));
}

/**
 * How far (radians) any limited angle of `joints` is past its limit, measured as Rapier bounds
 * them: 2·asin of the relative rotation's component along each of the joint's axes.
 */
function worstExcess(joints: readonly RagdollJoint[]): number {
  let worst = 0;
  for (const joint of joints) {
    const r = relative(joint);
    const spec = joint.spec;
    const axes: [[number, number, number], readonly [number, number] | undefined][] =
      spec.kind === 'revolute'
        ? [[[...spec.axis], spec.limits]]
        : [
            [[1, 0, 0], spec.limits?.x],
            [[0, 1, 0], spec.limits?.y],
            [[0, 0, 1], spec.limits?.z],
          ];
    for (const [[x, y, z], range] of axes) {
      if (!range) continue;
      const angle = 2 * Math.asin(Math.max(-1, Math.min(1, r.x * x + r.y * y + r.z * z)));
      worst = Math.max(worst, range[0] - angle, angle - range[1]);
    }
  }
  return worst;
}

describe('the angle-limit projection', () => {
  it('measures limits as Rapier does: a ball joint pushed against each limit rests there untouched', async () => {
    for (const [axis, sign, limit] of [
      ['x', 1, 0.7],
      ['x', -1, -0.5],
      ['y', 1, 0.9],
      ['z', -1, -0.3],
    ] as const) {
      const doll = await arm();
      const projection = new LimitProjection(doll, 1 / 120);
      const upper = doll.parts[1]!.body;
      const world = worlds.at(-1)!;
      let projected = 0;
      for (let i = 0; i < 600; i++) {
        upper.resetTorques(true);
        upper.addTorque(
          vec3(axis === 'x' ? sign : 0, axis === 'y' ? sign : 0, axis === 'z' ? sign : 0),
          true,
        );
        world.step();
        // Once it rests against the limit (the first arrival may overshoot).
        if (i >= 480) projected += projection.update(NOBODY_HELD);
      }
      const r = relative(doll.joints[0]!);
      // Rapier holds the limit on the sine of the half angle about the axis.
      expect(r[axis]).toBeCloseTo(Math.sin(limit / 2), 3);
      expect(projected).toBe(0);
    }
  });

  it('turns a ball joint past two limits back onto both, about its anchor, the forearm with it', async () => {
    const doll = await arm();
    const [shoulder, elbow] = doll.joints as [RagdollJoint, RagdollJoint];
    // Bend the elbow within its range, then swing the whole arm 1.2 rad about X and 0.8 about Z.
    turnLimb([doll.parts[2]!], [0, 0.6, 0], about(1, 0, 0, -1));
    const before = relative(elbow);
    turnLimb(
      doll.parts.slice(1),
      [0, 0.9, 0],
      multiplyQuat(about(1, 0, 0, 1.2), about(0, 0, 1, 0.8), quat()),
    );
    expect(worstExcess([shoulder])).toBeGreaterThan(0.3);

    expect(new LimitProjection(doll, 1 / 120).update(NOBODY_HELD)).toBe(1);

    const r = relative(shoulder);
    expect(r.x).toBeCloseTo(Math.sin(0.7 / 2), 5);
    expect(r.z).toBeCloseTo(Math.sin(0.4 / 2), 5);
    expect(worstExcess(doll.joints)).toBeLessThan(1e-5);
    // Turned about the shoulder's anchor, and the forearm as one piece with the upper arm.
    expect(gap(shoulder)).toBeLessThan(1e-5);
    expect(gap(elbow)).toBeLessThan(1e-5);
    const after = relative(elbow);
    expect(Math.abs(after.x - before.x) + Math.abs(after.w - before.w)).toBeLessThan(1e-5);
  });

  it('turns a hinge past its limit back onto it; a hinge within the tolerance is left alone', async () => {
    for (const [past, moved] of [
      [0.3, 1],
      [LIMIT_TOLERANCE * 0.75, 0],
    ] as const) {
      const doll = await arm();
      const elbow = doll.joints[1]!;
      const lower = doll.parts[2]!.body;
      turnLimb([doll.parts[2]!], [0, 0.6, 0], about(1, 0, 0, past));
      const at = lower.translation();
      expect(new LimitProjection(doll, 1 / 120).update(NOBODY_HELD)).toBe(moved);
      expect(worstExcess([elbow])).toBeCloseTo(moved ? 0 : past, 5);
      if (!moved) expect(lower.translation()).toEqual(at);
      expect(gap(elbow)).toBeLessThan(1e-5);
    }
  });

  it('checks a calm figure every few steps, and every step once a joint has turned fast', async () => {
    const { doll, projection } = await calmArm((projected) => expect(projected).toBe(0));
    // Put 0.8 rad past its limit while calm: found on the next check, within CALM_CHECK_STEPS.
    turnLimb([doll.parts[2]!], [0, 0.6, 0], about(1, 0, 0, 0.8));
    const found: number[] = [];
    for (let i = 0; i < CALM_CHECK_STEPS; i++) found.push(projection.update(NOBODY_HELD));
    expect(found.filter((n) => n === 1)).toHaveLength(1);
    // Not on the very next step: a calm figure is not read every step.
    expect(found[0]).toBe(0);
    expect(worstExcess(doll.joints)).toBeLessThan(1e-5);
    // That was a fast turn (faster than AGITATED_SPEED over those steps), so now every step
    // is checked.
    turnLimb([doll.parts[2]!], [0, 0.6, 0], about(1, 0, 0, 0.3));
    expect(projection.update(NOBODY_HELD)).toBe(1);
  });

  it('checks a calm figure on the very next step once agitated (a blast is about to spin it)', async () => {
    // Calm, where the next step is not checked (the test above finds it so).
    const { doll, projection } = await calmArm();
    projection.agitate();
    turnLimb([doll.parts[2]!], [0, 0.6, 0], about(1, 0, 0, 0.8));
    expect(projection.update(NOBODY_HELD)).toBe(1);
    expect(worstExcess(doll.joints)).toBeLessThan(1e-5);
  });

  it('leaves a figure alone while one of its parts is held, or while it sleeps', async () => {
    const doll = await arm();
    turnLimb([doll.parts[2]!], [0, 0.6, 0], about(1, 0, 0, 0.3));
    const projection = new LimitProjection(doll, 1 / 120);
    const lower = doll.parts[2]!.body;
    expect(projection.update({ grabbed: lower, isPinned: () => false, pinCount: 0 })).toBe(0);
    const pinned = doll.parts[1]!.body.handle;
    expect(projection.update({ grabbed: null, isPinned: (h) => h === pinned, pinCount: 1 })).toBe(
      0,
    );
    const rapier = await loadRapier();
    const sleeping = await arm();
    sleeping.root.body.setBodyType(rapier.RigidBodyType.Dynamic, true);
    turnLimb([sleeping.parts[2]!], [0, 0.6, 0], about(1, 0, 0, 0.3));
    sleeping.root.body.sleep();
    expect(new LimitProjection(sleeping, 1 / 120).update(NOBODY_HELD)).toBe(0);
    expect(worstExcess(sleeping.joints)).toBeGreaterThan(0.29);
  });

  it("leaves a model's humanoid rig (limited ball joints) to Rapier, and watches the box dummy", async () => {
    const rig = mmdRig(humanoidMmdModel());
    const worst = async (limitProjection: boolean) => {
      const s = await sandbox({ stiffness: 0, seed: 1, limitProjection });
      // The rig a VRM or MMD model becomes, without an MMD model's own bodies.
      const figure = s.addFigure(rig.rig.spec);
      expect(limitsAreHinges(figure.ragdoll)).toBe(false);
      s.reset();
      const limited = figure.ragdoll.joints.filter(
        (j) => j.spec.kind === 'revolute' || j.spec.limits !== undefined,
      );
      let seen = 0;
      for (let round = 0; round < 6; round++) {
        const sign = round % 2 === 0 ? 1 : -1;
        for (const joint of limited) {
          // An angular kick of 60 rad/s about a slanted axis, whatever the part weighs.
          const inertia = joint.child.body.principalInertia();
          const k = 60 * sign * Math.max(inertia.x, inertia.y, inertia.z);
          joint.child.body.applyTorqueImpulse(vec3(k, 0.6 * k, -0.4 * k), true);
        }
        s.run(0.15, () => (seen = Math.max(seen, worstExcess(limited))));
      }
      return seen;
    };
    // Not watched: the very same run with the projection on and off.
    expect(await worst(true)).toBe(await worst(false));
    const s = await sandbox();
    expect(limitsAreHinges(s.addFigure(BOX_DOLL).ragdoll)).toBe(true);
  });

  it('uses the rotations the joint projection read in the same step, and reads its own when it read none', async () => {
    const doll = await arm();
    const elbow = doll.joints[1]!;
    turnLimb([doll.parts[2]!], [0, 0.6, 0], about(1, 0, 0, 0.3));
    // Rotations said to be this step's: every part unturned, so the elbow within its limits.
    const unturned = new Float64Array(doll.parts.length * 4);
    for (let i = 3; i < unturned.length; i += 4) unturned[i] = 1;
    let given: Float64Array | null = unturned;
    const source: StepRotations = { rotationsThisStep: () => given };
    const projection = new LimitProjection(doll, 1 / 120, source);
    expect(projection.update(NOBODY_HELD)).toBe(0);
    expect(worstExcess([elbow])).toBeCloseTo(0.3, 5);
    // None read this step: it reads the bodies itself and finds the elbow past its limit.
    given = null;
    expect(projection.update(NOBODY_HELD)).toBe(1);
    expect(worstExcess([elbow])).toBeLessThan(1e-5);

    // The real joint projection offers its rotations only after a check that read them.
    const joints = new JointProjection(doll, 1 / 120);
    expect(joints.rotationsThisStep()).toBeNull();
    joints.restart();
    turnLimb([doll.parts[2]!], [0, 0.6, 0], about(1, 0, 0, 0.3));
    joints.update(NOBODY_HELD);
    const read = joints.rotationsThisStep();
    expect(read).not.toBeNull();
    doll.parts.forEach((part, i) => {
      const q = part.body.rotation();
      expect([...read!.subarray(i * 4, i * 4 + 4)]).toEqual([q.x, q.y, q.z, q.w]);
    });
    expect(new LimitProjection(doll, 1 / 120, joints).update(NOBODY_HELD)).toBe(1);
    expect(worstExcess([elbow])).toBeLessThan(1e-5);
    joints.update({ grabbed: doll.parts[2]!.body, isPinned: () => false, pinCount: 0 });
    expect(joints.rotationsThisStep()).toBeNull();
  });
});
