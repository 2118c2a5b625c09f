/**
 * The drawn frame's body transforms (renderer/src/view/frame-poses.ts) on the real Rapier
 * WASM: inside a frame every reader gets the physics' own numbers and each body is read from
 * the physics once; outside a frame, and in the next one, reads see the bodies where they are
 * now (after steps, a grab's move, a removed body).
 */
import { describe, expect, it } from 'vitest';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { FramePoses } from '../../renderer/src/view/frame-poses';
import type { BodySource } from '../../renderer/src/view/body-meshes';
import type { PosedBodySource } from '../../renderer/src/view/frame-poses';
import { loadRapier } from '../support/rapier';

const FRAME = 1 / 60;

type Transform = [number, number, number, number, number, number, number];

function read(source: BodySource, handle: number): Transform | null {
  const p = { x: 0, y: 0, z: 0 };
  const q = { x: 0, y: 0, z: 0, w: 1 };
  if (!source.readTransform(handle, p, q)) return null;
  return [p.x, p.y, p.z, q.x, q.y, q.z, q.w];
}

/** The sandbox, counting the single-body reads and the packed reads that reach it. */
function counted(sandbox: Sandbox): PosedBodySource & { reads: number; packs: number } {
  const source = {
    reads: 0,
    packs: 0,
    get bodies() {
      return sandbox.bodies;
    },
    get bodiesVersion() {
      return sandbox.bodiesVersion;
    },
    readTransform(...args: Parameters<Sandbox['readTransform']>) {
      source.reads++;
      return sandbox.readTransform(...args);
    },
    latestTransforms() {
      source.packs++;
      return sandbox.latestTransforms();
    },
  };
  return source;
}

async function fallingScene(): Promise<Sandbox> {
  const sandbox = new Sandbox(await loadRapier(), { seed: 5 });
  sandbox.addFigure();
  sandbox.addProp('box');
  sandbox.advance(FRAME);
  return sandbox;
}

describe('FramePoses', () => {
  it("gives every reader in a frame the physics' numbers, read once, packed", async () => {
    const sandbox = await fallingScene();
    const source = counted(sandbox);
    const poses = new FramePoses(source);
    const handles = sandbox.bodies.map((body) => body.handle);
    for (let frame = 0; frame < 3; frame++) {
      sandbox.advance(FRAME);
      const direct = handles.map((handle) => read(sandbox, handle));
      source.reads = 0;
      source.packs = 0;
      poses.begin();
      // Three readers, as the body meshes, the avatars and the follow camera are.
      for (let reader = 0; reader < 3; reader++) {
        expect(handles.map((handle) => read(poses, handle))).toEqual(direct);
      }
      poses.end();
      // One packed read for the whole frame; no body is asked about on its own.
      expect(source.packs).toBe(1);
      expect(source.reads).toBe(0);
    }
    sandbox.dispose();
  });

  it('sees the bodies move between frames and reads straight through outside one', async () => {
    const sandbox = await fallingScene();
    const poses = new FramePoses(sandbox);
    const handle = sandbox.figures[0]!.ragdoll.parts[0]!.body.handle;
    poses.begin();
    const first = read(poses, handle);
    poses.end();
    sandbox.advance(FRAME);
    // Outside a frame: where the body is now.
    expect(read(poses, handle)).toEqual(read(sandbox, handle));
    expect(read(poses, handle)).not.toEqual(first);
    // The next frame: where the body is now, too.
    poses.begin();
    expect(read(poses, handle)).toEqual(read(sandbox, handle));
    poses.end();
    // A grab moves the body between frames.
    expect(sandbox.grab.start(handle, { x: 0, y: 1, z: 0 })).toBe(true);
    sandbox.grab.moveTo({ x: 1, y: 2, z: 0 });
    sandbox.advance(FRAME);
    poses.begin();
    expect(read(poses, handle)).toEqual(read(sandbox, handle));
    poses.end();
    sandbox.dispose();
  });

  it('answers false for a body that is gone, and takes bodies added later', async () => {
    const sandbox = await fallingScene();
    const poses = new FramePoses(sandbox);
    const prop = sandbox.props[0]!;
    const handle = prop.body.handle;
    poses.begin();
    expect(read(poses, handle)).not.toBeNull();
    poses.end();
    sandbox.removeProp(prop);
    poses.begin();
    expect(read(poses, handle)).toBeNull();
    poses.end();
    sandbox.addFigure();
    sandbox.addProp('ball');
    sandbox.advance(FRAME);
    poses.begin();
    expect(sandbox.bodies.map((body) => read(poses, body.handle))).toEqual(
      sandbox.bodies.map((body) => read(sandbox, body.handle)),
    );
    poses.end();
    sandbox.dispose();
  });
});
