/**
 * mmdRig on MMD models built here (MMD units, left-handed, facing −Z): the standard bones
 * become the ragdoll, the model's bodies and joints are converted to doll space, each body
 * finds its part, bad data is left out with one warning per kind.
 */
import { Euler, Quaternion } from 'three';
import { describe, expect, it } from 'vitest';
import type {
  MmdBone,
  MmdJoint,
  MmdModel,
  MmdRigidBody,
  Triple,
} from '../../renderer/src/formats/mmd/mmd-model';
import type { Quat, Vec3 } from '../../renderer/src/physics/vector-math';
import { RigError } from '../../renderer/src/rig/rig-error';
import { EULER_ORDERS, eulerToQuat } from '../../renderer/src/rig/mmd/euler-quaternion';
import { mmdRotationToQuat } from '../../renderer/src/rig/mmd/mmd-coordinates';
import { rapierDamping } from '../../renderer/src/rig/mmd/mmd-physics-units';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import { mmdPhysicsReport } from '../../renderer/src/rig/mmd/mmd-physics-report';
import { rotate as rotateVec } from '../../renderer/src/rig/tuple-math';

// ---- a small MMD model -----------------------------------------------------------------

interface BoneDef {
  name: string;
  at: Triple;
  parent?: string;
  append?: string;
}

/** The left side; the right is mirrored (MMD's left is +X, like ours after the z mirror). */
const LEFT: BoneDef[] = [
  { name: '左肩', at: [0.5, 15.5, 0], parent: '上半身2' },
  { name: '左腕', at: [1.5, 15.3, 0.2], parent: '左肩' },
  { name: '左ひじ', at: [4, 13.5, 0.3], parent: '左腕' },
  { name: '左手首', at: [6, 11.8, 0], parent: '左ひじ' },
  { name: '左足', at: [1, 10.5, 0.2], parent: '下半身' },
  { name: '左ひざ', at: [1, 5.8, 0], parent: '左足' },
  { name: '左足首', at: [1, 1.2, 0.6], parent: '左ひざ' },
  { name: '左つま先', at: [1, 0, -1.5], parent: '左足首' },
  { name: '左足D', at: [1, 10.5, 0.2], parent: '下半身', append: '左足' },
];

const TRUNK: BoneDef[] = [
  { name: '全ての親', at: [0, 0, 0] },
  { name: 'センター', at: [0, 8, 0], parent: '全ての親' },
  { name: '下半身', at: [0, 11.5, 0.2], parent: 'センター' },
  { name: '上半身', at: [0, 11.6, 0.2], parent: 'センター' },
  { name: '上半身2', at: [0, 13, 0.1], parent: '上半身' },
  { name: '首', at: [0, 16, 0], parent: '上半身2' },
  { name: '頭', at: [0, 17, 0], parent: '首' },
  { name: '髪1', at: [0, 19, 1], parent: '頭' },
  { name: '髪2', at: [0, 17, 1.5], parent: '髪1' },
];

const mirror = (d: BoneDef): BoneDef => ({
  name: d.name.replace('左', '右'),
  at: [-d.at[0], d.at[1], d.at[2]],
  ...(d.parent ? { parent: d.parent.replace('左', '右') } : {}),
  ...(d.append ? { append: d.append.replace('左', '右') } : {}),
});

function bonesOf(defs: readonly BoneDef[]): MmdBone[] {
  const index = (name: string | undefined) => (name ? defs.findIndex((d) => d.name === name) : -1);
  return defs.map((d, i) => ({
    name: d.name,
    englishName: '',
    position: d.at,
    parentIndex: index(d.parent),
    layer: 0,
    tailBone: defs.findIndex((c) => c.parent === d.name && !c.append && c !== defs[i]),
    tailOffset: null,
    append: d.append
      ? { parentIndex: index(d.append), ratio: 1, rotation: true, translation: false, local: false }
      : null,
    isIk: false,
    ik: null,
    afterPhysics: false,
    visible: true,
  }));
}

