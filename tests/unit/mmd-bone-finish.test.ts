/**
 * MMD's inherited (付与) bones and IK chains on generated PMX models, drawn over ragdoll parts
 * held in exact poses: a sleeve inheriting half the elbow's bend, inherited moves, local and
 * chained inheritance, the evaluation order, a two-link IK chain with a knee limit and an
 * angle limit per step, and bones the physics owns never moved. Also what the parsers keep
 * of IK (PMD knees, damaged chains).
 */
import { Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import type { MmdModel } from '../../renderer/src/formats/mmd/mmd-model';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import { humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import type { HelperBone } from '../../tools/fixtures/mmd/helper-bones';
import { withHelperBones } from '../../tools/fixtures/mmd/helper-bones';
import { writePmd } from '../../tools/fixtures/mmd/pmd-writer';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';
import { posedMmdAvatar } from '../../tools/loaders/posed-mmd-avatar';

const TOLERANCE = 1e-5;
const base = humanoidMmdModel();
const at = (name: string) => base.bones.find((bone) => bone.name === name)!.position;
const UPPER = new Quaternion().setFromAxisAngle(new Vector3(0.2, 0.3, 0.9).normalize(), 0.7);
const LOWER = new Quaternion().setFromAxisAngle(new Vector3(-0.4, 0.8, 0.3).normalize(), 1.3);

/** The humanoid with `helpers`, its left upper arm turned UPPER and forearm LOWER. */
async function posedArm(helpers: readonly HelperBone[]) {
  const posed = await posedMmdAvatar(withHelperBones(base, helpers));
  posed.parts.turn(posed.partOf('左腕'), UPPER);
  posed.parts.turn(posed.partOf('左ひじ'), LOWER);
  return posed;
}

/** `from` × slerp(identity, from⁻¹ × to, share): `share` of the turn from `from` to `to`. */
function shareOf(from: Quaternion, to: Quaternion, share: number): Quaternion {
  const relative = from.clone().invert().multiply(to);
  return from.clone().multiply(new Quaternion().slerp(relative, share));
}

const sleeve: HelperBone = {
  name: '左ひじ袖',
  parent: '左腕',
  position: at('左ひじ'),
  append: { from: '左ひじ', ratio: 0.5 },
};

/** Half of what {@link sleeve} inherits: a quarter of the elbow bend, through a chain. */
const halfSleeve: HelperBone = {
  name: '左袖2',
  parent: '左腕',
  position: at('左ひじ'),
  append: { from: '左ひじ袖', ratio: 0.5 },
};

describe('inherited (付与) rotation and move', () => {
  it('turns a sleeve bone by half the elbow bend when it inherits 50 % of the elbow', async () => {
    const posed = await posedArm([sleeve]);
    const drawn = posed.bone('左ひじ袖').rotation;
    expect(drawn.angleTo(shareOf(UPPER, LOWER, 0.5))).toBeLessThan(TOLERANCE);
    expect(drawn.angleTo(UPPER)).toBeGreaterThan(0.3);
    // It sits where the elbow is: it hangs from the upper arm, as does the elbow.
    expect(posed.bone('左ひじ袖').position.distanceTo(posed.bone('左ひじ').position)).toBeLessThan(
      TOLERANCE,
    );
  });

  it('passes on what a bone inherits (a chain of 付与), and a negative share turns back', async () => {
    const posed = await posedArm([
      sleeve,
      halfSleeve,
      {
        name: '左袖戻',
        parent: '左腕',
        position: at('左ひじ'),
        append: { from: '左ひじ', ratio: -1 },
      },
    ]);
    expect(posed.bone('左袖2').rotation.angleTo(shareOf(UPPER, LOWER, 0.25))).toBeLessThan(
      TOLERANCE,
    );
    expect(posed.bone('左袖戻').rotation.angleTo(shareOf(UPPER, LOWER, -1))).toBeLessThan(
      TOLERANCE,
    );
  });

  it('takes the whole world rotation of the source with a local append', async () => {
    const posed = await posedArm([
      {
        name: '胸袖',
        parent: '上半身2',
        position: at('左肩'),
        append: { from: '左ひじ', ratio: 0.5, local: true },
      },
    ]);
    const expected = new Quaternion().slerp(LOWER, 0.5);
    expect(posed.bone('胸袖').rotation.angleTo(expected)).toBeLessThan(TOLERANCE);
  });

  it('moves a bone by a share of its source move (translation append)', async () => {
    const posed = await posedMmdAvatar(
      withHelperBones(base, [
        {
          name: '腰追従',
          position: [0, 5, 0],
          append: { from: 'センター', ratio: 0.5, rotation: false, translation: true },
        },
      ]),
    );
    const rest = posed.bone('腰追従').position;
    const centreRest = posed.bone('センター').position;
    posed.parts.shift(posed.partOf('センター'), new Vector3(0.2, -0.1, 0.3));
    const centreMove = posed.bone('センター').position.sub(centreRest);
    expect(centreMove.length()).toBeGreaterThan(0.3);
    const moved = posed.bone('腰追従').position.sub(rest);
    expect(moved.distanceTo(centreMove.multiplyScalar(0.5))).toBeLessThan(TOLERANCE);
  });

  it.each([
    ['a later deform layer', { layer: 1 }],
    ['deform after physics', { afterPhysics: true }],
  ])('evaluates bones in MMD order: a source on %s has inherited nothing yet', async (_, late) => {
    const inOrder = await posedArm([sleeve, halfSleeve]);
    const lateSleeve = await posedArm([{ ...sleeve, ...late }, halfSleeve]);
    expect(inOrder.bone('左袖2').rotation.angleTo(shareOf(UPPER, LOWER, 0.25))).toBeLessThan(
      TOLERANCE,
    );
    // 左ひじ袖 is evaluated after 左袖2, which so copies only its own (unturned) rotation.
    expect(lateSleeve.bone('左袖2').rotation.angleTo(UPPER)).toBeLessThan(TOLERANCE);
    expect(lateSleeve.bone('左ひじ袖').rotation.angleTo(shareOf(UPPER, LOWER, 0.5))).toBeLessThan(
      TOLERANCE,
    );
  });
});

/** PMX's knee range on X (MMD axes): −180° to −0.5°. */
const KNEE = { min: [-Math.PI, 0, 0], max: [-0.5 * (Math.PI / 180), 0, 0] } as const;

/** A straight two-link chain hanging in front of the chest and an IK bone it can reach. */
function chain(loopCount: number, limitAngle: number): HelperBone[] {
  return [
    { name: '鎖1', parent: '上半身2', position: [0, 14, -4] },
    { name: '鎖2', parent: '鎖1', position: [0, 12, -4] },
    { name: '鎖先', parent: '鎖2', position: [0, 10, -4] },
    {
      name: '鎖IK',
      parent: '上半身2',
      position: [0, 11, -5],
      ik: {
        target: '鎖先',
        loopCount,
        limitAngle,
        links: [{ bone: '鎖2', limits: KNEE }, { bone: '鎖1' }],
      },
    },
  ];
}

/** The local rotation of `child` against `parent`, as Euler angles (three.js axes). */
function localTurn(
  posed: Awaited<ReturnType<typeof posedMmdAvatar>>,
  parent: string,
  child: string,
) {
  const local = posed.bone(parent).rotation.invert().multiply(posed.bone(child).rotation);
  return {
    local,
    angle: 2 * Math.acos(Math.min(1, Math.abs(local.w))),
    x: Math.atan2(local.x, local.w) * 2,
  };
}

describe('IK chains (CCD)', () => {
  it('brings the target onto the IK bone, bending the knee-like link only within its range', async () => {
    const posed = await posedMmdAvatar(withHelperBones(base, chain(40, 0.2)));
    const target = posed.bone('鎖先').position;
    expect(target.distanceTo(posed.bone('鎖IK').position)).toBeLessThan(TOLERANCE);
    const knee = localTurn(posed, '鎖1', '鎖2');
    // Only about X (the range mirrored into three.js axes: +0.5° to +180°).
    expect(Math.abs(knee.local.y) + Math.abs(knee.local.z)).toBeLessThan(TOLERANCE);
    expect(knee.x).toBeGreaterThan(0.5 * (Math.PI / 180) - TOLERANCE);
    expect(knee.x).toBeGreaterThan(0.3);
  });

  it('turns each link by at most the angle limit per step', async () => {
    const posed = await posedMmdAvatar(withHelperBones(base, chain(1, 0.05)));
    const target = posed.bone('鎖先').position;
    expect(target.distanceTo(posed.bone('鎖IK').position)).toBeGreaterThan(0.01);
    const knee = localTurn(posed, '鎖1', '鎖2');
    const hip = localTurn(posed, '上半身2', '鎖1');
    expect(knee.angle).toBeCloseTo(0.05, 6);
    expect(hip.angle).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(hip.angle).toBeGreaterThan(0.01);
  });

  it('never moves a bone the physics owns: its links are skipped, the others still solve', async () => {
    const helpers: HelperBone[] = [
      { name: '袖', parent: '左ひじ', position: at('左ひじ') },
      { name: '袖先', parent: '袖', position: at('左手首') },
      {
        name: '袖IK',
        parent: '左ひじ',
        position: [at('左手首')[0], at('左手首')[1] - 2, at('左手首')[2]],
        ik: {
          target: '袖先',
          loopCount: 20,
          limitAngle: 1,
          links: [{ bone: '袖' }, { bone: '左ひじ' }, { bone: '左腕' }],
        },
      },
      {
        name: '左腕IK',
        parent: '上半身2',
        position: [at('左手首')[0], at('左手首')[1] + 4, at('左手首')[2] - 3],
        ik: {
          target: '左手首',
          loopCount: 20,
          limitAngle: 1,
          links: [{ bone: '左ひじ' }, { bone: '左腕' }],
        },
      },
    ];
    const withIk = await posedArm(helpers);
    const without = await posedArm(helpers.map(({ ik: _, ...bone }) => bone));
    for (const name of ['左腕', '左ひじ', '左手首']) {
      expect(withIk.bone(name).rotation.angleTo(without.bone(name).rotation), name).toBeLessThan(
        1e-9,
      );
      expect(withIk.bone(name).position.distanceTo(without.bone(name).position), name).toBeLessThan(
        1e-9,
      );
    }
    expect(withIk.bone('左ひじ').rotation.angleTo(LOWER)).toBeLessThan(1e-6);
    // The sleeve, which the physics does not own, points at its IK bone (too far to reach).
    const aim = (posed: typeof withIk) => {
      const origin = posed.bone('袖').position;
      const along = posed.bone('袖先').position.sub(origin);
      return along.angleTo(posed.bone('袖IK').position.sub(origin));
    };
    expect(aim(withIk)).toBeLessThan(TOLERANCE);
    expect(aim(without)).toBeGreaterThan(0.1);
  });
});

describe('what the parsers keep of IK', () => {
  const ikBones = (model: MmdModel) => model.bones.filter((bone) => bone.isIk);

  it('reads a PMD chain with the angle limit in radians and MMD knee limits on ひざ links', () => {
    const model = withHelperBones(base, [
      {
        name: '左足ＩＫ',
        parent: 'センター',
        position: at('左足首'),
        ik: {
          target: '左足首',
          loopCount: 40,
          limitAngle: 0.5,
          links: [{ bone: '左ひざ' }, { bone: '左足' }],
        },
      },
    ]);
    const [ik] = ikBones(parseMmdModel(writePmd(model)));
    expect(ik!.ik!.loopCount).toBe(40);
    expect(ik!.ik!.limitAngle).toBeCloseTo(0.5, 6);
    expect(ik!.ik!.links[0]!.limits).toEqual(KNEE);
    expect(ik!.ik!.links[1]!.limits).toBeNull();
  });

  it('drops damaged chains with one warning, and the model still loads and draws', async () => {
    const ik = { target: '左手首', loopCount: 10, limitAngle: 1, links: [{ bone: '左ひじ' }] };
    const model = withHelperBones(base, [
      { name: '壊れIK1', parent: '上半身2', position: [0, 12, 0], ik: { ...ik, loopCount: -3 } },
      { name: '壊れIK2', parent: '上半身2', position: [0, 12, 0], ik },
      { name: '壊れIK3', parent: '上半身2', position: [0, 12, 0], ik },
      { name: '良いIK', parent: '上半身2', position: [0, 12, 0], ik },
    ]);
    const bones = model.bones.map((bone) => {
      if (bone.name === '壊れIK2') return { ...bone, ik: { ...bone.ik!, targetIndex: 999 } };
      if (bone.name !== '壊れIK3') return bone;
      return { ...bone, ik: { ...bone.ik!, links: [{ boneIndex: 500, limits: null }] } };
    });
    const parsed = parseMmdModel(writePmx({ ...model, bones }));
    expect(ikBones(parsed).map((bone) => [bone.name, bone.ik === null])).toEqual([
      ['壊れIK1', true],
      ['壊れIK2', true],
      ['壊れIK3', true],
      ['良いIK', false],
    ]);
    const warning = parsed.warnings.find((w) => w.code === 'ik-chain-dropped');
    expect(warning).toMatchObject({ count: 3, names: ['壊れIK1', '壊れIK2', '壊れIK3'] });
    expect(warning!.message).toContain('壊れIK1');
    const posed = await posedMmdAvatar(parsed, false);
    expect(posed.bone('左手首').position.length()).toBeGreaterThan(0);
  });
});
