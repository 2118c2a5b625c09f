import type { DollSpec, PartMaterial } from './doll-spec';

/**
 * The material every doll part gets unless its spec overrides it
 * (density 400, friction 0.9, restitution 0.05, damping 0.05 / 0.8).
 */
export const DOLL_MATERIAL: PartMaterial = {
  density: 400,
  friction: 0.9,
  restitution: 0.05,
  linearDamping: 0.05,
  angularDamping: 0.8,
};

/** Elbow hinge range in radians: bends forward. */
export const ELBOW_LIMITS = [-2.4, 0] as const;
/** Knee hinge range in radians: bends backward. */
export const KNEE_LIMITS = [0, 2.5] as const;

/** Height of the doll's origin (hip joints) above its lowest point when standing, in metres. */
export const BOX_DOLL_HIP_HEIGHT = 0.91;

/**
 * The built-in box dummy, exactly as the original design's tables give it: 11 parts and 10 joints,
 * arms hanging at the sides. Box sizes are half extents; capsules stand along Y.
 * The joint anchors are where the parts meet: e.g. the elbow at the upper arm's lower
 * tip (0.34 − 0.11 − 0.05 = 0.18), which is also the forearm's upper tip
 * (0.035 + 0.10 + 0.045 = 0.18).
 */
export const BOX_DOLL: DollSpec = {
  name: 'Box dummy',
  rootPart: 'pelvis',
  parts: [
    {
      name: 'pelvis',
      shape: { kind: 'box', halfExtents: [0.16, 0.09, 0.1] },
      center: [0, 0.05, 0],
    },
    { name: 'torso', shape: { kind: 'box', halfExtents: [0.2, 0.2, 0.11] }, center: [0, 0.35, 0] },
    { name: 'head', shape: { kind: 'sphere', radius: 0.12 }, center: [0, 0.67, 0] },
    {
      name: 'armL_up',
      shape: { kind: 'capsule', halfHeight: 0.11, radius: 0.05 },
      center: [0.28, 0.34, 0],
    },
    {
      name: 'armR_up',
      shape: { kind: 'capsule', halfHeight: 0.11, radius: 0.05 },
      center: [-0.28, 0.34, 0],
    },
    {
      name: 'armL_lo',
      shape: { kind: 'capsule', halfHeight: 0.1, radius: 0.045 },
      center: [0.28, 0.035, 0],
    },
    {
      name: 'armR_lo',
      shape: { kind: 'capsule', halfHeight: 0.1, radius: 0.045 },
      center: [-0.28, 0.035, 0],
    },
    {
      name: 'legL_up',
      shape: { kind: 'capsule', halfHeight: 0.17, radius: 0.07 },
      center: [0.09, -0.24, 0],
    },
    {
      name: 'legR_up',
      shape: { kind: 'capsule', halfHeight: 0.17, radius: 0.07 },
      center: [-0.09, -0.24, 0],
    },
    {
      name: 'legL_lo',
      shape: { kind: 'capsule', halfHeight: 0.16, radius: 0.055 },
      center: [0.09, -0.695, 0],
    },
    {
      name: 'legR_lo',
      shape: { kind: 'capsule', halfHeight: 0.16, radius: 0.055 },
      center: [-0.09, -0.695, 0],
    },
  ],
  joints: [
    { name: 'waist', kind: 'spherical', parent: 'pelvis', child: 'torso', anchor: [0, 0.145, 0] },
    { name: 'neck', kind: 'spherical', parent: 'torso', child: 'head', anchor: [0, 0.55, 0] },
    {
      name: 'shoulderL',
      kind: 'spherical',
      parent: 'torso',
      child: 'armL_up',
      anchor: [0.28, 0.47, 0],
    },
    {
      name: 'shoulderR',
      kind: 'spherical',
      parent: 'torso',
      child: 'armR_up',
      anchor: [-0.28, 0.47, 0],
    },
    { name: 'hipL', kind: 'spherical', parent: 'pelvis', child: 'legL_up', anchor: [0.09, 0, 0] },
    { name: 'hipR', kind: 'spherical', parent: 'pelvis', child: 'legR_up', anchor: [-0.09, 0, 0] },
    {
      name: 'elbowL',
      kind: 'revolute',
      parent: 'armL_up',
      child: 'armL_lo',
      anchor: [0.28, 0.18, 0],
      axis: [1, 0, 0],
      limits: ELBOW_LIMITS,
    },
    {
      name: 'elbowR',
      kind: 'revolute',
      parent: 'armR_up',
      child: 'armR_lo',
      anchor: [-0.28, 0.18, 0],
      axis: [1, 0, 0],
      limits: ELBOW_LIMITS,
    },
    {
      name: 'kneeL',
      kind: 'revolute',
      parent: 'legL_up',
      child: 'legL_lo',
      anchor: [0.09, -0.48, 0],
      axis: [1, 0, 0],
      limits: KNEE_LIMITS,
    },
    {
      name: 'kneeR',
      kind: 'revolute',
      parent: 'legR_up',
      child: 'legR_lo',
      anchor: [-0.09, -0.48, 0],
      axis: [1, 0, 0],
      limits: KNEE_LIMITS,
    },
  ],
};