const SKELETON: BoneDef[] = [...TRUNK, ...LEFT, ...LEFT.map(mirror)];

function body(
  name: string,
  bone: string,
  over: Partial<MmdRigidBody> = {},
  defs = SKELETON,
): MmdRigidBody {
  const boneIndex = defs.findIndex((d) => d.name === bone);
  return {
    name,
    boneIndex,
    group: 1,
    // Like most real bodies: collides with every group but its own.
    collisionMask: 0xfffd,
    shape: 0,
    size: [1, 0, 0],
    position: defs[boneIndex]?.at ?? [0, 0, 0],
    rotation: [0, 0, 0],
    mass: 1,
    linearDamping: 0.5,
    angularDamping: 0.5,
    restitution: 0,
    friction: 0.5,
    physicsMode: 0,
    ...over,
  };
}

function joint(name: string, bodyA: number, bodyB: number, over: Partial<MmdJoint> = {}): MmdJoint {
  return {
    name,
    type: 0,
    bodyA,
    bodyB,
    position: [0, 18, 1],
    rotation: [0, 0, 0],
    linearMin: [0, 0, 0],
    linearMax: [0, 0, 0],
    angularMin: [-0.5, -0.5, -0.5],
    angularMax: [0.5, 0.5, 0.5],
    linearSpring: [0, 0, 0],
    angularSpring: [0, 0, 0],
    ...over,
  };
}

function model(over: Partial<MmdModel> = {}, defs: readonly BoneDef[] = SKELETON): MmdModel {
  return {
    format: 'pmx',
    version: 2,
    name: 'テスト',
    englishName: 'test',
    comment: '',
    mesh: {
      vertexCount: 0,
      positions: new Float32Array(),
      normals: new Float32Array(),
      uvs: new Float32Array(),
      skinIndices: new Uint16Array(),
      skinWeights: new Float32Array(),
      indices: new Uint32Array(),
    },
    textures: [],
    materials: [],
    bones: bonesOf(defs),
    morphCount: 0,
    morphs: [],
    rigidBodies: [],
    joints: [],
    warnings: [],
    ...over,
  };
}

const close = (actual: readonly number[], expected: readonly number[], digits = 6) =>
  actual.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, digits));
/** q and −q are the same rotation. */
const sameRotation = (a: Quat, b: Quat) => {
  const sign = Math.sign(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]) || 1;
  close(
    a,
    b.map((v) => v * sign),
  );
};
const threeQuat = (x: number, y: number, z: number, order: string): Quat => {
  const q = new Quaternion().setFromEuler(new Euler(x, y, z, order as 'XYZ'));
  return [q.x, q.y, q.z, q.w];
};

// ---- conversions ------------------------------------------------------------------------

describe('rotation conversion', () => {
  const angles: Vec3[] = [
    [0.3, -1.1, 0.7],
    [-2.5, 0.4, 1.9],
    [1.2, 0, -0.6],
  ];

  it('eulerToQuat matches three.js Euler → Quaternion in all six orders', () => {
    for (const order of EULER_ORDERS)
      for (const a of angles) sameRotation(eulerToQuat(a, order), threeQuat(...a, order));
  });

  it('reads stored angles as three.js Euler(−x, −y, z, YXZ)', () => {
    for (const [x, y, z] of angles)
      sameRotation(mmdRotationToQuat([x, y, z]), threeQuat(-x, -y, z, 'YXZ'));
  });
});

describe('physics units', () => {
  it('turns Bullet damping d into −ln(1 − d), capped near 1', () => {
    expect(rapierDamping(0)).toBe(0);
    expect(rapierDamping(0.5)).toBeCloseTo(Math.LN2, 9);
    expect(rapierDamping(1)).toBeCloseTo(-Math.log(0.001), 9);
    expect(rapierDamping(-1)).toBe(0);
  });
});

// ---- the ragdoll ------------------------------------------------------------------------

