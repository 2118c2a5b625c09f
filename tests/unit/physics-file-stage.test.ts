/**
 * Stages from files on the real Rapier WASM: a generated glTF and a generated PMX stage are
 * read the way the app reads them, built as fixed trimesh colliders, and collide exactly where
 * their triangles (and the PMX's own fixed rigid bodies) are; figures drop onto their floor;
 * a refused stage leaves the old one; the built-in stage comes back.
 */
import { describe, expect, it } from 'vitest';
import type { RapierApi, RigidBody } from '../../renderer/src/physics/rapier-api';
import type { Sandbox } from '../../renderer/src/physics/sandbox';
import { StageShapeError } from '../../renderer/src/physics/stage/scene-stage';
import { readStageFile, StageFileError } from '../../renderer/src/rig/stage/stage-file';
import {
  gridTriangles,
  joinTriangles,
  writeStageGlb,
  writeStageGltf,
} from '../../tools/fixtures/gltf-stage-writer';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';
import { slabStageModel } from '../../tools/fixtures/mmd/stage-fixture-models';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { loadRapier } from '../support/rapier';
import { useSandboxes } from '../support/sandboxes';

const makeSandbox = useSandboxes();
const noBeside = (uri: string): Promise<Uint8Array> =>
  Promise.reject(new Error(`nothing beside: ${uri}`));
const BALL_RADIUS = 0.1;

/** A dynamic ball of radius 0.1 m at (x, y, z) in the sandbox's world. */
function dropBall(rapier: RapierApi, sandbox: Sandbox, x: number, y: number, z: number): RigidBody {
  const body = sandbox.world.createRigidBody(
    rapier.RigidBodyDesc.dynamic().setTranslation(x, y, z),
  );
  sandbox.world.createCollider(rapier.ColliderDesc.ball(BALL_RADIUS), body);
  return body;
}

/** A 4 m square of triangles whose top is 1 m up, centred on (5, 1, 5), 2 triangles per 0.5 m cell. */
const square = () => gridTriangles(4, 8, 5, 1, 5);

