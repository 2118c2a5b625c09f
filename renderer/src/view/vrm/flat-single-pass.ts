import type { BufferAttribute, BufferGeometry, InterleavedBufferAttribute, Material } from 'three';
import { DoubleSide, Vector3 } from 'three';
import type { Object3D } from 'three';

/**
 * How far a vertex may lie from its surface's plane and still count as flat, metres. Far
 * below the camera's 5 cm near plane: no viewpoint can come between two such layers.
 */
const PLANE_TOLERANCE_M = 1e-4;

type Attribute = BufferAttribute | InterleavedBufferAttribute;

const a = new Vector3();
const b = new Vector3();
const c = new Vector3();
const normal = new Vector3();
const point = new Vector3();

/**
 * Lets three.js draw a double-sided transparent surface in one pass (`forceSinglePass`)
 * wherever that surface is flat and moves rigidly: a decal such as a logo quad on a shirt.
 *
 * three.js draws every double-sided transparent surface twice, back faces first, then front
 * faces, marking the material changed before each pass, so each pass also looks its shader
 * program up again: two draw calls and two program look-ups per such surface per frame. For a
 * flat surface that pays for nothing. From any viewpoint the whole surface faces the same way,
 * so one pass draws no triangle and the other draws them all in the same order: exactly what
 * one pass gives. It stays flat while skinned only when every vertex follows the same bones
 * with the same weights (a rigid move); morph targets could bend it, so a surface with them is
 * left as it is. A material shared by several surfaces changes only if all of them qualify.
 *
 * Call once after loading, before drawing. Returns the materials changed.
 */
export function drawFlatTransparentInOnePass(root: Object3D): Material[] {
  const verdicts = new Map<Material, boolean>();
  root.traverse((object) => {
    const mesh = object as Partial<{
      isMesh: boolean;
      geometry: BufferGeometry;
      material: Material | Material[];
    }>;
    if (mesh.isMesh !== true || !mesh.geometry || !mesh.material) return;
    for (const [material, start, count] of drawnRanges(mesh.geometry, mesh.material)) {
      if (!twoPass(material)) continue;
      const flat = verdicts.get(material) ?? true;
      verdicts.set(material, flat && flatRigidRange(mesh.geometry, start, count));
    }
  });
  const changed: Material[] = [];
  for (const [material, flat] of verdicts) {
    if (!flat) continue;
    material.forceSinglePass = true;
    changed.push(material);
  }
  return changed;
}

/** Whether three.js draws `material` in two passes (double-sided and transparent). */
function twoPass(material: Material): boolean {
  return material.transparent && material.side === DoubleSide && !material.forceSinglePass;
}

/** Each material a mesh draws with and the range of its geometry (indices or vertices) it draws. */
function drawnRanges(
  geometry: BufferGeometry,
  material: Material | Material[],
): [Material, number, number][] {
  const total = geometry.index?.count ?? geometry.getAttribute('position')?.count ?? 0;
  if (!Array.isArray(material)) return [[material, 0, total]];
  const ranges: [Material, number, number][] = [];
  for (const group of geometry.groups) {
    const groupMaterial = material[group.materialIndex ?? 0];
    if (!groupMaterial) continue;
    ranges.push([groupMaterial, group.start, Math.min(group.count, total - group.start)]);
  }
  return ranges;
}

/**
 * Whether the triangles in `count` indices from `start` lie in one plane (within
 * {@link PLANE_TOLERANCE_M}) and share one set of skin bones and weights.
 */
function flatRigidRange(geometry: BufferGeometry, start: number, count: number): boolean {
  const position = geometry.getAttribute('position');
  if (!position || Object.keys(geometry.morphAttributes).length > 0) return false;
  const index = geometry.index;
  const vertexAt = (i: number): number => (index ? index.getX(i) : i);
  const end = start + count - (count % 3);
  if (!planeOf(position, vertexAt, start, end)) return false;
  const first = vertexAt(start);
  const skinIndex = geometry.getAttribute('skinIndex');
  const skinWeight = geometry.getAttribute('skinWeight');
  for (let i = start; i < end; i++) {
    const vertex = vertexAt(i);
    point.fromBufferAttribute(position, vertex).sub(a);
    if (Math.abs(point.dot(normal)) > PLANE_TOLERANCE_M) return false;
    if (skinIndex && !sameTuple(skinIndex, vertex, first)) return false;
    if (skinWeight && !sameTuple(skinWeight, vertex, first)) return false;
  }
  return true;
}

/**
 * Sets `a` to a point and `normal` to the unit normal of the first triangle with an area in
 * the range; false when there is none.
 */
function planeOf(
  position: Attribute,
  vertexAt: (i: number) => number,
  start: number,
  end: number,
): boolean {
  for (let i = start; i < end; i += 3) {
    a.fromBufferAttribute(position, vertexAt(i));
    b.fromBufferAttribute(position, vertexAt(i + 1)).sub(a);
    c.fromBufferAttribute(position, vertexAt(i + 2)).sub(a);
    normal.crossVectors(b, c);
    const length = normal.length();
    if (length > 1e-12) {
      normal.divideScalar(length);
      return true;
    }
  }
  return false;
}

/** Whether vertices `i` and `j` of `attribute` hold the same values in every component. */
function sameTuple(attribute: Attribute, i: number, j: number): boolean {
  for (let k = 0; k < attribute.itemSize; k++) {
    if (attribute.getComponent(i, k) !== attribute.getComponent(j, k)) return false;
  }
  return true;
}
