/**
 * When the sun's shadow map must be drawn again (renderer/src/view/body-meshes.ts,
 * `takeShadowChange`): on the real Rapier WASM, a figure and a prop falling and settling on
 * the stage; the map is redrawn while a drawn body moves and not once the scene lies still,
 * again after a BLAST, and when a figure's solid meshes are hidden (an avatar came) or shown;
 * a hidden figure moving alone casts no shadow, so it needs no redraw.
 */
import { describe, expect, it } from 'vitest';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { BodyMeshes } from '../../renderer/src/view/body-meshes';
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

  it('does not redraw for a hidden figure moving alone', async () => {
    const sandbox = new Sandbox(await loadRapier(), { seed: 4 });
    const figure = sandbox.addFigure();
    const meshes = new BodyMeshes(sandbox);
    meshes.setSolidHidden(figure.id, true);
    meshes.sync();
    expect(meshes.takeShadowChange()).toBe(true);
    // Hidden from the start: its meshes were made casting nothing.
    expect(meshes.pickables.some((each) => each.castShadow)).toBe(false);
    const mesh = meshes.pickables[0]!;
    const startY = mesh.position.y;
    for (let frame = 0; frame < 30; frame++) {
      sandbox.advance(FRAME);
      meshes.sync();
      expect(meshes.takeShadowChange()).toBe(false);
    }
    // It did move, and its meshes followed it.
    expect(startY - mesh.position.y).toBeGreaterThan(0.01);
    meshes.dispose();
    sandbox.dispose();
  });
});