describe('a glTF stage', () => {
  it('collides where its triangles are and nowhere else (the built-in floor is gone)', async () => {
    const rapier = await loadRapier();
    const sandbox = await makeSandbox();
    const file = await readStageFile('square.glb', writeStageGlb(square()), noBeside);
    expect(file.shape.indices.length / 3).toBe(128);
    sandbox.scenery.use(file.shape);
    const on = dropBall(rapier, sandbox, 5.5, 2, 4.5);
    const beside = dropBall(rapier, sandbox, 8, 2, 5);
    const onBuiltInFloor = dropBall(rapier, sandbox, 0, 0.5, -8);
    sandbox.run(2);
    expect(on.translation().y).toBeCloseTo(1 + BALL_RADIUS, 2);
    expect(beside.translation().y).toBeLessThan(-5);
    expect(onBuiltInFloor.translation().y).toBeLessThan(-5);
    expect(sandbox.scenery.inUse).toMatchObject({
      kind: 'file',
      name: 'square.glb',
      triangles: 128,
    });
    expect(sandbox.scenery.inUse.bounds.min).toEqual([3, 1, 3]);
    expect(sandbox.scenery.inUse.bounds.max).toEqual([7, 1, 7]);
  });

  it('places its mesh by its node and reads a buffer from a .bin beside it', async () => {
    const rapier = await loadRapier();
    const sandbox = await makeSandbox();
    const { gltf, bin } = writeStageGltf(gridTriangles(2, 2), 'floor.bin', {
      translation: [0, 3, 0],
    });
    const asked: string[] = [];
    const file = await readStageFile('room.gltf', new TextEncoder().encode(gltf), async (uri) => {
      asked.push(uri);
      return bin;
    });
    expect(asked).toEqual(['floor.bin']);
    sandbox.scenery.use(file.shape);
    const ball = dropBall(rapier, sandbox, 0.2, 4, 0.2);
    sandbox.run(1.5);
    expect(ball.translation().y).toBeCloseTo(3 + BALL_RADIUS, 2);
  });

  it('drops the figures onto its floor under their slots, or over its centre when there is none', async () => {
    const sandbox = await makeSandbox();
    // A 3 m square far from the slots (which stand around x 0, z 0…1) and one under them.
    const far = await readStageFile(
      'far.glb',
      writeStageGlb(gridTriangles(3, 4, 20, 2, 20)),
      noBeside,
    );
    sandbox.scenery.use(far.shape);
    sandbox.addFigure(BOX_DOLL);
    sandbox.drop();
    sandbox.run(3);
    const farRoot = sandbox.figures[0]!.ragdoll.root.body.translation();
    expect(Math.hypot(farRoot.x - 20, farRoot.z - 20)).toBeLessThan(1.5);
    expect(farRoot.y).toBeGreaterThan(2);
    expect(farRoot.y).toBeLessThan(3.5);

    const high = await readStageFile(
      'high.glb',
      writeStageGlb(gridTriangles(10, 4, 0, -4, 0)),
      noBeside,
    );
    sandbox.scenery.use(high.shape);
    sandbox.drop();
    sandbox.run(3);
    const root = sandbox.figures[0]!.ragdoll.root.body.translation();
    expect(Math.hypot(root.x, root.z)).toBeLessThan(1.5);
    expect(root.y).toBeGreaterThan(-4);
    expect(root.y).toBeLessThan(-2.5);
  });

  it('drops figures, balls and boxes into a room under its ceiling, not onto its roof', async () => {
    const sandbox = await makeSandbox();
    // A 10 m room: a floor at 0 m and a ceiling 2.5 m up, closer than the 4.5 m a prop drops.
    const room = joinTriangles(gridTriangles(10, 10, 0, 0, 0), gridTriangles(10, 10, 0, 2.5, 0));
    const file = await readStageFile('room.glb', writeStageGlb(room), noBeside);
    sandbox.scenery.use(file.shape);
    const empty = sandbox.addProp('ball');
    sandbox.addFigure(BOX_DOLL);
    sandbox.drop();
    sandbox.run(3);
    // The figure dropped from under the ceiling, its head clear of it, and landed on the floor.
    const figureY = sandbox.figures[0]!.ragdoll.root.body.translation().y;
    expect(figureY).toBeGreaterThan(0);
    expect(figureY).toBeLessThan(1.5);
    const ball = sandbox.addProp('ball');
    const box = sandbox.addProp('box');
    expect(box.body.translation().y).toBeLessThan(2.5);
    sandbox.run(3);
    for (const prop of [empty, ball, box]) {
      const y = prop.body.translation().y;
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(1.5);
    }
    // Under the open sky a prop still starts 4.5 m above the figure.
    const open = await readStageFile('floor.glb', writeStageGlb(gridTriangles(10, 10)), noBeside);
    sandbox.scenery.use(open.shape);
    const root = sandbox.figures[0]!.ragdoll.root.body.translation();
    expect(sandbox.addProp('box').body.translation().y).toBeCloseTo(root.y + 4.5, 5);
  });

  it('is built a chunk at a time, disabled until taken into the scene', async () => {
    const rapier = await loadRapier();
    const sandbox = await makeSandbox();
    // 2·200² = 80,000 triangles. The vertices stand 1 mm up and down like a chessboard's
    // squares, so the two triangles of a cell are never in one plane and merging flat patches
    // (see stage-coplanar-merge.test.ts) leaves more than one chunk of at most 32,768.
    const bumpy = gridTriangles(20, 200, 0, 0.5, 0);
    for (let v = 0; v < bumpy.positions.length / 3; v++)
      bumpy.positions[3 * v + 1]! += ((Math.floor(v / 201) + (v % 201)) % 2) * 0.001;
    const file = await readStageFile('big.glb', writeStageGlb(bumpy), noBeside);
    const build = sandbox.scenery.begin(file.shape);
    build.advance(0);
    expect(build.progress).toBeGreaterThan(0);
    expect(build.progress).toBeLessThan(1);
    const ball = dropBall(rapier, sandbox, 0, 1.5, -10.5);
    sandbox.run(1);
    // Still on the built-in floor: the half-built stage touches nothing.
    expect(ball.translation().y).toBeCloseTo(BALL_RADIUS, 2);
    while (!build.advance(0));
    expect(build.colliders.length).toBeGreaterThan(1);
    sandbox.scenery.commit();
    const onTop = dropBall(rapier, sandbox, 0.3, 1.5, 0.3);
    sandbox.run(1);
    expect(onTop.translation().y).toBeCloseTo(0.5 + BALL_RADIUS, 2);
  });
});