describe('mmdRig: the ragdoll from the standard bones', () => {
  const built = mmdRig(model());
  const part = (name: string) => built.rig.spec.parts.find((p) => p.name === name)!;

  it('builds the 15-part ragdoll with its origin between the legs, in metres', () => {
    expect(built.rig.spec.parts).toHaveLength(15);
    expect(built.unitMetres).toBe(0.08);
    close(built.rig.origin, [0, 10.5 * 0.08, -0.2 * 0.08]);
  });

  it('faces +Z with the model’s left (左) at +X', () => {
    expect(part('armL_up').center[0]).toBeGreaterThan(0);
    expect(part('legR_lo').center[0]).toBeLessThan(0);
    // The toes (MMD z −1.5, in front of the ankle) end up toward +Z.
    const foot = part('footL').shape;
    expect(foot.kind).toBe('box');
    expect(part('footL').center[2]).toBeGreaterThan(0.6 * -0.08 - built.rig.origin[2]);
  });

  it('lists the optional bones it lacks and refuses missing required ones in Japanese', () => {
    expect(built.bonesMissing).toEqual([]);
    const less = SKELETON.filter((d) => !['センター', '左肩', '首'].includes(d.name)).map((d) =>
      d.parent === '首'
        ? { ...d, parent: '上半身2' }
        : d.parent === '左肩'
          ? { ...d, parent: '上半身2' }
          : d,
    );
    expect(mmdRig(model({}, less)).bonesMissing).toEqual(['センター', '首', '左肩']);
    const broken = SKELETON.filter((d) => d.name !== '左ひじ' && d.name !== '頭');
    expect(() => mmdRig(model({}, broken))).toThrow(RigError);
    expect(() => mmdRig(model({}, broken))).toThrow(
      /^Missing bones: 頭 \(head\), 左ひじ \(left elbow\); /,
    );
  });

  it('accepts full-width digits and kanji spellings (上半身２, 左肘, 右膝)', () => {
    const renamed = SKELETON.map((d) => ({
      ...d,
      name: d.name
        .replace('上半身2', '上半身２')
        .replace('左ひじ', '左肘')
        .replace('右ひざ', '右膝'),
    }));
    const r = mmdRig(model({}, renamed));
    expect(r.bonesMissing).toEqual([]);
    expect(r.boneDrivers[renamed.findIndex((d) => d.name === '上半身２')]).toMatchObject({
      part: 'torso',
    });
  });
});

