import type { PartShape } from '../doll-spec';
import type { Quat, Vec3 } from '../vector-math';

/** Most triangles a stage file may have: more would stall the app while its colliders build. */
export const MAX_STAGE_TRIANGLES = 2_000_000;

/** Largest stage file read, bytes (512 MiB). */
export const MAX_STAGE_FILE_BYTES = 512 * 1024 * 1024;

/**
 * A stage from a file as the physics takes it: its triangles in metres (three.js's space, +Y
 * up), each a fixed trimesh collider, and the fixed shapes its own file gives (a PMX stage's
 * bone-following rigid bodies). Plain arrays, no three.js.
 */
export interface StageShape {
  /** The file's name, for messages. */
  readonly name: string;
  /** 3 numbers per vertex, metres. */
  readonly positions: Float32Array;
  /** 3 vertex indices per triangle. */
  readonly indices: Uint32Array;
  /** Fixed shapes placed as the file writes them (metres). */
  readonly fixedShapes: readonly StageFixedShape[];
}

/** One fixed box, sphere or capsule of a stage, placed in stage space (metres). */
export interface StageFixedShape {
  readonly shape: PartShape;
  readonly position: Vec3;
  readonly rotation: Quat;
  readonly friction: number;
  readonly restitution: number;
}

/** An axis-aligned box, metres. */
export interface StageBounds {
  readonly min: Vec3;
  readonly max: Vec3;
}

/** How many triangles a stage has. */
export function triangleCount(shape: Pick<StageShape, 'indices'>): number {
  return Math.floor(shape.indices.length / 3);
}

/**
 * The box around every vertex a triangle uses, or null when there is none. Vertices no
 * triangle names (a file's unused points) are left out so they cannot move the centre.
 */
export function stageBounds(shape: Pick<StageShape, 'positions' | 'indices'>): StageBounds | null {
  const { positions, indices } = shape;
  let minX = Infinity;
  let minY = Infinity;
  let minZ = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let maxZ = -Infinity;
  for (let i = 0; i < indices.length; i++) {
    const v = indices[i]! * 3;
    const x = positions[v]!;
    const y = positions[v + 1]!;
    const z = positions[v + 2]!;
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (z < minZ) minZ = z;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
    if (z > maxZ) maxZ = z;
  }
  if (minX === Infinity) return null;
  return { min: [minX, minY, minZ], max: [maxX, maxY, maxZ] };
}

/**
 * Why `shape` cannot be a stage, or null when it can: no triangles, too many, an index past
 * the vertices, or a vertex that is not a finite number. The sentence names the file and
 * what to do.
 */
export function stageShapeProblem(shape: StageShape): string | null {
  const triangles = triangleCount(shape);
  if (triangles === 0 && shape.fixedShapes.length === 0)
    return `${shape.name} has no triangles to stand on: choose a file with a visible mesh.`;
  if (triangles > MAX_STAGE_TRIANGLES)
    return (
      `${shape.name} has ${triangles.toLocaleString('en')} triangles, more than the ` +
      `${MAX_STAGE_TRIANGLES.toLocaleString('en')} a stage may have: simplify it (decimate) ` +
      `and open it again.`
    );
  if (shape.indices.length % 3 !== 0)
    return `${shape.name} is damaged: its triangle list does not come in threes.`;
  const vertexCount = shape.positions.length / 3;
  for (let i = 0; i < shape.indices.length; i++)
    if (shape.indices[i]! >= vertexCount)
      return `${shape.name} is damaged: a triangle names vertex ${shape.indices[i]}, but it has ${vertexCount}.`;
  for (let i = 0; i < shape.positions.length; i++)
    if (!Number.isFinite(shape.positions[i]!))
      return `${shape.name} is damaged: a vertex position is not a number.`;
  return null;
}
