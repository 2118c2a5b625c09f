import { describe, expect, it } from 'vitest';
import {
  BOX_DOLL,
  DOLL_MATERIAL,
  ELBOW_LIMITS,
  KNEE_LIMITS,
} from '../../renderer/src/physics/box-doll';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import {
  DollSpecError,
  shapeBoundingRadius,
  validateDollSpec,
} from '../../renderer/src/physics/doll-spec';
import { Ragdoll, uprightAt } from '../../renderer/src/physics/ragdoll';
import { loadRapier } from '../support/rapier';

const part = (name: string) => BOX_DOLL.parts.find((p) => p.name === name)!;

describe('the box dummy matches the original design', () => {
  it('has the 11 parts of the original table, with their shapes, sizes and centres', () => {
    expect(BOX_DOLL.parts).toHaveLength(11);
    expect(part('pelvis')).toMatchObject({
      shape: { kind: 'box', halfExtents: [0.16, 0.09, 0.1] },
      center: [0, 0.05, 0],
    });
    expect(part('torso')).toMatchObject({
      shape: { kind: 'box', halfExtents: [0.2, 0.2, 0.11] },
      center: [0, 0.35, 0],
    });
    expect(part('head')).toMatchObject({
      shape: { kind: 'sphere', radius: 0.12 },
      center: [0, 0.67, 0],
    });
    for (const [side, x] of [
      ['L', 1],
      ['R', -1],
    ] as const) {
      expect(part(`arm${side}_up`)).toMatchObject({
        shape: { kind: 'capsule', halfHeight: 0.11, radius: 0.05 },
        center: [0.28 * x, 0.34, 0],
      });
      expect(part(`arm${side}_lo`)).toMatchObject({
        shape: { kind: 'capsule', halfHeight: 0.1, radius: 0.045 },
        center: [0.28 * x, 0.035, 0],
      });
      expect(part(`leg${side}_up`)).toMatchObject({
        shape: { kind: 'capsule', halfHeight: 0.17, radius: 0.07 },
        center: [0.09 * x, -0.24, 0],
      });
      expect(part(`leg${side}_lo`)).toMatchObject({
        shape: { kind: 'capsule', halfHeight: 0.16, radius: 0.055 },
        center: [0.09 * x, -0.695, 0],
      });
    }
  });

  it('has 6 ball joints and 4 hinges with the original limits', () => {
    const kinds = BOX_DOLL.joints.map((j) => j.kind);
    expect(kinds.filter((k) => k === 'spherical')).toHaveLength(6);
    expect(kinds.filter((k) => k === 'revolute')).toHaveLength(4);
    for (const joint of BOX_DOLL.joints) {
      if (joint.kind !== 'revolute') continue;
      expect(joint.axis).toEqual([1, 0, 0]);
      expect(joint.limits).toEqual(joint.name.startsWith('elbow') ? ELBOW_LIMITS : KNEE_LIMITS);
    }
    expect(ELBOW_LIMITS).toEqual([-2.4, 0]);
    expect(KNEE_LIMITS).toEqual([0, 2.5]);
  });

  it('puts every joint anchor where its two parts meet', () => {
    // The anchor lies within each part's bounding sphere; the shoulders sit in the arm's
    // top cap, beside the torso (the original design hangs the arms 3 cm clear of it), so the torso
    // end gets 5 cm of slack.
    for (const joint of BOX_DOLL.joints) {
      for (const end of [joint.parent, joint.child]) {
        const { center, shape } = part(end);
        const reach = shapeBoundingRadius(shape);
        const d = Math.hypot(...joint.anchor.map((a, i) => a - center[i]!));
        const slack = end === 'torso' && joint.name.startsWith('shoulder') ? 0.05 : 1e-9;
        expect(d, `${joint.name} to ${end}`).toBeLessThanOrEqual(reach + slack);
      }
    }
  });

  it('builds with its material: density 400, friction 0.9, restitution 0.05, damping 0.05/0.8, CCD', async () => {
    const rapier = await loadRapier();
    const world = new rapier.World({ x: 0, y: -9.81, z: 0 });
    const doll = new Ragdoll(rapier, world, BOX_DOLL, uprightAt(0, 2, 0));
    expect(doll.parts).toHaveLength(11);
    expect(doll.joints).toHaveLength(10);
    for (const { body, collider } of doll.parts) {
      expect(collider.density()).toBeCloseTo(DOLL_MATERIAL.density);
      expect(collider.friction()).toBeCloseTo(0.9);
      expect(collider.restitution()).toBeCloseTo(0.05);
      expect(body.linearDamping()).toBeCloseTo(0.05);
      expect(body.angularDamping()).toBeCloseTo(0.8);
      expect(body.isCcdEnabled()).toBe(true);
    }
    // Pelvis: 0.32 x 0.18 x 0.20 m of 400 kg/m³.
    expect(doll.root.body.mass()).toBeCloseTo(0.32 * 0.18 * 0.2 * 400, 3);
    for (const { joint } of doll.joints) expect(joint.contactsEnabled()).toBe(false);
    doll.dispose();
    expect(world.bodies.len()).toBe(0);
    world.free();
  });
});

describe('validateDollSpec', () => {
  const withJoint = (patch: object): DollSpec => ({
    ...BOX_DOLL,
    joints: [{ ...BOX_DOLL.joints[0]!, ...patch } as DollSpec['joints'][number]],
  });

  it('accepts the box dummy', () => {
    expect(() => validateDollSpec(BOX_DOLL)).not.toThrow();
  });

  it.each([
    ['a joint naming a missing part', withJoint({ child: 'tail' }), /missing part "tail"/],
    ['a joint joining a part to itself', withJoint({ child: 'pelvis' }), /joins a part to itself/],
    ['a NaN anchor', withJoint({ anchor: [0, Number.NaN, 0] }), /non-finite/],
    [
      'reversed limits',
      withJoint({ kind: 'revolute', axis: [1, 0, 0], limits: [1, -1] }),
      /min > max/,
    ],
    [
      'a hinge axis that is not unit',
      withJoint({ kind: 'revolute', axis: [2, 0, 0], limits: [0, 1] }),
      /unit vector/,
    ],
    [
      'a duplicate part',
      { ...BOX_DOLL, parts: [...BOX_DOLL.parts, BOX_DOLL.parts[0]!] },
      /appears twice/,
    ],
    ['a missing root', { ...BOX_DOLL, rootPart: 'nope' }, /root part "nope"/],
    [
      'a zero-size part',
      {
        ...BOX_DOLL,
        parts: [
          { ...BOX_DOLL.parts[0]!, shape: { kind: 'sphere', radius: 0 } },
          ...BOX_DOLL.parts.slice(1),
        ],
      },
      /size of zero or less/,
    ],
  ] as const)('rejects %s with a message', (_name, spec, message) => {
    expect(() => validateDollSpec(spec as DollSpec)).toThrow(DollSpecError);
    expect(() => validateDollSpec(spec as DollSpec)).toThrow(message);
  });
});
