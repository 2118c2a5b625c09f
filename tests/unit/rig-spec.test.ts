/**
 * specFromHumanoidBones on small rigs built here: the original design's method, and each way past it
 * (15-bone skeletons, A-pose hinges, bending neck/wrists/ankles, chibi proportions, bad input).
 */
import { describe, expect, it } from 'vitest';
import type { JointSpec, PartSpec, RevoluteJointSpec } from '../../renderer/src/physics/doll-spec';
import { validateDollSpec } from '../../renderer/src/physics/doll-spec';
import type { Vec3 } from '../../renderer/src/physics/vector-math';
import { REPORTED_OPTIONAL_BONES, REQUIRED_BONES } from '../../renderer/src/rig/humanoid-bones';
import { RigError } from '../../renderer/src/rig/rig-error';
import { PART_CLEARANCE } from '../../renderer/src/rig/rig-proportions';
import type { HumanoidRig } from '../../renderer/src/rig/spec-from-humanoid-bones';
import { specFromHumanoidBones } from '../../renderer/src/rig/spec-from-humanoid-bones';
import type { Bones } from '../support/humanoid-rigs';
import { aPose, chibi, humanTPose, only15 } from '../support/humanoid-rigs';
import { angleDegrees, capsuleAxis, rotateTuple, sampledGap } from '../support/part-geometry';

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const part = (rig: HumanoidRig, name: string): PartSpec => {
  const found = rig.spec.parts.find((p) => p.name === name);
  if (!found) throw new Error(`no part ${name}`);
  return found;
};
const joint = (rig: HumanoidRig, name: string): JointSpec => {
  const found = rig.spec.joints.find((j) => j.name === name);
  if (!found) throw new Error(`no joint ${name}`);
  return found;
};
const hinge = (rig: HumanoidRig, name: string) => joint(rig, name) as RevoluteJointSpec;
/** A bone's doll-space position: world minus the origin between the upper legs. */
const local = (rig: HumanoidRig, bones: Bones, name: string): Vec3 => sub(bones[name]!, rig.origin);

/** Where the lower bone of a hinge points after bending it to the middle of its range. */
function bentDirection(
  rig: HumanoidRig,
  bones: Bones,
  hingeName: string,
  from: string,
  to: string,
): Vec3 {
  const h = hinge(rig, hingeName);
  const angle = (h.limits[0] + h.limits[1]) / 2;
  const s = Math.sin(angle / 2);
  const q = [h.axis[0] * s, h.axis[1] * s, h.axis[2] * s, Math.cos(angle / 2)];
  return rotateTuple(q, sub(bones[to]!, bones[from]!));
}

/** Every pair of parts not joined to each other, with their clearance. */
function unjoinedGaps(rig: HumanoidRig): { pair: string; gap: number }[] {
  const joined = new Set(
    rig.spec.joints.flatMap((j) => [`${j.parent}|${j.child}`, `${j.child}|${j.parent}`]),
  );
  const out: { pair: string; gap: number }[] = [];
  const parts = rig.spec.parts;
  for (let i = 0; i < parts.length; i++)
    for (let j = i + 1; j < parts.length; j++) {
      const a = parts[i]!;
      const b = parts[j]!;
      if (!joined.has(`${a.name}|${b.name}`))
        out.push({ pair: `${a.name}/${b.name}`, gap: sampledGap(a, b) });
    }
  return out;
}

