/**
 * Every body's transform packed into one buffer (renderer/src/physics/body-transforms.ts), on
 * the real Rapier WASM: the packed numbers are the physics' own, bodies the view does not draw
 * (a model prop's carrier) and MMD bodies that follow their part are in it, the slots follow
 * bodies coming and going, and a refill with the same bodies allocates no new buffer.
 */
import { describe, expect, it } from 'vitest';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import {
  BodyTransforms,
  TRANSFORM_FLOATS,
  type TransformSource,
} from '../../renderer/src/physics/body-transforms';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import { mmdPropRig } from '../../renderer/src/rig/mmd/mmd-prop-rig';
import { ribbonPropModel } from '../../tools/fixtures/mmd/prop-fixture-models';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';
import { loadRapier } from '../support/rapier';

const FRAME = 1 / 60;

type Transform = [number, number, number, number, number, number, number];

function readFrom(
  reader: { read(h: number, p: object, q: object): boolean } | Sandbox,
  handle: number,
): Transform | null {
  const p = { x: 0, y: 0, z: 0 };
  const q = { x: 0, y: 0, z: 0, w: 1 };
  const ok =
    reader instanceof Sandbox ? reader.readTransform(handle, p, q) : reader.read(handle, p, q);
  return ok ? [p.x, p.y, p.z, q.x, q.y, q.z, q.w] : null;
}

async function fallingScene(): Promise<Sandbox> {
  const sandbox = new Sandbox(await loadRapier(), { seed: 9 });
  sandbox.addFigure();
  sandbox.addProp('ball');
  sandbox.advance(FRAME);
  return sandbox;
}

describe('BodyTransforms', () => {
  it("packs every body with the physics' own numbers, in its handles' order", async () => {
    const sandbox = await fallingScene();
    for (let frame = 0; frame < 3; frame++) {
      sandbox.advance(FRAME);
      const packed = sandbox.latestTransforms();
      const handles = sandbox.bodies.map((body) => body.handle);
      expect([...packed.handles].sort()).toEqual([...handles].sort());
      for (const handle of handles) {
        expect(readFrom(packed, handle)).toEqual(readFrom(sandbox, handle));
        const slot = packed.handles.indexOf(handle);
        const at = slot * TRANSFORM_FLOATS;
        expect(Array.from(packed.data.subarray(at, at + TRANSFORM_FLOATS))).toEqual(
          readFrom(sandbox, handle),
        );
      }
    }
    sandbox.dispose();
  });

  it("packs what the view does not draw: a model prop's carrier and its follow body", async () => {
    const sandbox = await fallingScene();
    const rig = mmdPropRig(parseMmdModel(writePmx(ribbonPropModel(4))));
    const prop = sandbox.addModelProp({
      carrier: rig.rig.spec,
      mmd: rig.physics,
      carrierCollides: rig.carrierCollides,
    });
    sandbox.advance(FRAME);
    const packed = sandbox.latestTransforms();
    const carrier = prop.body.handle;
    const drawn = new Set(sandbox.bodies.map((body) => body.handle));
    const follow = sandbox.bodies.find((body) => body.mmd?.motion === 'follow');
    expect(follow).toBeDefined();
    expect(drawn.has(carrier)).toBe(false);
    for (const handle of [carrier, follow!.handle, ...drawn]) {
      expect(readFrom(packed, handle)).not.toBeNull();
      expect(readFrom(packed, handle)).toEqual(readFrom(sandbox, handle));
    }
    sandbox.dispose();
  });

  it('follows bodies coming and going, and answers false for one that is gone', async () => {
    const sandbox = await fallingScene();
    const prop = sandbox.props[0]!;
    const gone = prop.body.handle;
    expect(readFrom(sandbox.latestTransforms(), gone)).not.toBeNull();
    sandbox.removeProp(prop);
    expect(readFrom(sandbox.latestTransforms(), gone)).toBeNull();
    for (let i = 0; i < 3; i++) sandbox.addFigure();
    sandbox.advance(FRAME);
    const packed = sandbox.latestTransforms();
    expect(packed.count).toBe(sandbox.bodies.length);
    for (const body of sandbox.bodies) {
      expect(readFrom(packed, body.handle)).toEqual(readFrom(sandbox, body.handle));
    }
    sandbox.dispose();
  });

  it('keeps its buffer while the bodies stay the same, and grows past its first size', () => {
    const bodies = new Map<number, Transform>([
      [3, [1, 2, 3, 0, 0, 0, 1]],
      [7, [4, 5, 6, 0, 1, 0, 0]],
    ]);
    const source: TransformSource & { readableHandles: number[] } = {
      readableHandles: [3, 7],
      readableVersion: 1,
      readTransform(handle, position, rotation) {
        const t = bodies.get(handle);
        if (!t) return false;
        [position.x, position.y, position.z, rotation.x, rotation.y, rotation.z, rotation.w] = t;
        return true;
      },
    };
    const packed = new BodyTransforms(1);
    packed.fill(source);
    const grown = packed.data;
    expect(grown.length).toBeGreaterThanOrEqual(2 * TRANSFORM_FLOATS);
    expect(readFrom(packed, 7)).toEqual([4, 5, 6, 0, 1, 0, 0]);
    bodies.set(7, [8, 9, 10, 1, 0, 0, 0]);
    packed.fill(source);
    expect(packed.data).toBe(grown);
    expect(readFrom(packed, 7)).toEqual([8, 9, 10, 1, 0, 0, 0]);
    // A body the source cannot read any more: its slot answers false, the others still read.
    bodies.delete(3);
    packed.fill(source);
    expect(readFrom(packed, 3)).toBeNull();
    expect(readFrom(packed, 7)).toEqual([8, 9, 10, 1, 0, 0, 0]);
    expect(readFrom(packed, 99)).toBeNull();
  });
});