describe('a PMX stage', () => {
  it('collides where its triangles are and where its fixed rigid bodies are', async () => {
    const rapier = await loadRapier();
    const sandbox = await makeSandbox();
    const file = await readStageFile('slab.pmx', writePmx(slabStageModel()), noBeside);
    expect(file.kind).toBe('mmd');
    expect(file.shape.fixedShapes).toHaveLength(1);
    sandbox.scenery.use(file.shape);
    const onSlab = dropBall(rapier, sandbox, 0.5, 2.5, 0);
    const onBody = dropBall(rapier, sandbox, 3.2, 2.5, 0);
    const beside = dropBall(rapier, sandbox, 0.5, 2.5, 3);
    sandbox.run(2);
    // The slab's top: 15 MMD units up at 0.08 m each; the block's: 10 units.
    expect(onSlab.translation().y).toBeCloseTo(1.2 + BALL_RADIUS, 2);
    expect(onBody.translation().y).toBeCloseTo(0.8 + BALL_RADIUS, 2);
    expect(beside.translation().y).toBeLessThan(-5);
  });
});

describe('stages that cannot be used', () => {
  it('refuses a damaged, empty or humanoid file, naming it, and keeps the stage in use', async () => {
    const sandbox = await makeSandbox();
    const good = await readStageFile('square.glb', writeStageGlb(square()), noBeside);
    sandbox.scenery.use(good.shape);
    const glb = writeStageGlb(square());
    await expect(readStageFile('cut.glb', glb.subarray(0, 200), noBeside)).rejects.toThrow(
      /cut\.glb cannot be used as a stage: .*cut short/,
    );
    const empty = writeStageGlb({ positions: new Float32Array(0), indices: new Uint32Array(0) });
    await expect(readStageFile('empty.glb', empty, noBeside)).rejects.toThrow(
      /empty\.glb has no triangles to stand on/,
    );
    await expect(readStageFile('notes.txt', glb, noBeside)).rejects.toThrow(StageFileError);
    const { gltf } = writeStageGltf(square(), 'gone.bin');
    await expect(
      readStageFile('lost.gltf', new TextEncoder().encode(gltf), noBeside),
    ).rejects.toThrow(/nothing beside: gone\.bin/);
    // A shape that slips past the reader (NaN) is refused by the physics itself.
    const nan = square();
    nan.positions[4] = Number.NaN;
    expect(() => sandbox.scenery.use({ name: 'nan.glb', ...nan, fixedShapes: [] })).toThrow(
      StageShapeError,
    );
    expect(sandbox.scenery.inUse).toMatchObject({ kind: 'file', name: 'square.glb' });
    expect(sandbox.scenery.building).toBeNull();
  });

  it('refuses more than 2 million triangles before building anything', async () => {
    const sandbox = await makeSandbox();
    const huge = { positions: new Float32Array(9), indices: new Uint32Array(3 * 2_000_001) };
    expect(() => sandbox.scenery.use({ name: 'huge.glb', ...huge, fixedShapes: [] })).toThrow(
      /huge\.glb has 2,000,001 triangles, more than the 2,000,000/,
    );
    expect(sandbox.scenery.inUse.kind).toBe('built-in');
  });
});

describe('the built-in stage', () => {
  it('comes back in place of a file stage', async () => {
    const rapier = await loadRapier();
    const sandbox = await makeSandbox();
    const file = await readStageFile('square.glb', writeStageGlb(square()), noBeside);
    const builtInColliders = sandbox.scenery.colliders.length;
    sandbox.scenery.use(file.shape);
    sandbox.scenery.useBuiltIn();
    expect(sandbox.scenery.inUse.kind).toBe('built-in');
    expect(sandbox.scenery.colliders).toHaveLength(builtInColliders);
    const ball = dropBall(rapier, sandbox, 0, 1, 0.5);
    const over = dropBall(rapier, sandbox, 5.5, 2, 4.5);
    sandbox.run(1.5);
    expect(ball.translation().y).toBeCloseTo(BALL_RADIUS, 2);
    expect(over.translation().y).toBeCloseTo(BALL_RADIUS, 2);
  });
});
