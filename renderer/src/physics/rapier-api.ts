import type RAPIER from '@dimforge/rapier3d-simd-compat';

/**
 * The Rapier module as the simulation receives it. The physics layer never imports
 * Rapier's runtime itself: the caller initialises the WASM (`await RAPIER.init()`)
 * and passes the module in, so the same code runs in Node and in the renderer.
 */
export type RapierApi = typeof RAPIER;

export type {
  World,
  RigidBody,
  RigidBodySet,
  Collider,
  ImpulseJoint,
  PidController,
} from '@dimforge/rapier3d-simd-compat';