describe('mmdRig: bodies and joints', () => {
  const boneIndex = (name: string) => SKELETON.findIndex((d) => d.name === name);
  const bodies: MmdRigidBody[] = [
    body('head', '頭', { group: 3 }),
    body('hair1', '髪1', { physicsMode: 1, shape: 2, size: [0.5, 2, 0], position: [0, 18, 1] }),
    body('hair2', '髪2', {
      physicsMode: 2,
      shape: 1,
      size: [0.5, 1, 0.25],
      position: [0, 16.5, 1.5],
    }),
    body('thigh', '左足D', { group: 3 }),
    body('center', 'センター', { group: 3 }),
    body('headPhys', '頭', { physicsMode: 1, group: 5 }),
  ];
  const joints: MmdJoint[] = [
    joint('neck-hair', 0, 1, {
      linearMin: [-1, -2, -3],
      linearMax: [1, 2, 4],
      angularMin: [-0.1, -0.2, -0.3],
      angularMax: [0.4, 0.5, 0.6],
      linearSpring: [10, 0, 0],
      angularSpring: [0, 50, 0],
      rotation: [0.2, 0.3, -0.4],
    }),
    joint('hair-hair', 1, 2),
  ];
  const built = mmdRig(model({ rigidBodies: bodies, joints }));
  const spec = (name: string) => built.physics.bodies.find((b) => b.name === name)!;

  it('converts positions, rotations, sizes and damping to doll space', () => {
    const hair = spec('hair1');
    close(hair.position, [
      0 - built.rig.origin[0],
      18 * 0.08 - built.rig.origin[1],
      -1 * 0.08 - built.rig.origin[2],
    ]);
    expect(hair.shape).toEqual({ kind: 'capsule', radius: 0.04, halfHeight: 0.08 });
    expect(spec('hair2').shape).toEqual({ kind: 'box', halfExtents: [0.04, 0.08, 0.02] });
    expect(spec('head').shape).toEqual({ kind: 'sphere', radius: 0.08 });
    expect(hair.linearDamping).toBeCloseTo(Math.LN2, 9);
  });

  it('gives each body the part its bone moves with; follow for type 0 and ragdoll bones', () => {
    expect(spec('head')).toMatchObject({ motion: 'follow', part: 'head' });
    expect(spec('hair1')).toMatchObject({ motion: 'dynamic', part: 'head' });
    expect(spec('hair2')).toMatchObject({ motion: 'dynamic-rotation', part: 'head' });
    expect(spec('thigh')).toMatchObject({ motion: 'follow', part: 'legL_up' }); // 足D copies 足
    expect(spec('center')).toMatchObject({ motion: 'follow', part: 'pelvis' });
    expect(spec('headPhys')).toMatchObject({ motion: 'follow', part: 'head' }); // overridden
    expect(built.warnings.map((w) => w.code)).toEqual(['dynamic-on-ragdoll-bone']);
  });

  it('mirrors joint limits on x/y rotations and z translation, and converts springs', () => {
    const j = built.physics.joints[0]!;
    close(j.linearMin, [-0.08, -0.16, -0.32]);
    close(j.linearMax, [0.08, 0.16, 0.24]);
    close(j.angularMin, [-0.4, -0.5, -0.3]);
    close(j.angularMax, [0.1, 0.2, 0.6]);
    close(j.linearStiffness, [10, 0, 0]);
    close(j.angularStiffness, [0, 50 * 0.0064, 0]);
    sameRotation(j.rotation, threeQuat(-0.2, -0.3, -0.4, 'YXZ'));
    expect([j.bodyA, j.bodyB]).toEqual([0, 1]);
  });

  it('drives bones: the pelvis carries センター, parts turn their bones, bodies theirs', () => {
    const d = built.boneDrivers;
    expect(d).toHaveLength(SKELETON.length);
    expect(d[boneIndex('センター')]).toMatchObject({
      kind: 'part',
      part: 'pelvis',
      position: true,
    });
    expect(d[boneIndex('下半身')]).toMatchObject({ kind: 'part', part: 'pelvis', position: false });
    expect(d[boneIndex('頭')]).toMatchObject({ kind: 'part', part: 'head', position: false });
    expect(d[boneIndex('左足D')]).toMatchObject({ kind: 'part', part: 'legL_up' });
    expect(d[boneIndex('髪1')]).toEqual({ kind: 'body', body: 1, position: true });
    expect(d[boneIndex('髪2')]).toEqual({ kind: 'body', body: 2, position: false });
    expect(d[boneIndex('全ての親')]).toEqual({ kind: 'parent' });
    const pelvis = built.rig.spec.parts[0]!;
    const center = d[boneIndex('センター')]!;
    if (center.kind !== 'part') throw new Error('センター should be driven by a part');
    close(center.offset, [
      0 - pelvis.center[0],
      8 * 0.08 - built.rig.origin[1] - pelvis.center[1],
      -built.rig.origin[2] - pelvis.center[2],
    ]);
  });

  it('orders bones parents first, even when the file does not', () => {
    const shuffled = [...SKELETON].reverse();
    const r = mmdRig(model({}, shuffled));
    const seen = new Set<number>();
    for (const i of r.boneOrder) {
      const parent = r.boneOrder.length && bonesOf(shuffled)[i]!.parentIndex;
      if (parent >= 0) expect(seen.has(parent)).toBe(true);
      seen.add(i);
    }
    expect(seen.size).toBe(shuffled.length);
  });

  it('by default puts the parts in the groups the file suggests (authored)', () => {
    const explicit = mmdRig(model({ rigidBodies: bodies, joints }), { partCollisions: 'authored' });
    expect(built.physics.partGroups).toEqual(explicit.physics.partGroups);
    expect(built.physics.bodies).toEqual(explicit.physics.bodies);
  });

  it('apart: keeps the parts apart from moving bodies, in a group no body uses', () => {
    const apart = mmdRig(model({ rigidBodies: bodies, joints }), { partCollisions: 'apart' });
    const groups = new Set(Object.values(apart.physics.partGroups));
    expect([...groups]).toEqual([15]);
    for (const b of apart.physics.bodies) {
      if (b.motion !== 'follow') expect(b.collisionMask & (1 << 15), b.name).toBe(0);
    }
    // Follow bodies keep their masks: they are what holds hair and skirts off the body.
    expect(apart.physics.bodies.find((b) => b.name === 'head')!.collisionMask).toBe(0xfffd);
  });

  const authored = mmdRig(model({ rigidBodies: bodies, joints }), { partCollisions: 'authored' });

  it('authored: each part in the group of the follow bodies on its bones, else the most common', () => {
    const r = mmdRig(
      model({
        rigidBodies: [
          body('a', '頭', { group: 7 }),
          body('b', '左手首', { group: 2 }),
          body('c', '髪1', { group: 2 }),
        ],
      }),
      { partCollisions: 'authored' },
    );
    expect(r.physics.partGroups).toMatchObject({ head: 7, handL: 2, torso: 2 });
    expect(authored.physics.partGroups['legL_up']).toBe(3);
    expect(authored.physics.partGroups['armR_lo']).toBe(3);
  });

  it('authored: a part moving bodies start inside moves to a group they do not collide with', () => {
    // The hair (group 1, mask fffd) starts inside the head sphere: the head joins group 1.
    expect(authored.physics.partGroups['head']).toBe(1);
    const hair = authored.physics.bodies.filter((b) => b.name.startsWith('hair'));
    for (const b of hair) expect(b.collisionMask & (1 << 1)).toBe(0);
  });

  it('authored: narrows the masks of the rest when no one group is clear of them all', () => {
    const insidePelvis = (name: string, group: number): MmdRigidBody =>
      body(name, '髪1', {
        physicsMode: 1,
        group,
        collisionMask: 0xffff & ~(1 << group),
        position: [0, 11, 0.2],
      });
    const r = mmdRig(model({ rigidBodies: [insidePelvis('skirt', 2), insidePelvis('hair', 4)] }), {
      partCollisions: 'authored',
    });
    const g = r.physics.partGroups['pelvis']!;
    expect([2, 4]).toContain(g);
    for (const b of r.physics.bodies) expect(b.collisionMask & (1 << g), b.name).toBe(0);
    // Only the one that had to lose a bit lost it.
    const narrowed = r.physics.bodies.filter((b) => b.collisionMask !== (0xffff & ~(1 << b.group)));
    expect(narrowed).toHaveLength(1);
    expect(r.warnings.map((w) => w.code)).toContain('body-mask-narrowed');
  });
});

