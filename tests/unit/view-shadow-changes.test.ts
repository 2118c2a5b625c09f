/**
 * When the sun's shadow map must be drawn again (renderer/src/view/body-meshes.ts,
 * `takeShadowChange`): on the real Rapier WASM, a figure and a prop falling and settling on
 * the stage; the map is redrawn while a drawn body moves and not once the scene lies still,
 * again after a BLAST, and when a figure's solid meshes are hidden (an avatar came) or shown;
 * a figure drawn by an avatar redraws it while it moves (the avatar casts its shadow). The
 * sun's shadow camera is fitted around the stage's raised boxes and every body each time, so it
 * holds them (and the floor under them) while they fly and stays small while they stand.
 */
import { describe, expect, it } from 'vitest';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { Vector3 } from 'three';
import { BodyMeshes } from '../../renderer/src/view/body-meshes';
import { SceneEnvironment } from '../../renderer/src/view/scene-environment';
import { SunShadowUpdate } from '../../renderer/src/view/sun-shadow-update';
import { loadRapier } from '../support/rapier';

const FRAME = 1 / 60;

/** Frames (1/60 s) until the sandbox's bodies are all asleep; fails after `limit`. */
function frameUntilAsleep(sandbox: Sandbox, meshes: BodyMeshes, limit: number): number {
  for (let frame = 1; frame <= limit; frame++) {
    sandbox.advance(FRAME);
    meshes.sync();
    meshes.takeShadowChange();
    const bodies = [
      ...sandbox.figures.flatMap((figure) => figure.ragdoll.parts.map((part) => part.body)),
      ...sandbox.props.map((prop) => prop.body),
    ];
    if (bodies.every((body) => body.isSleeping())) return frame;
  }
  throw new Error(`the scene did not come to rest in ${limit} frames`);
}

describe('shadow map redraws follow the shadow casters', () => {
  it('redraws while drawn bodies move, not while the scene lies still', async () => {
    const sandbox = new Sandbox(await loadRapier(), { seed: 3 });
    const figure = sandbox.addFigure();
    sandbox.addProp('box');
    const meshes = new BodyMeshes(sandbox);
    meshes.sync();
    expect(meshes.takeShadowChange()).toBe(true);
    expect(meshes.takeShadowChange()).toBe(false);

    // Falling: every frame moves something.
    let redraws = 0;
    for (let frame = 0; frame < 30; frame++) {
      sandbox.advance(FRAME);
      meshes.sync();
      if (meshes.takeShadowChange()) redraws++;
    }
    expect(redraws).toBe(30);

    frameUntilAsleep(sandbox, meshes, 60 * 30);
    for (let frame = 0; frame < 60; frame++) {
      sandbox.advance(FRAME);
      meshes.sync();
      expect(meshes.takeShadowChange()).toBe(false);
    }

    sandbox.blast(8);
    sandbox.advance(FRAME);
    meshes.sync();
    expect(meshes.takeShadowChange()).toBe(true);

    // An avatar takes over the figure: its box meshes stop casting, which changes the map.
    const parts = new Set(figure.ragdoll.parts.map((part) => part.body.handle));
    const partMeshes = meshes.pickables.filter((mesh) => parts.has(meshes.handleOf(mesh)!));
    expect(partMeshes).toHaveLength(11);
    expect(partMeshes.every((mesh) => mesh.castShadow)).toBe(true);
    meshes.setSolidHidden(figure.id, true);
    expect(meshes.takeShadowChange()).toBe(true);
    expect(partMeshes.every((mesh) => !mesh.castShadow)).toBe(true);
    meshes.setSolidHidden(figure.id, false);
    expect(meshes.takeShadowChange()).toBe(true);
    expect(partMeshes.every((mesh) => mesh.castShadow)).toBe(true);
    meshes.dispose();
    sandbox.dispose();
  });

  it('redraws while a figure drawn by an avatar moves: the avatar casts its shadow', async () => {
    const sandbox = new Sandbox(await loadRapier(), { seed: 4 });
    const figure = sandbox.addFigure();
    const meshes = new BodyMeshes(sandbox);
    meshes.setSolidHidden(figure.id, true);
    meshes.sync();
    expect(meshes.takeShadowChange()).toBe(true);
    // Hidden from the start: its own meshes cast nothing (the avatar casts instead).
    expect(meshes.pickables.some((each) => each.castShadow)).toBe(false);
    const mesh = meshes.pickables[0]!;
    const startY = mesh.position.y;
    for (let frame = 0; frame < 30; frame++) {
      sandbox.advance(FRAME);
      meshes.sync();
      expect(meshes.takeShadowChange()).toBe(true);
    }
    expect(startY - mesh.position.y).toBeGreaterThan(0.01);
    frameUntilAsleep(sandbox, meshes, 60 * 30);
    sandbox.advance(FRAME);
    meshes.sync();
    expect(meshes.takeShadowChange()).toBe(false);
    meshes.dispose();
    sandbox.dispose();
  });
});

