import type { PartShape } from '../../renderer/src/physics/doll-spec';
import type {
  MmdBodyMotion,
  MmdBodySpec,
  MmdJointSpec,
  MmdPhysicsSpec,
} from '../../renderer/src/physics/mmd/mmd-physics-spec';
import type { Quat, Vec3 } from '../../renderer/src/physics/vector-math';

/**
 * Hand-built {@link MmdPhysicsSpec}s for the physics tests, in doll space around the box
 * dummy (head sphere of radius 0.12 m centred at y = 0.67 m), as the converter in `rig/mmd`
 * would produce them: metres, right-handed, quaternions [x, y, z, w], Rapier damping.
 */

const IDENTITY: Quat = [0, 0, 0, 1];

/** Bullet's damping share d as Rapier damping (1/s): −ln(1 − d). */
export function rapierDamping(bulletShare: number): number {
  return -Math.log(1 - bulletShare);
}

/** A body with defaults for everything not given. */
export function mmdBody(
  fields: Partial<MmdBodySpec> & {
    readonly name: string;
    readonly motion: MmdBodyMotion;
    readonly shape: PartShape;
    readonly position: Vec3;
  },
): MmdBodySpec {
  return {
    sourceIndex: 0,
    part: 'head',
    rotation: IDENTITY,
    group: 0,
    collisionMask: 0xffff,
    mass: 1,
    linearDamping: rapierDamping(0.5),
    angularDamping: rapierDamping(0.5),
    restitution: 0,
    friction: 0.5,
    ...fields,
  };
}

/** A joint with translation locked and rotation free unless given. */
export function mmdJoint(
  fields: Partial<MmdJointSpec> & {
    readonly name: string;
    readonly bodyA: number;
    readonly bodyB: number;
    readonly position: Vec3;
  },
): MmdJointSpec {
  return {
    rotation: IDENTITY,
    linearMin: [0, 0, 0],
    linearMax: [0, 0, 0],
    angularMin: [1, 1, 1],
    angularMax: [-1, -1, -1],
    linearStiffness: [0, 0, 0],
    angularStiffness: [0, 0, 0],
    ...fields,
  };
}

/** Options of {@link hairChainSpec}. */
export interface HairChainOptions {
  /** Dynamic links below the root (default 10). */
  readonly links?: number;
  /**
   * Angular spring constant on every axis of every joint, N·m/rad of the links' own masses
   * (default 0.01: ω = √(k / I) ≈ 20 rad/s on a 0.1 kg link, I ≈ 2.5e-5 kg·m², within the
   * 5-190 rad/s of mokou_B's hair springs; see `spring-rates.ts`).
   */
  readonly stiffness?: number;
  /** Mass of each link, kg (default 0.1). */
  readonly mass?: number;
}

/** Length of one hair link, metres. */
export const HAIR_LINK_LENGTH = 0.05;
const HAIR_RADIUS = 0.012;
/** Where the chain hangs from: behind the head, just clear of its sphere. */
const HAIR_X = 0;
const HAIR_Z = -0.15;
const HAIR_TOP = 0.74;

/**
 * A hair strand as MMD models build them: a `follow` root on the head (group 0, like the
 * model's body) and `links` dynamic capsules hanging down the back in group 1, which ignore
 * each other (mask fffd) but collide with group 0 (the ragdoll parts and the root). Each joint
 * locks translation and limits rotation (±60° about X, ±20° about Y, ±30° about Z) with a
 * spring on every angular axis.
 */
export function hairChainSpec(options: HairChainOptions = {}): MmdPhysicsSpec {
  const links = options.links ?? 10;
  const stiffness = options.stiffness ?? 0.01;
  const bodies: MmdBodySpec[] = [
    mmdBody({
      name: 'hair root',
      motion: 'follow',
      shape: { kind: 'sphere', radius: 0.03 },
      position: [HAIR_X, HAIR_TOP, -0.1],
      group: 0,
    }),
  ];
  const joints: MmdJointSpec[] = [];
  for (let i = 0; i < links; i++) {
    const top = HAIR_TOP - i * HAIR_LINK_LENGTH;
    bodies.push(
      mmdBody({
        name: `hair ${i + 1}`,
        sourceIndex: i + 1,
        motion: 'dynamic',
        shape: {
          kind: 'capsule',
          halfHeight: HAIR_LINK_LENGTH / 2 - HAIR_RADIUS,
          radius: HAIR_RADIUS,
        },
        position: [HAIR_X, top - HAIR_LINK_LENGTH / 2, HAIR_Z],
        group: 1,
        collisionMask: 0xfffd,
        mass: options.mass ?? 0.1,
      }),
    );
    joints.push(
      mmdJoint({
        name: `hair joint ${i + 1}`,
        bodyA: i,
        bodyB: i + 1,
        position: [HAIR_X, top, HAIR_Z],
        angularMin: [-1.05, -0.35, -0.52],
        angularMax: [1.05, 0.35, 0.52],
        angularStiffness: [stiffness, stiffness, stiffness],
      }),
    );
  }
  return { bodies, joints };
}

/**
 * Big `follow` boxes, one inside each named part of the box dummy and sticking out of it
 * (half extents 0.2 m), for checking that follow bodies never push their ragdoll.
 */
export function bigFollowersSpec(parts: readonly { name: string; center: Vec3 }[]): MmdPhysicsSpec {
  return {
    bodies: parts.map((part, index) =>
      mmdBody({
        name: `big ${part.name}`,
        sourceIndex: index,
        motion: 'follow',
        part: part.name,
        shape: { kind: 'box', halfExtents: [0.2, 0.2, 0.2] },
        position: part.center,
      }),
    ),
    joints: [],
  };
}
