/**
 * Merging a stage's flat patches for collision: a finely cut floor becomes a few triangles
 * covering exactly the same surface (checked point by point, holes and all), a two-sided floor
 * merges side by side, slopes and steps stay apart, and a patch whose outline is not a set of
 * simple loops keeps its own triangles. Then on the real Rapier WASM: a ball lands on the
 * merged floor as on the original.
 */
import { describe, expect, it } from 'vitest';
import type { CollisionTriangles } from '../../renderer/src/physics/stage/coplanar-merge';
import {
  mergeCoplanarSteps,
  mergeCoplanarTriangles,
} from '../../renderer/src/physics/stage/coplanar-merge';
import { gridTriangles, joinTriangles } from '../../tools/fixtures/gltf-stage-writer';
import { createSeededRandom } from '../../renderer/src/physics/seeded-random';
import { loadRapier } from '../support/rapier';

const count = (mesh: CollisionTriangles): number => mesh.indices.length / 3;

/**
 * The heights of the surfaces straight above or below (x, z), sorted, and whether each faces
 * up: what a downward ray (or a body resting there) meets.
 */
function surfacesAt(mesh: CollisionTriangles, x: number, z: number): string[] {
  const { positions: p, indices } = mesh;
  const found: string[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [3 * indices[t]!, 3 * indices[t + 1]!, 3 * indices[t + 2]!];
    const d = (p[b]! - p[a]!) * (p[c + 2]! - p[a + 2]!) - (p[c]! - p[a]!) * (p[b + 2]! - p[a + 2]!);
    if (Math.abs(d) < 1e-12) continue;
    const s = ((x - p[a]!) * (p[c + 2]! - p[a + 2]!) - (p[c]! - p[a]!) * (z - p[a + 2]!)) / d;
    const r = ((p[b]! - p[a]!) * (z - p[a + 2]!) - (x - p[a]!) * (p[b + 2]! - p[a + 2]!)) / d;
    if (s < 0 || r < 0 || s + r > 1) continue;
    const y = p[a + 1]! + s * (p[b + 1]! - p[a + 1]!) + r * (p[c + 1]! - p[a + 1]!);
    // d < 0 is counter-clockwise seen from above in (x, z): the face points up.
    found.push(`${y.toFixed(4)}${d < 0 ? '↑' : '↓'}`);
  }
  return [...new Set(found)].sort();
}

/** Checks that `merged` covers what `original` does at `samples` random points of the box. */
function expectSameSurface(
  original: CollisionTriangles,
  merged: CollisionTriangles,
  half: number,
  samples = 1500,
): void {
  const random = createSeededRandom(11);
  for (let i = 0; i < samples; i++) {
    // Off the grid lines, where the answer is not a matter of rounding.
    const x = (random() * 2 - 1) * half + 1e-4;
    const z = (random() * 2 - 1) * half + 2e-4;
    expect(surfacesAt(merged, x, z), `at (${x}, ${z})`).toEqual(surfacesAt(original, x, z));
  }
}

/** `mesh` with cell (row, col) of a `cells`-wide grid taken out (its two triangles). */
function withoutCells(mesh: CollisionTriangles, cells: number, gone: [number, number][]) {
  const keep: number[] = [];
  for (let t = 0; t < mesh.indices.length / 3; t++) {
    const cell = Math.floor(t / 2);
    if (gone.some(([row, col]) => row * cells + col === cell)) continue;
    keep.push(mesh.indices[3 * t]!, mesh.indices[3 * t + 1]!, mesh.indices[3 * t + 2]!);
  }
  return { positions: mesh.positions, indices: Uint32Array.from(keep) };
}

/** `mesh` written again turned over (each triangle's winding reversed): its other side. */
function turnedOver(mesh: CollisionTriangles): CollisionTriangles {
  const indices = Uint32Array.from(mesh.indices);
  for (let t = 0; t < indices.length; t += 3)
    [indices[t + 1], indices[t + 2]] = [indices[t + 2]!, indices[t + 1]!];
  return { positions: mesh.positions, indices };
}

