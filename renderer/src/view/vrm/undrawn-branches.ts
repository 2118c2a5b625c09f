import type { Object3D } from 'three';

/** Whether three.js draws `object` itself, or lights the scene with it. */
function drawsOrLights(object: Object3D): boolean {
  const kinds = object as Partial<
    Record<'isMesh' | 'isLine' | 'isPoints' | 'isSprite' | 'isLight' | 'isLOD', boolean>
  >;
  return Boolean(
    kinds.isMesh ||
    kinds.isLine ||
    kinds.isPoints ||
    kinds.isSprite ||
    kinds.isLight ||
    kinds.isLOD,
  );
}

/** Whether anything under `object` (itself included) is drawn or lights the scene. */
function holdsDrawn(object: Object3D): boolean {
  if (drawsOrLights(object)) return true;
  for (const child of object.children) if (holdsDrawn(child)) return true;
  return false;
}

/**
 * Marks invisible the branches under `root` that hold nothing three.js draws: a VRM's bone
 * branches, its normalized humanoid rig and the spring-bone colliders hung on the bones (godette_v4: 136 of
 * its 142 nodes, and the body colliders). three.js walks every visible node of the scene twice a frame
 * (the picture and the sun's shadow map) to find what to draw; a hidden branch is skipped
 * whole. What is drawn does not change: a skinned mesh follows its bones whether they are
 * visible or not, and world matrices are still updated under invisible nodes. Returns the
 * nodes it hid.
 */
export function hideUndrawnBranches(root: Object3D): Object3D[] {
  const hidden: Object3D[] = [];
  const visit = (node: Object3D): void => {
    for (const child of node.children) {
      if (!child.visible) continue;
      if (holdsDrawn(child)) visit(child);
      else {
        child.visible = false;
        hidden.push(child);
      }
    }
  };
  visit(root);
  return hidden;
}
