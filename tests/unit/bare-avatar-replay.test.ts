/**
 * The bare avatar benchmark page's parts (test build only): the recorder takes every body's
 * transform once per animation frame and the replay hands them back frame by frame, looping,
 * without any physics.
 */
import { describe, expect, it } from 'vitest';
import type { SimBody } from '../../renderer/src/physics/body-registry';
import { recordBodyStream, type StreamSource } from '../../renderer/src/test-build/body-stream';
import { ReplaySandbox } from '../../renderer/src/test-build/replay-sandbox';

const BODIES: SimBody[] = [
  {
    handle: 4,
    kind: 'part',
    ownerId: 1,
    name: 'hips',
    shape: { kind: 'sphere', radius: 0.1 },
    colliderRotation: undefined,
  },
  {
    handle: 9,
    kind: 'prop',
    ownerId: 2,
    name: 'ball',
    shape: { kind: 'sphere', radius: 0.2 },
    colliderRotation: undefined,
  },
];

/** A source whose bodies move by one metre (hips) and two (ball) in x each frame. */
function movingSource(): StreamSource & { tick(): void } {
  let frame = 0;
  return {
    bodies: BODIES,
    bodiesVersion: 1,
    figures: [{ id: 1, partHandles: [['hips', 4]] }],
    readTransform: (handle, position, rotation) => {
      position.x = frame * (handle === 4 ? 1 : 2);
      position.y = handle;
      position.z = 0;
      rotation.x = 0;
      rotation.y = 0;
      rotation.z = Math.sin(frame / 10);
      rotation.w = Math.cos(frame / 10);
      return true;
    },
    tick: () => frame++,
  };
}

/** Animation frames run on demand: each `runFrame` ticks the source, then runs the callbacks. */
function frameWindow(source: { tick(): void }): { win: Window; runFrame(): void } {
  let callbacks: FrameRequestCallback[] = [];
  return {
    win: {
      requestAnimationFrame: (callback: FrameRequestCallback) => callbacks.push(callback),
    } as unknown as Window,
    runFrame: () => {
      source.tick();
      const due = callbacks;
      callbacks = [];
      for (const callback of due) callback(0);
    },
  };
}

describe('bare avatar replay', () => {
  it('records one transform per body per frame and replays them in order, looping', async () => {
    const source = movingSource();
    const frames = frameWindow(source);
    const recording = recordBodyStream(source, 3, frames.win);
    for (let i = 0; i < 3; i++) frames.runFrame();
    const stream = await recording;
    expect(stream.frameCount).toBe(3);
    expect(stream.transforms).toHaveLength(3 * 2 * 7);
    expect(stream.bodies.map((body) => body.handle)).toEqual([4, 9]);
    expect(stream.figures).toEqual([{ id: 1, partHandles: [['hips', 4]] }]);

    const replay = new ReplaySandbox(JSON.parse(JSON.stringify(stream)));
    const position = { x: 0, y: 0, z: 0 };
    const rotation = { x: 0, y: 0, z: 0, w: 1 };
    const xs: number[] = [];
    for (let frame = 0; frame < 4; frame++) {
      expect(replay.readTransform(9, position, rotation)).toBe(true);
      expect(position.y).toBe(9);
      xs.push(position.x);
      expect(replay.advance()).toBe(0);
    }
    // Frames 1, 2, 3 of the source were recorded (each after its tick); the fourth read loops.
    expect(xs).toEqual([2, 4, 6, 2]);
    expect(replay.readTransform(4, position, rotation)).toBe(true);
    expect(rotation.w).toBeCloseTo(Math.cos(2 / 10), 6);
    expect(replay.readTransform(77, position, rotation)).toBe(false);
    expect(replay.grab.start()).toBe(false);
    expect(replay.pins.handles).toEqual([]);
  });

  it('refuses a stream whose bodies changed while it was recorded', async () => {
    const source = { ...movingSource(), bodiesVersion: 1 };
    const frames = frameWindow(source);
    const recording = recordBodyStream(source, 3, frames.win);
    frames.runFrame();
    source.bodiesVersion = 2;
    frames.runFrame();
    await expect(recording).rejects.toThrow('the scene changed bodies');
  });
});