describe('mmdRig: bodies welded to the body by fully locked joints', () => {
  const locked = { angularMin: [0, 0, 0] as Triple, angularMax: [0, 0, 0] as Triple };
  const welded = model({
    rigidBodies: [
      body('head', '頭'),
      body('welded', '髪1', { physicsMode: 1, position: [0, 18, 1] }),
      body('weldedToWelded', '髪2', { physicsMode: 2, position: [0, 16.5, 1.5] }),
      body('swinging', '髪2', { physicsMode: 1, position: [0, 15, 1.5] }),
      // Welded too, 1 m below the head: the file makes it as rigid as the rest.
      body('farWelded', '髪2', { physicsMode: 1, position: [0, 5, 1.5] }),
    ],
    joints: [
      joint('weld', 0, 1, locked),
      joint('weld2', 1, 2, locked),
      joint('hinge', 2, 3, { angularMin: [-0.5, 0, 0], angularMax: [0.5, 0, 0] }),
      joint('farWeld', 2, 4, locked),
    ],
  });
  const built = mmdRig(welded);
  const motion = (name: string) => built.physics.bodies.find((b) => b.name === name)!;

  it('follow the body they are welded to, along the chain; the rest still swing', () => {
    expect(motion('welded')).toMatchObject({ motion: 'follow', part: 'head' });
    expect(motion('weldedToWelded')).toMatchObject({ motion: 'follow', part: 'head' });
    expect(motion('swinging')).toMatchObject({ motion: 'dynamic' });
    expect(motion('farWelded')).toMatchObject({ motion: 'follow', part: 'head' });
    // Their bones keep their rest place under their parents; the swinging body drives its bone.
    const bone = (name: string) => SKELETON.findIndex((d) => d.name === name);
    expect(built.boneDrivers[bone('髪1')]).toEqual({ kind: 'parent' });
    expect(built.boneDrivers[bone('髪2')]).toEqual({ kind: 'body', body: 3, position: true });
  });

  it('stay simulated beyond the weld reach, when one is given', () => {
    const near = mmdRig(welded, { weldReach: 0.3 }).physics.bodies;
    const find = (name: string) => near.find((b) => b.name === name)!;
    expect(find('weldedToWelded')).toMatchObject({ motion: 'follow', part: 'head' });
    expect(find('farWelded')).toMatchObject({ motion: 'dynamic' });
  });
});