/** Where world point (`x`, `y`, `z`) falls in the sun's shadow camera, in its clip cube. */
function inShadowCamera(environment: SceneEnvironment, x: number, y: number, z: number): Vector3 {
  const sun = environment.sunLight;
  sun.updateMatrixWorld();
  sun.target.updateMatrixWorld();
  sun.shadow.updateMatrices(sun);
  return new Vector3(x, y, z).project(sun.shadow.camera);
}

function expectInside(point: Vector3, what: string): void {
  for (const axis of ['x', 'y', 'z'] as const) {
    expect(Math.abs(point[axis]), `${what} ${axis}`).toBeLessThanOrEqual(1);
  }
}

describe('the shadow camera of the sun is fitted to the casters', () => {
  it('holds every body, the floor under it and the stage, while figures fly and after', async () => {
    const sandbox = new Sandbox(await loadRapier(), { seed: 5 });
    sandbox.addFigure();
    sandbox.addFigure();
    sandbox.addProp('ball');
    const meshes = new BodyMeshes(sandbox);
    const environment = new SceneEnvironment();
    let avatarMoved = false;
    const shadow = new SunShadowUpdate(environment, sandbox.stage, meshes, {
      takeShadowChange: () => avatarMoved,
    });
    const check = (when: string): void => {
      for (const body of sandbox.bodies) {
        const { x, y, z } = meshes.pickables.find(
          (m) => meshes.handleOf(m) === body.handle,
        )!.position;
        expectInside(inShadowCamera(environment, x, y, z), `${when}: ${body.name}`);
        expectInside(inShadowCamera(environment, x, 0, z), `${when}: floor under ${body.name}`);
      }
      for (const box of sandbox.stage.boxes) {
        if (box.role === 'floor') continue;
        expectInside(inShadowCamera(environment, ...box.center), `${when}: ${box.name}`);
      }
    };
    meshes.sync();
    expect(shadow.update()).toBe(true);
    check('placed');
    // Far sharper than the fixed 16 m square it was: two figures on the stage.
    const restingExtent = environment.shadowExtent;
    expect(restingExtent).toBeLessThan(8);
    let highest = 0;
    for (let frame = 0; frame < 90; frame++) {
      if (frame === 10) sandbox.blast(14);
      sandbox.advance(FRAME);
      meshes.sync();
      expect(shadow.update()).toBe(true);
      check(`frame ${frame}`);
      for (const mesh of meshes.pickables) highest = Math.max(highest, mesh.position.y);
    }
    // The blast threw them up and out: the camera followed.
    expect(highest).toBeGreaterThan(2);
    // Fitted every frame, as the view does, until everything sleeps.
    let settled = false;
    for (let frame = 0; frame < 60 * 30 && !settled; frame++) {
      sandbox.advance(FRAME);
      meshes.sync();
      shadow.update();
      settled = sandbox.bodies.every((body) =>
        sandbox.world.getRigidBody(body.handle)?.isSleeping(),
      );
    }
    expect(settled).toBe(true);
    check('at rest');
    sandbox.advance(FRAME);
    meshes.sync();
    expect(shadow.update()).toBe(false);
    // An avatar's springs swinging on a still figure redraw the map too.
    avatarMoved = true;
    expect(shadow.update()).toBe(true);
    meshes.dispose();
    environment.dispose();
    sandbox.dispose();
  });
});
