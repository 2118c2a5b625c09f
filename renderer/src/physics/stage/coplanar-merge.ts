import earcut from 'earcut';

/**
 * A stage's triangles for collision with each flat patch made of as few triangles as its
 * outline needs. Real stage files tessellate floors finely (for vertex lighting, or because the
 * modeller subdivided them): a part lying on a floor of 8 cm triangles meets dozens of them,
 * each its own contact manifold, and the solver's work grows with them. Merging a patch of
 * connected coplanar triangles into its outline's triangulation covers exactly the same
 * surface with a few large triangles. Drawing is untouched: only the colliders use this.
 *
 * A patch is merged only when the result is certain to be the same surface: its boundary must
 * form simple loops (one outline, any number of holes), and the new triangles' area must equal
 * the old; anything else (a pinched outline, an edge shared by three triangles, a degenerate
 * triangle) keeps its own triangles.
 */

/** Triangles by index into a vertex list (metres), as a stage's colliders take them. */
export interface CollisionTriangles {
  readonly positions: Float32Array;
  readonly indices: Uint32Array;
}

/** How far a vertex may sit off a patch's plane and still be in it, metres. */
const PLANE_TOLERANCE = 1e-5;
/** 1 − cos of the largest angle between two normals of one patch. */
const NORMAL_TOLERANCE = 1e-9;
/** A patch's triangulated area may differ from its triangles' by this share at most. */
const AREA_TOLERANCE = 1e-6;
/** Patches of fewer triangles are kept as they are: there is little to gain. */
const MIN_PATCH_TRIANGLES = 3;

/** Items a slice of {@link mergeCoplanarSteps} works through before it yields. */
export const MERGE_ITEMS_PER_SLICE = 32_768;

/**
 * Calls `work` over items 0 to `count` in ranges of {@link MERGE_ITEMS_PER_SLICE}, yielding after
 * each. The work itself is a plain function: V8 optimises a loop inside a generator less well
 * (it ran half again as long here).
 */
function* inSlices(
  count: number,
  work: (from: number, to: number) => void,
): Generator<void, void, void> {
  for (let from = 0; from < count; from += MERGE_ITEMS_PER_SLICE) {
    work(from, Math.min(count, from + MERGE_ITEMS_PER_SLICE));
    yield;
  }
}

