import type { Mesh, Object3D } from 'three';

/**
 * The three.js layer outline meshes (MMD edges, MToon outlines) are drawn on. The camera sees
 * it unless the renderer benchmark turns outlines off to measure their cost; raycasters test
 * layer 0 only, so an outline is never what a click finds.
 */
export const OUTLINE_LAYER = 1;

/** Ignores rays: an outline is drawing, never a thing to pick. */
function noRaycast(): void {}

/**
 * Makes `mesh` an outline: on {@link OUTLINE_LAYER} only, casting and receiving no shadow
 * (an inverted hull in the shadow map would darken the figure it wraps), and never picked.
 */
export function markAsOutline(mesh: Mesh): void {
  mesh.layers.set(OUTLINE_LAYER);
  mesh.castShadow = false;
  mesh.receiveShadow = false;
  mesh.raycast = noRaycast;
}

/** Whether `mesh` was made an outline by {@link markAsOutline}. */
export function isOutline(mesh: Mesh): boolean {
  return mesh.layers.isEnabled(OUTLINE_LAYER) && !mesh.layers.isEnabled(0);
}

/**
 * Lets every mesh under `root` cast and receive the sun's shadow, outlines excepted. three.js
 * skins the shadow pass's depth material itself for a skinned mesh, so a posed figure casts its
 * pose.
 */
export function castAndReceiveShadows(root: Object3D): void {
  root.traverse((object) => {
    const mesh = object as Mesh;
    if (mesh.isMesh !== true || isOutline(mesh)) return;
    mesh.castShadow = true;
    mesh.receiveShadow = true;
  });
}
