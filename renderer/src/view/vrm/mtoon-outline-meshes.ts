import { BufferGeometry } from 'three';
import type { Material, Mesh, Object3D } from 'three';
import { markAsOutline } from '../outline-mesh';

/** three-vrm's MToon material marks the copy that draws the outline so. */
function isMToonOutline(material: Material): boolean {
  return (material as { isOutline?: unknown }).isOutline === true;
}

/**
 * A geometry drawing `group`'s range of `source` with the same buffers (attributes, index and
 * morph targets are shared, not copied), as one draw.
 */
function sharedRange(source: BufferGeometry, start: number, count: number): BufferGeometry {
  const geometry = new BufferGeometry();
  for (const [name, attribute] of Object.entries(source.attributes))
    geometry.setAttribute(name, attribute);
  geometry.morphAttributes = source.morphAttributes;
  geometry.morphTargetsRelative = source.morphTargetsRelative;
  geometry.setIndex(source.getIndex());
  geometry.setDrawRange(start, count);
  if (source.boundingSphere) geometry.boundingSphere = source.boundingSphere.clone();
  return geometry;
}

/**
 * Moves each MToon outline under `root` into a mesh of its own beside its surface. three-vrm
 * draws an outline as a second material over the same geometry (two draw groups), so the
 * mesh's shadow flags would cover both, and the shadow pass would draw the surface a second
 * time with the outline's faces (the front faces, so the figure would shade itself in spots).
 * The new mesh shares the surface's buffers, skeleton and morph weights (expressions move
 * the outline with the face), and is an outline (see `markAsOutline`). Returns the meshes made.
 */
export function separateMToonOutlines(root: Object3D): Mesh[] {
  const surfaces: Mesh[] = [];
  root.traverse((object) => {
    const mesh = object as Mesh;
    if (mesh.isMesh === true && Array.isArray(mesh.material)) surfaces.push(mesh);
  });
  const made: Mesh[] = [];
  for (const surface of surfaces) {
    const materials = surface.material as Material[];
    const kept = materials.filter((material) => !isMToonOutline(material));
    // three-vrm's shape: one surface material and its outline. Anything else is left whole.
    if (kept.length !== 1 || kept.length === materials.length) continue;
    const geometry = surface.geometry;
    for (const group of geometry.groups) {
      const material = materials[group.materialIndex ?? -1];
      if (material === undefined || !isMToonOutline(material)) continue;
      // A skinned clone keeps the skeleton and bind matrices.
      const outline = surface.clone(false) as Mesh;
      outline.geometry = sharedRange(geometry, group.start, group.count);
      outline.material = material;
      outline.name = `${surface.name} (outline)`;
      // The same array, not a copy: expressions write the surface's weights.
      outline.morphTargetInfluences = surface.morphTargetInfluences;
      outline.morphTargetDictionary = surface.morphTargetDictionary;
      markAsOutline(outline);
      surface.parent?.add(outline);
      made.push(outline);
    }
    const surfaceGroup = geometry.groups.find(
      (group) => materials[group.materialIndex ?? -1] === kept[0],
    );
    surface.material = kept[0]!;
    // One material: three ignores the groups and draws the draw range once.
    if (surfaceGroup) geometry.setDrawRange(surfaceGroup.start, surfaceGroup.count);
  }
  return made;
}
