import type { World } from './rapier-api';

/**
 * Advances `world` by one of its time steps, as `world.step()` does, without the JavaScript
 * bookkeeping that Rapier 0.21's `World.step` runs after every step for soft bodies.
 *
 * Why: after the engine's step, `World.step` looks for bodies and colliders the engine made or
 * removed on its own (a torn soft body's pieces): it visits every rigid-body and collider
 * handle through a WebAssembly call back into JavaScript and lists every wrapper to ask the
 * engine whether it still exists, thousands of crossings a step for six MMD figures (612
 * bodies) and a fresh array each time. The sandbox makes no soft bodies, and removing a
 * rigid body through the world already drops its colliders' and joints' wrappers, so none of
 * that can find anything. Measured: about 5 % of a step of six moving MMD figures
 * (BENCHMARKS.md, "The world step without the soft-body bookkeeping").
 *
 * A world that does hold soft bodies is stepped by `world.step()`, bookkeeping and all.
 */
export function stepWorld(world: World): void {
  if (world.softBodies.len() > 0) {
    world.step();
    return;
  }
  world.physicsPipeline.step(
    world.gravity,
    world.integrationParameters,
    world.islands,
    world.broadPhase,
    world.narrowPhase,
    world.bodies,
    world.colliders,
    world.softBodies,
    world.impulseJoints,
    world.multibodyJoints,
    world.ccdSolver,
  );
}