/** Returns `shape`'s triangles with flat patches merged (see the module comment), at once. */
export function mergeCoplanarTriangles(shape: CollisionTriangles): CollisionTriangles {
  const steps = mergeCoplanarSteps(shape);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * {@link mergeCoplanarTriangles} a slice at a time: each `next()` does a few milliseconds of
 * the work (a few tens of thousands of vertices, edges or triangles), so a large stage can be
 * merged across frames; the last returns the triangles.
 */
export function* mergeCoplanarSteps(
  shape: CollisionTriangles,
): Generator<void, CollisionTriangles, void> {
  const { positions } = shape;
  const triangles = Math.floor(shape.indices.length / 3);
  const indices = yield* weldVertices(positions, shape.indices);
  const planes = yield* trianglePlanes(positions, indices, triangles);
  const neighbours = yield* edgeNeighbours(indices, positions.length / 3, planes);
  const patchOf = yield* growPatches(positions, indices, planes, neighbours, triangles);
  const members = patchMembers(patchOf);
  yield;
  const out: number[] = [];
  let work = 0;
  for (const patch of members) {
    const merged =
      patch.length >= MIN_PATCH_TRIANGLES
        ? mergePatch(positions, indices, planes, neighbours, patchOf, patch)
        : null;
    if (merged) for (const index of merged) out.push(index);
    else for (const t of patch) out.push(indices[3 * t]!, indices[3 * t + 1]!, indices[3 * t + 2]!);
    work += patch.length;
    if (work >= MERGE_ITEMS_PER_SLICE) {
      work = 0;
      yield;
    }
  }
  return { positions, indices: Uint32Array.from(out) };
}

/**
 * The index list with every vertex replaced by the first vertex at exactly the same position:
 * files often split a vertex where its normal or UV changes, which would cut a flat floor into
 * patches that share no edge.
 */
function* weldVertices(
  positions: Float32Array,
  indices: Uint32Array,
): Generator<void, Uint32Array, void> {
  const vertices = positions.length / 3;
  const bits = new Int32Array(positions.buffer, positions.byteOffset, positions.length);
  let size = 1;
  while (size < vertices * 2) size <<= 1;
  const table = new Int32Array(size).fill(-1);
  const canonical = new Uint32Array(vertices);
  yield* inSlices(vertices, (from, to) => weldRange(bits, table, canonical, from, to));
  const welded = new Uint32Array(indices.length);
  for (let i = 0; i < indices.length; i++) welded[i] = canonical[indices[i]!]!;
  return welded;
}

/** Finds each vertex from..to-1 its first twin in the open-addressing `table`, or enters it. */
function weldRange(
  bits: Int32Array,
  table: Int32Array,
  canonical: Uint32Array,
  from: number,
  to: number,
): void {
  const size = table.length;
  for (let v = from; v < to; v++) {
    const x = bits[3 * v]!;
    const y = bits[3 * v + 1]!;
    const z = bits[3 * v + 2]!;
    let slot =
      mix(Math.imul(x, 73856093) ^ Math.imul(y, 19349663) ^ Math.imul(z, 83492791)) & (size - 1);
    for (;;) {
      const other = table[slot]!;
      if (other < 0) {
        table[slot] = v;
        canonical[v] = v;
        break;
      }
      if (bits[3 * other] === x && bits[3 * other + 1] === y && bits[3 * other + 2] === z) {
        canonical[v] = other;
        break;
      }
      slot = (slot + 1) & (size - 1);
    }
  }
}

/** Spreads a hash's bits (MurmurHash3's finaliser): grid coordinates share most of theirs. */
function mix(hash: number): number {
  let h = hash ^ (hash >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Per triangle: unit normal (x, y, z), plane offset and area; a zero area marks it degenerate. */
function* trianglePlanes(
  positions: Float32Array,
  indices: Uint32Array,
  triangles: number,
): Generator<void, Float64Array, void> {
  const planes = new Float64Array(triangles * 5);
  yield* inSlices(triangles, (from, to) => planesRange(positions, indices, planes, from, to));
  return planes;
}

/** Fills `planes` for triangles from..to-1 (see {@link trianglePlanes}). */
function planesRange(
  positions: Float32Array,
  indices: Uint32Array,
  planes: Float64Array,
  from: number,
  to: number,
): void {
  for (let t = from; t < to; t++) {
    const a = 3 * indices[3 * t]!;
    const b = 3 * indices[3 * t + 1]!;
    const c = 3 * indices[3 * t + 2]!;
    const ux = positions[b]! - positions[a]!;
    const uy = positions[b + 1]! - positions[a + 1]!;
    const uz = positions[b + 2]! - positions[a + 2]!;
    const vx = positions[c]! - positions[a]!;
    const vy = positions[c + 1]! - positions[a + 1]!;
    const vz = positions[c + 2]! - positions[a + 2]!;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (!(length > 1e-12)) continue;
    const o = 5 * t;
    planes[o] = nx / length;
    planes[o + 1] = ny / length;
    planes[o + 2] = nz / length;
    planes[o + 3] =
      planes[o]! * positions[a]! +
      planes[o + 1]! * positions[a + 1]! +
      planes[o + 2]! * positions[a + 2]!;
    planes[o + 4] = length / 2;
  }
}

/** No triangle facing the same way across this edge. */
const OPEN = -1;
/** Several triangles facing the same way meet this edge: nothing merges across it. */
const SHARED_BY_MANY = -2;

/**
 * For each triangle edge (3 per triangle, edge k from corner k to corner k + 1), the one
 * triangle facing the same way that runs along it the other way (its neighbour on a surface),
 * {@link OPEN} or {@link SHARED_BY_MANY}. Only same-facing triangles count, so a two-sided
 * floor (each triangle written again, turned over, on the same vertices) makes two surfaces,
 * each merged on its own, and a wall standing on a floor's edge does not hide the floor's
 * neighbour there.
 */
function* edgeNeighbours(
  indices: Uint32Array,
  vertices: number,
  planes: Float64Array,
): Generator<void, Int32Array, void> {
  const edges = indices.length;
  // The edges grouped by the vertex they start at (a counting sort): a vertex has a handful,
  // so finding the edges between two vertices is a short scan, not a lookup in a table of
  // millions (a Map of edge keys took seconds on a million-triangle floor).
  const start = new Int32Array(vertices + 1);
  for (let e = 0; e < edges; e++) start[indices[e]! + 1]!++;
  for (let v = 0; v < vertices; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, vertices);
  const byStart = new Int32Array(edges);
  for (let e = 0; e < edges; e++) byStart[fill[indices[e]!]!++] = e;
  yield;
  const neighbours = new Int32Array(edges).fill(OPEN);
  const graph: EdgeGraph = { indices, planes, start, byStart };
  yield* inSlices(edges, (from, to) => neighboursRange(graph, neighbours, from, to));
  return neighbours;
}

/** The edges of a triangle list grouped by the vertex each starts at. */
interface EdgeGraph {
  readonly indices: Uint32Array;
  readonly planes: Float64Array;
  /** Where each vertex's edges start in {@link byStart}; one more entry than vertices. */
  readonly start: Int32Array;
  readonly byStart: Int32Array;
}

/** The vertex edge `e` runs to (its triangle's next corner). */
function edgeEnd(indices: Uint32Array, e: number): number {
  return indices[e - (e % 3) + (((e % 3) + 1) % 3)]!;
}

/** Fills `neighbours` for edges from..to-1 (see {@link edgeNeighbours}). */
function neighboursRange(graph: EdgeGraph, neighbours: Int32Array, from: number, to: number): void {
  const { indices, planes, start, byStart } = graph;
  for (let e = from; e < to; e++) {
    const a = indices[e]!;
    const b = edgeEnd(indices, e);
    const triangle = Math.floor(e / 3);
    if (a === b || planes[5 * triangle + 4] === 0) continue;
    let found = OPEN;
    for (let i = start[b]!; i < start[b + 1]!; i++) {
      const back = byStart[i]!;
      const other = Math.floor(back / 3);
      if (edgeEnd(indices, back) !== a || !sameFacing(planes, triangle, other)) continue;
      found = found === OPEN ? other : SHARED_BY_MANY;
    }
    neighbours[e] = found;
  }
}

/** Whether triangles `s` and `t` (neither degenerate) face the same way. */
function sameFacing(planes: Float64Array, s: number, t: number): boolean {
  const a = 5 * s;
  const b = 5 * t;
  if (planes[b + 4] === 0) return false;
  const dot =
    planes[a]! * planes[b]! + planes[a + 1]! * planes[b + 1]! + planes[a + 2]! * planes[b + 2]!;
  return dot >= 1 - NORMAL_TOLERANCE;
}

/** Patch number of each triangle: connected across shared edges, in the first one's plane. */
function* growPatches(
  positions: Float32Array,
  indices: Uint32Array,
  planes: Float64Array,
  neighbours: Int32Array,
  triangles: number,
): Generator<void, Int32Array, void> {
  const patchOf = new Int32Array(triangles).fill(-1);
  const grow: PatchGrowth = {
    positions,
    indices,
    planes,
    neighbours,
    patchOf,
    stack: new Int32Array(triangles),
    patches: 0,
  };
  // A patch is grown whole within its slice: a floor of a million triangles is one long slice.
  yield* inSlices(triangles, (from, to) => {
    for (let seed = from; seed < to; seed++) if (patchOf[seed]! < 0) growPatch(grow, seed);
  });
  return patchOf;
}

/** What growing the patches works with, and the patches numbered so far. */
interface PatchGrowth {
  readonly positions: Float32Array;
  readonly indices: Uint32Array;
  readonly planes: Float64Array;
  readonly neighbours: Int32Array;
  readonly patchOf: Int32Array;
  readonly stack: Int32Array;
  patches: number;
}

/** Numbers a new patch from `seed` across shared edges to every triangle in `seed`'s plane. */
function growPatch(grow: PatchGrowth, seed: number): void {
  const { positions, indices, planes, neighbours, patchOf, stack } = grow;
  const patch = grow.patches++;
  patchOf[seed] = patch;
  if (planes[5 * seed + 4] === 0) return;
  let top = 0;
  stack[top++] = seed;
  while (top > 0) {
    const t = stack[--top]!;
    for (let k = 0; k < 3; k++) {
      const other = neighbours[3 * t + k]!;
      if (other < 0 || patchOf[other]! >= 0) continue;
      if (!inPlane(positions, indices, planes, seed, other)) continue;
      patchOf[other] = patch;
      stack[top++] = other;
    }
  }
}

/** Whether triangle `t` faces as `seed` does and its corners lie in `seed`'s plane. */
function inPlane(
  positions: Float32Array,
  indices: Uint32Array,
  planes: Float64Array,
  seed: number,
  t: number,
): boolean {
  const s = 5 * seed;
  if (!sameFacing(planes, seed, t)) return false;
  for (let k = 0; k < 3; k++) {
    const v = 3 * indices[3 * t + k]!;
    const distance =
      planes[s]! * positions[v]! +
      planes[s + 1]! * positions[v + 1]! +
      planes[s + 2]! * positions[v + 2]! -
      planes[s + 3]!;
    if (Math.abs(distance) > PLANE_TOLERANCE) return false;
  }
  return true;
}

/** The triangles of each patch, patch by patch (views into one array). */
function patchMembers(patchOf: Int32Array): Int32Array[] {
  let patches = 0;
  for (let t = 0; t < patchOf.length; t++) patches = Math.max(patches, patchOf[t]! + 1);
  const start = new Int32Array(patches + 1);
  for (let t = 0; t < patchOf.length; t++) start[patchOf[t]! + 1]!++;
  for (let p = 0; p < patches; p++) start[p + 1]! += start[p]!;
  const fill = start.slice(0, patches);
  const order = new Int32Array(patchOf.length);
  for (let t = 0; t < patchOf.length; t++) order[fill[patchOf[t]!]!++] = t;
  return Array.from({ length: patches }, (_, p) => order.subarray(start[p]!, start[p + 1]!));
}

/**
 * The patch's outline triangulated, as vertex indices (3 per triangle, facing as the patch
 * does), or null when it must keep its own triangles (see the module comment).
 */
function mergePatch(
  positions: Float32Array,
  indices: Uint32Array,
  planes: Float64Array,
  neighbours: Int32Array,
  patchOf: Int32Array,
  patch: Int32Array,
): number[] | null {
  const loops = boundaryLoops(indices, neighbours, patchOf, patch);
  if (!loops) return null;
  const seed = 5 * patch[0]!;
  const normal = [planes[seed]!, planes[seed + 1]!, planes[seed + 2]!] as const;
  // Drop the normal's largest axis: the patch seen along it keeps its shape.
  const drop =
    Math.abs(normal[0]) >= Math.abs(normal[1]) && Math.abs(normal[0]) >= Math.abs(normal[2])
      ? 0
      : Math.abs(normal[1]) >= Math.abs(normal[2])
        ? 1
        : 2;
  const u = drop === 0 ? 1 : 0;
  const v = drop === 2 ? 1 : 2;
  // Seen along +drop, a loop that runs as the triangles do has this sign of area.
  const facing = Math.sign(normal[drop]) * (drop === 1 ? -1 : 1);
  const outlines: number[][] = [];
  const holes: number[][] = [];
  for (const loop of loops) {
    const simple = withoutStraightCorners(positions, loop, u, v);
    if (simple.length < 3) return null;
    const area = loopArea(positions, simple, u, v) * facing;
    if (area > 0) outlines.push(simple);
    else holes.push(simple);
  }
  if (outlines.length !== 1) return null;
  const order = [...outlines[0]!, ...holes.flat()];
  const holeStarts: number[] = [];
  let at = outlines[0]!.length;
  for (const hole of holes) {
    holeStarts.push(at);
    at += hole.length;
  }
  const flat = new Float64Array(order.length * 2);
  order.forEach((vertex, i) => {
    flat[2 * i] = positions[3 * vertex + u]!;
    flat[2 * i + 1] = positions[3 * vertex + v]!;
  });
  const local = earcut(flat, holeStarts);
  if (local.length === 0 || local.length / 3 >= patch.length) return null;
  const merged: number[] = [];
  let mergedArea = 0;
  for (let i = 0; i < local.length; i += 3) {
    const a = order[local[i]!]!;
    let b = order[local[i + 1]!]!;
    let c = order[local[i + 2]!]!;
    const signed = triangleArea2d(positions, a, b, c, u, v) * facing;
    if (signed < 0) [b, c] = [c, b];
    mergedArea += Math.abs(signed);
    merged.push(a, b, c);
  }
  let oldArea = 0;
  for (const t of patch)
    oldArea += Math.abs(
      triangleArea2d(positions, indices[3 * t]!, indices[3 * t + 1]!, indices[3 * t + 2]!, u, v),
    );
  if (Math.abs(mergedArea - oldArea) > AREA_TOLERANCE * oldArea) return null;
  return merged;
}

/**
 * The patch's boundary as closed loops of vertex indices, running as its triangles do; null
 * when the boundary is not a set of simple loops (a vertex where two loops touch, an edge
 * shared by many triangles).
 */
function boundaryLoops(
  indices: Uint32Array,
  neighbours: Int32Array,
  patchOf: Int32Array,
  patch: Int32Array,
): number[][] | null {
  const next = new Map<number, number>();
  const id = patchOf[patch[0]!]!;
  for (const t of patch) {
    for (let k = 0; k < 3; k++) {
      const across = neighbours[3 * t + k]!;
      if (across === SHARED_BY_MANY) return null;
      if (across >= 0 && patchOf[across] === id) continue;
      const a = indices[3 * t + k]!;
      const b = indices[3 * t + ((k + 1) % 3)]!;
      if (next.has(a)) return null;
      next.set(a, b);
    }
  }
  const loops: number[][] = [];
  while (next.size > 0) {
    const start: number = next.keys().next().value!;
    const loop: number[] = [];
    let vertex = start;
    do {
      const following = next.get(vertex);
      if (following === undefined) return null;
      next.delete(vertex);
      loop.push(vertex);
      vertex = following;
    } while (vertex !== start);
    loops.push(loop);
  }
  return loops;
}

/** `loop` without the corners where it runs straight on (a subdivided edge's inner points). */
function withoutStraightCorners(
  positions: Float32Array,
  loop: readonly number[],
  u: number,
  v: number,
): number[] {
  const kept: number[] = [];
  const n = loop.length;
  for (let i = 0; i < n; i++) {
    const a = loop[(i + n - 1) % n]!;
    const b = loop[i]!;
    const c = loop[(i + 1) % n]!;
    const abu = positions[3 * b + u]! - positions[3 * a + u]!;
    const abv = positions[3 * b + v]! - positions[3 * a + v]!;
    const bcu = positions[3 * c + u]! - positions[3 * b + u]!;
    const bcv = positions[3 * c + v]! - positions[3 * b + v]!;
    const cross = abu * bcv - abv * bcu;
    const dot = abu * bcu + abv * bcv;
    const scale = Math.hypot(abu, abv) * Math.hypot(bcu, bcv);
    if (dot > 0 && Math.abs(cross) <= 1e-9 * scale) continue;
    kept.push(b);
  }
  return kept;
}

/** The signed area of a closed loop in the (u, v) plane. */
function loopArea(positions: Float32Array, loop: readonly number[], u: number, v: number): number {
  let sum = 0;
  for (let i = 0; i < loop.length; i++) {
    const a = 3 * loop[i]!;
    const b = 3 * loop[(i + 1) % loop.length]!;
    sum += positions[a + u]! * positions[b + v]! - positions[b + u]! * positions[a + v]!;
  }
  return sum / 2;
}

/** The signed area of triangle (a, b, c) in the (u, v) plane. */
function triangleArea2d(
  positions: Float32Array,
  a: number,
  b: number,
  c: number,
  u: number,
  v: number,
): number {
  const au = positions[3 * a + u]!;
  const av = positions[3 * a + v]!;
  return (
    ((positions[3 * b + u]! - au) * (positions[3 * c + v]! - av) -
      (positions[3 * b + v]! - av) * (positions[3 * c + u]! - au)) /
    2
  );
}