describe('merging a stage’s flat patches', () => {
  it('makes a finely cut floor two triangles covering the same square', () => {
    const floor = gridTriangles(6, 40);
    const merged = mergeCoplanarTriangles(floor);
    expect(count(floor)).toBe(3200);
    expect(count(merged)).toBe(2);
    expectSameSurface(floor, merged, 3.5);
  });

  it('keeps a floor’s holes, and welds vertices a file split where normals or UVs change', () => {
    const floor = withoutCells(gridTriangles(6, 12), 12, [
      [3, 3],
      [3, 4],
      [4, 3],
      [8, 8],
    ]);
    // Every triangle its own three vertices, as a file with split vertices writes them.
    const split = {
      positions: Float32Array.from(
        Array.from(floor.indices).flatMap((v) => [...floor.positions.subarray(3 * v, 3 * v + 3)]),
      ),
      indices: Uint32Array.from(floor.indices, (_, i) => i),
    };
    const merged = mergeCoplanarTriangles(split);
    expect(count(merged)).toBeLessThan(40);
    expectSameSurface(split, merged, 3.5);
    // A point in a hole meets nothing; beside it, the floor.
    expect(surfacesAt(merged, -1.2, -1.3)).toEqual([]);
    expect(surfacesAt(merged, -1.7, -1.7)).toEqual(['0.0000↑']);
  });

  it('merges each side of a two-sided floor on its own, and a room’s floor apart from its ceiling', () => {
    const floor = gridTriangles(4, 10);
    const room = joinTriangles(floor, turnedOver(floor), gridTriangles(4, 10, 0, 2.5, 0));
    const merged = mergeCoplanarTriangles(room);
    expect(count(merged)).toBe(6);
    expectSameSurface(room, merged, 2.5);
    expect(surfacesAt(merged, 0.3, 0.3)).toEqual(['0.0000↑', '0.0000↓', '2.5000↑']);
  });

  it('leaves steps and slopes apart and merges only within each flat part', () => {
    const low = gridTriangles(2, 8, 0, 0, 0);
    const step = gridTriangles(2, 8, 2, 0.2, 0);
    const slope = gridTriangles(2, 8, -2, 0, 0);
    for (let v = 0; v < slope.positions.length / 3; v++)
      slope.positions[3 * v + 1] = 0.3 * (slope.positions[3 * v]! + 3);
    const stage = joinTriangles(low, step, slope);
    const merged = mergeCoplanarTriangles(stage);
    expect(count(merged)).toBe(6);
    expectSameSurface(stage, merged, 3.2);
  });

  it('keeps the triangles of a patch whose outline touches itself at a corner', () => {
    // Two squares meeting at one corner: one patch (they share no edge, but a third square
    // joins them), whose outline passes the shared corner twice.
    const grid = gridTriangles(3, 3);
    const pinched = withoutCells(grid, 3, [
      [0, 1],
      [1, 0],
      [1, 2],
      [2, 1],
      [2, 2],
    ]);
    const merged = mergeCoplanarTriangles(pinched);
    expectSameSurface(pinched, merged, 1.6);
    expect(count(merged)).toBeLessThanOrEqual(count(pinched));
  });

  it('works a slice at a time and ends with what the one-call merge returns', () => {
    const floor = gridTriangles(20, 200);
    const steps = mergeCoplanarSteps(floor);
    let slices = 0;
    let step = steps.next();
    while (!step.done) {
      slices++;
      step = steps.next();
    }
    expect(slices).toBeGreaterThan(5);
    expect(Array.from(step.value.indices)).toEqual(
      Array.from(mergeCoplanarTriangles(floor).indices),
    );
  });

  it('gives Rapier a floor a ball lands on as on the original', async () => {
    const rapier = await loadRapier();
    const heights = [gridTriangles(6, 60, 0, 0.5, 0)].flatMap((floor) =>
      [floor, mergeCoplanarTriangles(floor)].map((mesh) => {
        const world = new rapier.World({ x: 0, y: -9.81, z: 0 });
        try {
          world.createCollider(rapier.ColliderDesc.trimesh(mesh.positions, mesh.indices));
          const ball = world.createRigidBody(
            rapier.RigidBodyDesc.dynamic().setTranslation(0.37, 1.5, -1.21),
          );
          world.createCollider(rapier.ColliderDesc.ball(0.1), ball);
          for (let i = 0; i < 120; i++) world.step();
          return ball.translation().y;
        } finally {
          world.free();
        }
      }),
    );
    expect(heights[0]).toBeCloseTo(0.6, 2);
    expect(heights[1]).toBeCloseTo(heights[0]!, 3);
  });
});