describe('mmdRig: bad data, one warning per kind', () => {
  const bodies: MmdRigidBody[] = [
    body('ok', '頭'),
    body('nan', '髪1', { physicsMode: 1, position: [0, Number.NaN, 0] }),
    body('noBone', '', { boneIndex: -1, position: [6, 11.8, 0] }),
    body('weightless', '髪2', { physicsMode: 1, mass: 0 }),
    body('badBone', '', { boneIndex: 999, position: [-1, 1, 0] }),
  ];
  const joints: MmdJoint[] = [
    joint('toNowhere', 0, 42),
    joint('toNowhere2', -1, 0),
    joint('toNaN', 0, 1),
    joint('infinite', 0, 3, { angularSpring: [Infinity, 0, 0] }),
    joint('self', 3, 3),
    joint('fine', 0, 3),
    joint('pushy', 0, 3, { linearSpring: [-5, 0, 1], angularSpring: [0, -2, 3] }),
  ];
  const built = mmdRig(
    model({ rigidBodies: bodies, joints, warnings: [{ code: 'pmd-no-physics', message: 'x' }] }),
  );

  it('keeps what it can and reports each problem once, after the parser’s', () => {
    expect(built.physics.bodies.map((b) => b.name)).toEqual([
      'ok',
      'noBone',
      'weightless',
      'badBone',
    ]);
    expect(built.physics.joints.map((j) => j.name)).toEqual(['fine', 'pushy']);
    const pushy = built.physics.joints[1]!;
    expect(pushy.linearStiffness).toEqual([0, 0, 1]);
    expect(pushy.angularStiffness[1]).toBe(0);
    expect(pushy.angularStiffness[2]).toBeGreaterThan(0);
    expect(built.physics.joints[0]).toMatchObject({ bodyA: 0, bodyB: 2 });
    const codes = built.warnings.map((w) => w.code);
    expect(codes).toEqual([
      'pmd-no-physics',
      'body-not-finite',
      'body-no-bone',
      'body-mass-floored',
      'joint-missing-body',
      'joint-not-finite',
      'joint-same-body',
      'joint-negative-spring',
    ]);
    expect(built.warnings.find((w) => w.code === 'joint-missing-body')!.message).toMatch(
      /^3 joints/,
    );
    expect(built.warnings.find((w) => w.code === 'body-no-bone')!.message).toMatch(
      /^2 rigid bodies/,
    );
  });

  it('moves a body with no bone with the nearest part, and floors masses', () => {
    const find = (n: string) => built.physics.bodies.find((b) => b.name === n)!;
    expect(find('noBone').part).toBe('handL'); // at the left wrist
    expect(find('badBone').part).toMatch(/^(legR_lo|footR)$/);
    expect(find('weightless').mass).toBeGreaterThan(0);
    for (const b of built.physics.bodies)
      expect([...b.position, ...b.rotation].every(Number.isFinite)).toBe(true);
  });
});

