/**
 * `npm run bench:stage`: what a stage from a file costs. Writes a generated glTF stage of
 * about a million triangles (a 60 m floor of 708 × 708 cells, two triangles each) and times
 * it until ready: the file's bytes read into triangles (`readStageFile`) and its fixed trimesh
 * colliders built and taken into the scene, as the app does over several frames. Then the
 * cost of a step with six box figures dropped onto it against the same scene on the built-in
 * stage, alternating rounds so the machine's load falls on both alike: once on that fine
 * floor (flat, so its colliders merge it into a few large triangles), on the same floor made
 * uneven by up to 1 cm (nothing merges: every figure part touches dozens of 8.5 cm triangles,
 * the worst case; timed until ready too), and on a stage of the same size whose triangles are
 * mostly elsewhere, as in real stage files: a floor of 1 m cells and a detailed wall of a
 * million triangles behind it. `--json` prints one JSON object.
 */
import RAPIER from '@dimforge/rapier3d-simd-compat';
import { BOX_DOLL } from '../renderer/src/physics/box-doll';
import { Sandbox } from '../renderer/src/physics/sandbox';
import type { StageShape } from '../renderer/src/physics/stage/stage-shape';
import { readStageFile } from '../renderer/src/rig/stage/stage-file';
import { gridTriangles, writeStageGlb } from '../tools/fixtures/gltf-stage-writer';
import { median } from './lib/bench-stats';

const CELLS = 708;
const FLOOR_METRES = 60;
const FIGURES = 6;
const ROUNDS = 5;
const READY_RUNS = 3;
/** Simulated seconds per timed round: the drop, the landing and the first settling. */
const ROUND_SECONDS = 3;

async function readyMs(
  bytes: Uint8Array,
): Promise<{ readMs: number; buildMs: number; triangles: number }> {
  const start = performance.now();
  const file = await readStageFile('floor.glb', bytes, () => Promise.reject(new Error('none')));
  const read = performance.now();
  const sandbox = new Sandbox(RAPIER);
  try {
    const build = sandbox.scenery.begin(file.shape);
    // As the app does: a slice of the build per frame until it is done.
    while (!build.advance(8));
    sandbox.scenery.commit();
    return { readMs: read - start, buildMs: performance.now() - read, triangles: build.triangles };
  } finally {
    sandbox.dispose();
  }
}

/** Mean ms per step of six figures dropped and landing, on `shape` or the built-in stage. */
function stepMs(shape: StageShape | null): number {
  const sandbox = new Sandbox(RAPIER, { seed: 7 });
  try {
    if (shape) sandbox.scenery.use(shape);
    for (let i = 0; i < FIGURES; i++) sandbox.addFigure(BOX_DOLL);
    sandbox.drop();
    sandbox.run(0.5);
    sandbox.resetTiming();
    sandbox.run(ROUND_SECONDS);
    return sandbox.measure().msPerStep;
  } finally {
    sandbox.dispose();
  }
}

/**
 * The fine floor with every vertex raised by up to 1 cm (a fixed pattern, the same every run):
 * no two neighbouring triangles lie in one plane, so none merge.
 */
function unevenFloor(): ReturnType<typeof gridTriangles> {
  const floor = gridTriangles(FLOOR_METRES, CELLS, 0, 0, 0);
  for (let v = 0; v < floor.positions.length / 3; v++)
    floor.positions[3 * v + 1] = 0.01 * (((v * 7919) % 101) / 100);
  return floor;
}

/** A floor of 1 m cells and, standing 30 m behind the slots, a wall of a million triangles. */
function floorAndWall(): StageShape {
  const floor = gridTriangles(FLOOR_METRES, FLOOR_METRES, 0, 0, 0);
  const wall = gridTriangles(FLOOR_METRES, CELLS, 0, 0, 0);
  // The grid turned upright: its z becomes height (0…60 m), standing at z = −30 m.
  for (let i = 0; i < wall.positions.length; i += 3) {
    const depth = wall.positions[i + 2]!;
    wall.positions[i + 1] = depth + FLOOR_METRES / 2;
    wall.positions[i + 2] = -FLOOR_METRES / 2;
  }
  const floorVertices = floor.positions.length / 3;
  const positions = new Float32Array(floor.positions.length + wall.positions.length);
  positions.set(floor.positions);
  positions.set(wall.positions, floor.positions.length);
  const indices = new Uint32Array(floor.indices.length + wall.indices.length);
  indices.set(floor.indices);
  indices.set(
    wall.indices.map((index) => index + floorVertices),
    floor.indices.length,
  );
  return { name: 'floor-and-wall', positions, indices, fixedShapes: [] };
}

async function main(): Promise<void> {
  await RAPIER.init();
  const json = process.argv.includes('--json');
  const bytes = writeStageGlb(gridTriangles(FLOOR_METRES, CELLS, 0, 0, 0));
  const ready = [];
  for (let i = 0; i < READY_RUNS; i++) ready.push(await readyMs(bytes));
  const shape = (await readStageFile('floor.glb', bytes, () => Promise.reject(new Error('none'))))
    .shape;
  const unevenBytes = writeStageGlb(unevenFloor());
  const readyUneven = [];
  for (let i = 0; i < READY_RUNS; i++) readyUneven.push(await readyMs(unevenBytes));
  const uneven = (
    await readStageFile('uneven.glb', unevenBytes, () => Promise.reject(new Error('none')))
  ).shape;
  const walled = floorAndWall();
  const builtIn: number[] = [];
  const file: number[] = [];
  const bumpy: number[] = [];
  const wall: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    builtIn.push(stepMs(null));
    file.push(stepMs(shape));
    bumpy.push(stepMs(uneven));
    wall.push(stepMs(walled));
  }
  const result = {
    triangles: ready[0]!.triangles,
    fileMB: Number((bytes.byteLength / 2 ** 20).toFixed(1)),
    readMs: Number(median(ready.map((r) => r.readMs)).toFixed(0)),
    buildMs: Number(median(ready.map((r) => r.buildMs)).toFixed(0)),
    readyMs: Number(median(ready.map((r) => r.readMs + r.buildMs)).toFixed(0)),
    stepMsBuiltIn: Number(median(builtIn).toFixed(3)),
    stepMsFileStage: Number(median(file).toFixed(3)),
    stepRatio: Number((median(file) / median(builtIn)).toFixed(2)),
    readyMsUneven: Number(median(readyUneven.map((r) => r.readMs + r.buildMs)).toFixed(0)),
    stepMsUnevenFloor: Number(median(bumpy).toFixed(3)),
    stepRatioUnevenFloor: Number((median(bumpy) / median(builtIn)).toFixed(2)),
    wallTriangles: walled.indices.length / 3,
    stepMsFloorAndWall: Number(median(wall).toFixed(3)),
    stepRatioFloorAndWall: Number((median(wall) / median(builtIn)).toFixed(2)),
  };
  if (json) console.log(JSON.stringify(result));
  else for (const [key, value] of Object.entries(result)) console.log(`${key.padEnd(24)}${value}`);
}

await main();
