import type { Material, Object3D, Texture } from 'three';
import { Mesh } from 'three';

/** Removes `root` from its parent and frees every geometry, material and texture under it. */
export function disposeObject(root: Object3D): void {
  root.removeFromParent();
  const materials = new Set<Material>();
  root.traverse((object) => {
    if (!(object instanceof Mesh)) return;
    (object.geometry as { dispose(): void }).dispose();
    const own = object.material as Material | Material[];
    for (const material of Array.isArray(own) ? own : [own]) materials.add(material);
  });
  for (const material of materials) {
    for (const value of Object.values(material)) {
      if ((value as Texture | null)?.isTexture) (value as Texture).dispose();
    }
    material.dispose();
  }
}