describe('specFromHumanoidBones: the original method', () => {
  const bones = humanTPose();
  const rig = specFromHumanoidBones(bones, { name: 'T' });

  it('builds 15 parts and 14 joints that validate, rooted at the pelvis', () => {
    expect(() => validateDollSpec(rig.spec)).not.toThrow();
    expect(rig.spec.rootPart).toBe('pelvis');
    expect(rig.spec.parts.map((p) => p.name).sort()).toEqual(
      ['pelvis', 'torso', 'head', 'armL_up', 'armL_lo', 'handL', 'armR_up', 'armR_lo', 'handR']
        .concat(['legL_up', 'legL_lo', 'footL', 'legR_up', 'legR_lo', 'footR'])
        .sort(),
    );
    expect(rig.spec.joints).toHaveLength(14);
  });

  it('puts the origin between the upper legs and takes k from the head height / 1.45', () => {
    expect(rig.origin).toEqual([0, 0.9, 0]);
    expect(rig.scale).toBeCloseTo(1.5 / 1.45, 10);
  });

  it('anchors every joint exactly at its bone', () => {
    const expected: Record<string, string> = {
      waist: 'spine',
      neck: 'neck',
      shoulderL: 'leftUpperArm',
      elbowL: 'leftLowerArm',
      wristL: 'leftHand',
      hipL: 'leftUpperLeg',
      kneeL: 'leftLowerLeg',
      ankleL: 'leftFoot',
      shoulderR: 'rightUpperArm',
      elbowR: 'rightLowerArm',
      wristR: 'rightHand',
      hipR: 'rightUpperLeg',
      kneeR: 'rightLowerLeg',
      ankleR: 'rightFoot',
    };
    for (const [name, bone] of Object.entries(expected)) {
      expect(joint(rig, name).anchor, name).toEqual(local(rig, bones, bone));
    }
  });

  it('hinges T-pose elbows about Y with the range set by side, knees about X', () => {
    expect(hinge(rig, 'elbowL').axis).toEqual([0, 1, 0]);
    expect(hinge(rig, 'elbowL').limits).toEqual([-2.4, 0]);
    expect(hinge(rig, 'elbowR').axis).toEqual([0, 1, 0]);
    expect(hinge(rig, 'elbowR').limits).toEqual([0, 2.4]);
    for (const knee of ['kneeL', 'kneeR']) {
      expect(hinge(rig, knee).axis[0]).toBeCloseTo(1, 3);
      expect(hinge(rig, knee).limits).toEqual([0, 2.5]);
    }
  });

  it('bends elbows forward and knees backward within their ranges, on both sides', () => {
    for (const side of ['left', 'right'] as const) {
      const s = side === 'left' ? 'L' : 'R';
      expect(
        bentDirection(rig, bones, `elbow${s}`, `${side}LowerArm`, `${side}Hand`)[2],
      ).toBeGreaterThan(0.1);
      expect(
        bentDirection(rig, bones, `knee${s}`, `${side}LowerLeg`, `${side}Foot`)[2],
      ).toBeLessThan(-0.1);
    }
  });

  it('rests every part unrotated: only capsule colliders are turned, along their bones', () => {
    for (const p of rig.spec.parts) {
      if (p.shape.kind !== 'capsule') expect(p.colliderRotation, p.name).toBeUndefined();
    }
    const along = angleDegrees(
      capsuleAxis(part(rig, 'armL_up')),
      sub(bones.leftLowerArm!, bones.leftUpperArm!),
    );
    expect(along).toBeLessThan(1);
  });

  it('stands the feet on the floor (where the shin tips were put)', () => {
    for (const name of ['footL', 'footR']) {
      const foot = part(rig, name);
      if (foot.shape.kind !== 'box') throw new Error('foot is a box');
      expect(foot.center[1] - foot.shape.halfExtents[1], name).toBeCloseTo(-rig.origin[1], 10);
    }
  });

  it('gives the renderer the hips offset from the pelvis centre', () => {
    const pelvis = part(rig, 'pelvis');
    const hips = pelvis.center.map((c, i) => c + rig.hipsOffset[i]!);
    expect(hips).toEqual(local(rig, bones, 'hips').map((v) => expect.closeTo(v, 12)));
  });

  it('owns every bone it has by an existing part: the original table, with neck → head, hands and feet', () => {
    const names = new Set(rig.spec.parts.map((p) => p.name));
    for (const bone of Object.keys(bones)) {
      expect(rig.boneOwners.has(bone), bone).toBe(true);
      expect(names.has(rig.boneOwners.get(bone)!), bone).toBe(true);
    }
    expect(rig.boneOwners.get('hips')).toBe('pelvis');
    expect(rig.boneOwners.get('upperChest')).toBe('torso');
    expect(rig.boneOwners.get('leftShoulder')).toBe('torso');
    expect(rig.boneOwners.get('neck')).toBe('head');
    expect(rig.boneOwners.get('leftLowerArm')).toBe('armL_lo');
    expect(rig.boneOwners.get('leftHand')).toBe('handL');
    expect(rig.boneOwners.get('rightMiddleProximal')).toBe('handR');
    expect(rig.boneOwners.get('leftToes')).toBe('footL');
    expect(rig.missingOptional).toEqual(['leftEye', 'rightEye', 'jaw']);
  });
});