describe('mmdPhysicsReport', () => {
  /** Capsules turned by `rotation` read in YXZ lie exactly along bones made to match. */
  function yxzCapsuleModel(): MmdModel {
    const base = model();
    const rotations: Triple[] = [
      [0.6, 0.9, 0],
      [0, 1.1, -0.8],
      [-0.7, 0, 0.5],
      [0.4, -1.2, 0.9],
      [1.0, 0.5, 0.3],
    ];
    const extraBones: MmdBone[] = rotations.map((r, i) => {
      const axis = rotateVec(mmdRotationToQuat(r), [0, 1, 0]);
      return {
        ...base.bones[0]!,
        name: `capsuleBone${i}`,
        position: [i, 5, 0],
        parentIndex: 0,
        tailBone: -1,
        // Back to MMD's z for the file: the report mirrors it again.
        tailOffset: [axis[0] * 2, axis[1] * 2, -axis[2] * 2],
      };
    });
    const bones = [...base.bones, ...extraBones];
    const capsules = rotations.map((rotation, i): MmdRigidBody => ({
      ...body(`capsule${i}`, '頭'),
      boneIndex: base.bones.length + i,
      shape: 2,
      size: [0.3, 2, 0],
      rotation,
      physicsMode: 1,
    }));
    const oneAxis = {
      ...body('oneAxis', '頭'),
      shape: 2 as const,
      rotation: [0.5, 0, 0] as Triple,
    };
    return {
      ...base,
      bones,
      rigidBodies: [
        ...capsules,
        oneAxis,
        body('box', '頭', { shape: 1, collisionMask: 0xfffe, group: 2 }),
      ],
      joints: [
        joint('locked', 0, 1, { angularMin: [0, 0, 0], angularMax: [0, 0, 0] }),
        joint('spring', 1, 2, { linearSpring: [0, 5, 0], angularSpring: [1, 0, 0] }),
        joint('slide', 2, 3, { linearMax: [0, 0.5, 0] }),
      ],
    };
  }
  const report = mmdPhysicsReport(yxzCapsuleModel());

  it('counts shapes, types, groups, mask patterns, locks and springs', () => {
    expect(report.bodies).toBe(7);
    expect(report.shapes).toEqual({ sphere: 0, box: 1, capsule: 6 });
    expect(report.types).toEqual({ follow: 2, dynamic: 5, dynamicRotation: 0 });
    expect(report.groups).toEqual([1, 2]);
    expect(report.masks).toEqual([
      { mask: 'fffd', count: 6 },
      { mask: 'fffe', count: 1 },
    ]);
    expect(report.joints).toEqual({
      total: 3,
      lockedTranslation: 2,
      lockedRotation: 1,
      translationSprings: 1,
      rotationSprings: 1,
    });
  });

  it('measures capsules turned on two or more axes; YXZ lays them along their bones', () => {
    expect(report.capsuleOrders.capsules).toBe(5);
    expect(report.capsuleOrders.best).toBe('YXZ');
    const byOrder = Object.fromEntries(report.capsuleOrders.orders.map((o) => [o.order, o]));
    expect(byOrder['YXZ']).toMatchObject({ within5Degrees: 5 });
    expect(byOrder['YXZ']!.medianDegrees).toBeLessThan(1e-6);
    expect(byOrder['XYZ']!.medianDegrees).toBeGreaterThan(5);
  });
});