describe('specFromHumanoidBones: past the original method', () => {
  it('builds from the 15 required bones alone, deriving the neck and pivoting the head at the head bone', () => {
    const bones = only15(humanTPose());
    const rig = specFromHumanoidBones(bones);
    expect(() => validateDollSpec(rig.spec)).not.toThrow();
    expect(rig.spec.parts).toHaveLength(15);
    expect(rig.missingOptional).toEqual([...REPORTED_OPTIONAL_BONES]);
    // No neck bone: the head turns about the head bone, the one the skeleton really has.
    expect(joint(rig, 'neck').anchor).toEqual(local(rig, bones, 'head'));
    // The torso reaches 78% of the way from spine to head (where a neck would be).
    const torso = part(rig, 'torso');
    if (torso.shape.kind !== 'box') throw new Error('torso is a box');
    const top = torso.center[1] + torso.shape.halfExtents[1];
    const spineY = local(rig, bones, 'spine')[1];
    const headY = local(rig, bones, 'head')[1];
    expect(top).toBeCloseTo(spineY + 0.78 * (headY - spineY), 10);
    expect([...rig.boneOwners.keys()].sort()).toEqual([...REQUIRED_BONES].sort());
  });

  it('refuses a skeleton missing required bones, naming every one and what a ragdoll needs', () => {
    const bones: Bones = humanTPose();
    delete bones.leftLowerLeg;
    delete bones.rightHand;
    delete bones.spine;
    expect(() => specFromHumanoidBones(bones)).toThrow(RigError);
    expect(() => specFromHumanoidBones(bones)).toThrow(
      'the model has no spine, rightHand, leftLowerLeg bones; a ragdoll needs hips, spine, head, ' +
        'both arms (upper arm, lower arm, hand) and both legs (upper leg, lower leg, foot)',
    );
  });

  it.each([
    ['leftLowerArm', [0.44, Number.NaN, 0]],
    ['head', [0, Number.POSITIVE_INFINITY, 0]],
    ['leftToes', [0.09, 0.01, Number.NEGATIVE_INFINITY]],
  ] as const)('refuses a non-finite position, naming the bone (%s)', (bone, position) => {
    const bones = { ...humanTPose(), [bone]: position as Vec3 };
    expect(() => specFromHumanoidBones(bones)).toThrow(
      new RegExp(`bone "${bone}" has a position that is not a finite number`),
    );
  });

  describe.each([
    ['A-pose 40°', aPose(humanTPose(), 40)],
    ['A-pose 60°, 15 bones', only15(aPose(humanTPose(), 60))],
  ])('%s', (_, bones) => {
    const rig = specFromHumanoidBones(bones);

    it('turns each elbow hinge with the arm: perpendicular to the upper arm and to forward', () => {
      for (const side of ['left', 'right'] as const) {
        const axis = hinge(rig, `elbow${side === 'left' ? 'L' : 'R'}`).axis;
        const upper = sub(bones[`${side}LowerArm`]!, bones[`${side}UpperArm`]!);
        expect(angleDegrees(axis, upper), side).toBeCloseTo(90, 6);
        expect(angleDegrees(axis, [0, 0, 1]), side).toBeCloseTo(90, 6);
        // Not the original fixed Y: tilted by the arm's drop.
        expect(angleDegrees(axis, [0, 1, 0]), side).toBeGreaterThan(30);
      }
    });

    it('still bends the elbows forward', () => {
      for (const side of ['left', 'right'] as const) {
        const s = side === 'left' ? 'L' : 'R';
        expect(
          bentDirection(rig, bones, `elbow${s}`, `${side}LowerArm`, `${side}Hand`)[2],
        ).toBeGreaterThan(0.1);
      }
    });

    it('lays every arm capsule along its bones (< 1°) and ends it at them', () => {
      for (const [name, from, to] of [
        ['armL_up', 'leftUpperArm', 'leftLowerArm'],
        ['armL_lo', 'leftLowerArm', 'leftHand'],
        ['armR_up', 'rightUpperArm', 'rightLowerArm'],
        ['armR_lo', 'rightLowerArm', 'rightHand'],
      ] as const) {
        const p = part(rig, name);
        const boneDirection = sub(bones[to]!, bones[from]!);
        const angle = angleDegrees(capsuleAxis(p), boneDirection);
        expect(angle, name).toBeLessThan(1);
        const midpoint = local(rig, bones, from).map((v, i) => (v + local(rig, bones, to)[i]!) / 2);
        expect(
          p.center.map((v, i) => v - midpoint[i]!).every((d) => Math.abs(d) < 1e-12),
          name,
        ).toBe(true);
      }
    });
  });

  it('lets the neck, wrists and ankles bend, within limits on every axis', () => {
    const rig = specFromHumanoidBones(humanTPose());
    for (const name of ['neck', 'wristL', 'wristR', 'ankleL', 'ankleR']) {
      const j = joint(rig, name);
      expect(j.kind, name).toBe('spherical');
      if (j.kind !== 'spherical') continue;
      for (const axis of ['x', 'y', 'z'] as const) {
        const range = j.limits?.[axis];
        expect(range, `${name} ${axis}`).toBeDefined();
        expect(range![0], `${name} ${axis}`).toBeLessThan(0);
        expect(range![1], `${name} ${axis}`).toBeGreaterThan(0);
        expect(range![1] - range![0], `${name} ${axis}`).toBeLessThan(2);
      }
    }
    // The head and hands are parts of their own now, not the torso and forearm.
    expect(joint(rig, 'neck').child).toBe('head');
    expect(joint(rig, 'wristL').child).toBe('handL');
    expect(joint(rig, 'ankleR').child).toBe('footR');
  });

  it('lays a hand along hand → middle finger when the model has fingers, else along the forearm', () => {
    const withFingers = humanTPose();
    withFingers.leftMiddleProximal = [0.78, 1.35, 0.03];
    const rig = specFromHumanoidBones(withFingers);
    const finger = sub(withFingers.leftMiddleProximal, withFingers.leftHand!);
    expect(angleDegrees(capsuleAxis(part(rig, 'handL')), finger)).toBeLessThan(1e-6);
    const bare = specFromHumanoidBones(only15(aPose(humanTPose(), 40)));
    const forearm = sub(aPose(humanTPose(), 40).leftHand!, aPose(humanTPose(), 40).leftLowerArm!);
    expect(angleDegrees(capsuleAxis(part(bare, 'handL')), forearm)).toBeLessThan(1e-6);
  });

  it('sizes a chibi (hips 0.65 m, head 0.98 m, legs close) without negative or overlapping parts', () => {
    const rig = specFromHumanoidBones(chibi());
    expect(() => validateDollSpec(rig.spec)).not.toThrow();
    for (const p of rig.spec.parts) {
      const s = p.shape;
      const sizes =
        s.kind === 'box'
          ? [...s.halfExtents]
          : s.kind === 'sphere'
            ? [s.radius]
            : [s.radius, s.halfHeight];
      expect(Math.min(...sizes), p.name).toBeGreaterThan(0);
    }
    // The thighs and shins are too thick for legs this close: the rig thinned them.
    expect(rig.thinned.map((t) => `${t.a}/${t.b}`)).toEqual(
      expect.arrayContaining(['legL_up/legR_up']),
    );
    const gaps = unjoinedGaps(rig);
    for (const { pair, gap } of gaps) expect(gap, pair).toBeGreaterThan(PART_CLEARANCE - 0.0005);
  });

  it('keeps unjoined parts apart in T-pose, A-pose and 15-bone rigs too', () => {
    for (const bones of [
      humanTPose(),
      aPose(humanTPose(), 40),
      aPose(humanTPose(), 75),
      only15(humanTPose()),
    ]) {
      for (const { pair, gap } of unjoinedGaps(specFromHumanoidBones(bones))) {
        expect(gap, pair).toBeGreaterThan(PART_CLEARANCE - 0.0005);
      }
    }
  });

  it('refuses bones so close together that no part can fit, naming the parts', () => {
    const bones = humanTPose();
    // Both legs on the same line: the thighs cannot be separated by thinning.
    bones.rightUpperLeg = [0.0, 0.9, 0];
    bones.leftUpperLeg = [0.0, 0.9, 0];
    bones.rightLowerLeg = bones.leftLowerLeg!;
    expect(() => specFromHumanoidBones(bones)).toThrow(/parts "legL_up" and "legR_up" overlap/);
  });
});
