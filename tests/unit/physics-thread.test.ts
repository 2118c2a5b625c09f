/**
 * The sandbox behind the physics-thread protocol (renderer/src/physics/worker/), on the real
 * Rapier WASM, run inline as a page without workers runs it: the same commands give the same
 * trajectories as the sandbox driven directly, bad commands are refused with a reason and
 * change nothing, the transform buffers travel back and forth instead of being made anew,
 * frames that come while the thread is busy are asked for together, and the hand reaches the
 * thread.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { TRANSFORM_FLOATS } from '../../renderer/src/physics/body-transforms';
import { PhysicsHost } from '../../renderer/src/physics/worker/physics-host';
import type { PhysicsChannel } from '../../renderer/src/physics/worker/physics-channel';
import { inlineChannel } from '../../renderer/src/physics/worker/physics-channel';
import type {
  PhysicsCommand,
  PhysicsReply,
} from '../../renderer/src/physics/worker/physics-protocol';
import { PhysicsThread } from '../../renderer/src/physics/worker/physics-thread';
import {
  SnapshotIds,
  restoreSceneSnapshot,
  takeSceneSnapshot,
} from '../../renderer/src/physics/scene-snapshot';
import {
  soundRequest,
  type SoundRequest,
  type SoundRequestRing,
} from '../../renderer/src/physics/sound/sound-requests';
import { loadRapier } from '../support/rapier';

const FRAME = 1 / 60;
const threads: PhysicsThread[] = [];
const sandboxes: Sandbox[] = [];

afterEach(() => {
  for (const thread of threads.splice(0)) thread.dispose();
  for (const sandbox of sandboxes.splice(0)) sandbox.dispose();
});

/** An inline channel that also keeps every command sent, in order. */
function recorded(host: PhysicsHost): PhysicsChannel & { sent: PhysicsCommand[] } {
  const channel = inlineChannel(host);
  const send = channel.send.bind(channel);
  const sent: PhysicsCommand[] = [];
  return Object.assign(channel, {
    sent,
    send(command: PhysicsCommand, transfer?: ArrayBuffer[]) {
      // A copy: the page's side reuses its advance command from frame to frame.
      sent.push({ ...command });
      send(command, transfer);
    },
  });
}

async function startThread(seed: number) {
  const channel = recorded(new PhysicsHost(await loadRapier()));
  const thread = new PhysicsThread(channel);
  threads.push(thread);
  channel.send({ type: 'start', seed });
  return { thread, channel };
}

/** Lets the inline host answer what was sent (its replies come a microtask later). */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** One page frame: asks for a frame's time and waits for the answer. */
async function frame(thread: PhysicsThread, seconds = FRAME): Promise<void> {
  thread.advance(seconds);
  await settle();
}

function pose(reader: { readTransform: Sandbox['readTransform'] }, handle: number): number[] {
  const p = { x: 0, y: 0, z: 0 };
  const q = { x: 0, y: 0, z: 0, w: 1 };
  expect(reader.readTransform(handle, p, q)).toBe(true);
  return [p.x, p.y, p.z, q.x, q.y, q.z, q.w];
}

describe('the physics thread protocol', () => {
  it('gives the same trajectories as the sandbox driven directly, for the same commands', async () => {
    const { thread } = await startThread(11);
    const direct = new Sandbox(await loadRapier(), { seed: 11 });
    sandboxes.push(direct);
    for (let i = 0; i < 3; i++) {
      thread.addFigure();
      direct.addFigure();
    }
    thread.addProp('box');
    direct.addProp('box');
    thread.drop();
    direct.drop();
    for (let f = 0; f < 90; f++) {
      if (f === 40) {
        thread.blast(14);
        direct.blast(14);
      }
      await frame(thread);
      direct.advance(FRAME);
    }
    expect(thread.bodies.map((body) => body.handle)).toEqual(
      direct.bodies.map((body) => body.handle),
    );
    expect(thread.figureTable.version).toBe(direct.figureTable.version);
    expect(thread.figureTable.figures).toEqual(direct.figureTable.figures);
    expect(direct.figures.map((figure) => thread.placementsOf(figure.id))).toEqual(
      direct.figures.map((figure) => figure.ragdoll.placements),
    );
    expect(thread.threadTiming.simSeconds).toBeCloseTo(direct.steps / 120, 9);
    for (const body of direct.bodies) {
      expect(pose(thread, body.handle)).toEqual(pose(direct, body.handle));
    }
  });

  it("builds a model's figure from the spec it is sent, and refuses a broken one", async () => {
    const { thread } = await startThread(16);
    const problems: string[] = [];
    thread.onProblem = (message) => problems.push(message);
    const spec = { ...BOX_DOLL, name: 'tall dummy' };
    thread.addFigure(spec);
    thread.addFigure({ ...BOX_DOLL, parts: [] });
    await frame(thread);
    expect(thread.figureTable.figures).toHaveLength(1);
    expect(thread.figureTable.figures[0]!.parts.map(({ name }) => name)).toEqual(
      BOX_DOLL.parts.map((part) => part.name),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/root part "pelvis" is not a part/);
  });

  it('asks again on the next frame after a refused advance', async () => {
    const channel = inlineChannel(new PhysicsHost(await loadRapier()));
    const thread = new PhysicsThread(channel);
    threads.push(thread);
    const problems: string[] = [];
    thread.onProblem = (message) => problems.push(message);
    // No start yet: the thread has no scene and refuses the advance.
    await frame(thread);
    expect(problems).toEqual(['The physics thread has no scene yet: send start first.']);
    channel.send({ type: 'start', seed: 1 });
    thread.addFigure();
    await frame(thread);
    expect(thread.bodies).toHaveLength(11);
  });

  it('refuses a command that does not fit, says why, and changes nothing', async () => {
    const host = new PhysicsHost(await loadRapier());
    const refused = (data: unknown): Extract<PhysicsReply, { type: 'failed' }> => {
      const { reply } = host.receive(data);
      expect(reply?.type).toBe('failed');
      return reply as Extract<PhysicsReply, { type: 'failed' }>;
    };
    expect(refused({ type: 'add-figure' }).message).toMatch(/no scene yet: send start first/);
    host.receive({ type: 'start', seed: 3 });
    host.receive({ type: 'add-figure' });
    const before = host.receive({ type: 'advance', frameSeconds: 0 }).reply;
    expect(refused(null).message).toMatch(/refused a command/);
    expect(refused({ type: 'explode' }).message).toMatch(/refused a command at type/);
    expect(refused({ type: 'blast', power: -1 }).message).toMatch(/at power/);
    expect(refused({ type: 'blast', power: Number.NaN }).message).toMatch(/at power/);
    expect(refused({ type: 'advance', frameSeconds: 5 }).message).toMatch(/at frameSeconds/);
    expect(refused({ type: 'grab-move', to: { x: 0, y: 1 } }).message).toMatch(/at to\.z/);
    expect(refused({ type: 'add-prop', kind: 'piano' }).message).toMatch(/at kind/);
    expect(refused({ type: 'add-figure', extra: 1 }).message).toMatch(/refused a command/);
    const after = host.receive({ type: 'advance', frameSeconds: 0 }).reply;
    expect(after?.type === 'stepped' && before?.type === 'stepped').toBe(true);
    if (after?.type !== 'stepped' || before?.type !== 'stepped') return;
    expect(after.totalSteps).toBe(before.totalSteps);
    expect(after.count).toBe(before.count);
    expect(Array.from(after.buffer.subarray(0, after.count * TRANSFORM_FLOATS))).toEqual(
      Array.from(before.buffer.subarray(0, before.count * TRANSFORM_FLOATS)),
    );
    host.dispose();
  });

  it('hands the same three buffers round once the bodies are known', async () => {
    const { thread, channel } = await startThread(4);
    thread.addFigure();
    const buffers = new Set<ArrayBufferLike>();
    for (let f = 0; f < 12; f++) {
      await frame(thread);
      const sent = channel.sent.at(-1);
      if (sent?.type === 'advance' && sent.buffer) buffers.add(sent.buffer.buffer);
    }
    // The page reads the two newest states; the one before goes back to be filled again.
    expect(buffers.size).toBe(3);
    // Only the first reply after a change carries the handles and bodies.
    expect(thread.bodies).toHaveLength(11);
  });

  it('asks once for frames that come while the thread is busy, up to a quarter second', async () => {
    const { thread, channel } = await startThread(6);
    thread.addFigure();
    thread.advance(FRAME);
    thread.advance(FRAME);
    thread.advance(FRAME);
    const asked = (): number[] =>
      channel.sent.flatMap((command) => (command.type === 'advance' ? [command.frameSeconds] : []));
    expect(asked()).toEqual([FRAME]);
    await settle();
    thread.advance(FRAME);
    expect(asked()[1]).toBeCloseTo(3 * FRAME, 12);
    await settle();
    for (let i = 0; i < 40; i++) thread.advance(FRAME);
    await settle();
    thread.advance(0);
    expect(asked()[2]).toBeCloseTo(FRAME, 12);
    expect(asked()[3]).toBe(0.25);
    // The thread stepped what it was asked for: 1/60 + 3/60 + 1/60 + 1/4 s at 1/120 s a step.
    await settle();
    expect(thread.threadTiming.simSeconds).toBeCloseTo(
      Math.round((5 * FRAME + 0.25) * 120) / 120,
      9,
    );
  });

  it('steps on its own clock when asked, in real time, dropping what passes a quarter second', async () => {
    const host = new PhysicsHost(await loadRapier());
    host.receive({ type: 'start', seed: 2 });
    host.receive({ type: 'add-figure' });
    const newest = () => {
      const { reply } = host.receive({ type: 'advance', frameSeconds: 1 / 60 });
      if (reply?.type !== 'stepped') throw new Error(`no state: ${JSON.stringify(reply)}`);
      return reply;
    };
    /** Ticks every 2 ms from `fromMs` to `toMs`, as the worker does. */
    const tickEvery2Ms = (fromMs: number, toMs: number): void => {
      for (let ms = fromMs; ms <= toMs; ms += 2) host.tick(ms);
    };
    // Ticks do nothing until the clock runs.
    tickEvery2Ms(0, 500);
    expect(newest().steps).toBe(2);
    host.receive({ type: 'clock', running: true });
    tickEvery2Ms(1000, 1200);
    // While the clock runs, an advance only asks for the newest state.
    const stepped = newest();
    expect(stepped.steps).toBe(24);
    expect(stepped.simSeconds).toBeCloseTo(26 / 120, 12);
    // A thread that fell behind 3 s owes a quarter second, paid two steps a tick.
    host.tick(4200);
    expect(newest().steps).toBe(2);
    // Then it catches up as the ticks come: the quarter second and the 100 ms since, 40 steps.
    tickEvery2Ms(4202, 4300);
    const caughtUp = newest().steps;
    expect(caughtUp).toBeGreaterThanOrEqual(39);
    expect(caughtUp).toBeLessThanOrEqual(40);
    host.receive({ type: 'clock', running: false });
    host.tick(5000);
    expect(newest().steps).toBe(2);
    expect(host.receive({ type: 'clock', running: 'yes' }).reply?.type).toBe('failed');
    host.dispose();
  });

  it('takes the scene and puts it back exactly, as undo does, beside the sandbox itself', async () => {
    const { thread } = await startThread(12);
    const direct = new Sandbox(await loadRapier(), { seed: 12 });
    sandboxes.push(direct);
    const both = (act: (sandbox: Sandbox | PhysicsThread) => void): void => {
      act(thread);
      act(direct);
    };
    const frames = async (count: number): Promise<void> => {
      for (let f = 0; f < count; f++) {
        await frame(thread);
        direct.advance(FRAME);
      }
    };
    both((s) => s.addFigure());
    both((s) => s.addFigure());
    both((s) => s.addProp('ball'));
    both((s) => s.drop());
    await frames(30);
    const saved = await thread.takeSnapshot();
    const savedDirect = takeSceneSnapshot(direct);
    expect(saved.figures.map((figure) => Array.from(figure.states))).toEqual(
      savedDirect.figures.map((figure) => Array.from(figure.states)),
    );
    both((s) => s.blast(14));
    thread.addFigure();
    direct.addFigure();
    await frames(30);
    thread.restoreSnapshot(saved);
    restoreSceneSnapshot(direct, savedDirect, new SnapshotIds());
    await frames(30);
    expect(thread.bodies).toHaveLength(direct.bodies.length);
    expect(thread.bodies.length).toBe(2 * 11 + 1);
    for (const body of direct.bodies) {
      expect(pose(thread, body.handle)).toEqual(pose(direct, body.handle));
    }
  });

  it('refuses a snapshot that is not one, and leaves the scene as it was', async () => {
    const { thread } = await startThread(13);
    const problems: string[] = [];
    thread.onProblem = (message) => problems.push(message);
    thread.addFigure();
    await frame(thread);
    const before = thread.bodies.map((body) => pose(thread, body.handle));
    const broken = { ...(await thread.takeSnapshot()), figures: [{ id: 1, states: [1, 2] }] };
    thread.restoreSnapshot(broken as never);
    await frame(thread, 0);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/refused a command at snapshot\.figures\.0/);
    expect(thread.bodies.map((body) => pose(thread, body.handle))).toEqual(before);
  });

  it('pins a part where it is and tells the page which bodies are pinned', async () => {
    const { thread } = await startThread(14);
    const problems: string[] = [];
    thread.onProblem = (message) => problems.push(message);
    thread.addFigure();
    await frame(thread);
    const head = thread.bodies.find((body) => body.name === 'head')!.handle;
    const held = pose(thread, head);
    thread.pin(head);
    thread.pin(-777);
    for (let f = 0; f < 60; f++) await frame(thread);
    expect(thread.pins.handles).toEqual([head]);
    expect(problems).toEqual(['There is no body -777 to pin.']);
    const after = pose(thread, head);
    expect(
      Math.hypot(after[0]! - held[0]!, after[1]! - held[1]!, after[2]! - held[2]!),
    ).toBeLessThan(0.01);
    thread.unpin(head);
    await frame(thread);
    expect(thread.pins.handles).toEqual([]);
  });

  it("hands the page the sounds the thread's hits and blasts asked for, as the sandbox has them", async () => {
    const channel = inlineChannel(new PhysicsHost(await loadRapier()));
    const thread = new PhysicsThread(channel);
    threads.push(thread);
    channel.send({ type: 'start', seed: 15, impactSounds: true });
    const direct = new Sandbox(await loadRapier(), { seed: 15, impactSounds: true });
    sandboxes.push(direct);
    thread.addFigure();
    direct.addFigure();
    thread.drop();
    direct.drop();
    const heard: SoundRequest[] = [];
    const expected: SoundRequest[] = [];
    const drain = (ring: SoundRequestRing, into: SoundRequest[]): void => {
      for (let sound = soundRequest(); ring.shift(sound); sound = soundRequest()) into.push(sound);
    };
    for (let f = 0; f < 120; f++) {
      if (f === 80) {
        thread.blast(14);
        direct.blast(14);
      }
      await frame(thread);
      direct.advance(FRAME);
      drain(thread.soundRequests, heard);
      drain(direct.soundRequests!, expected);
    }
    expect(expected.some((sound) => sound.kind === 'stage')).toBe(true);
    expect(expected.some((sound) => sound.kind === 'blast')).toBe(true);
    expect(heard).toEqual(expected);
  });

  it('keeps the hand it just took while the state asked for before it lands', async () => {
    const { thread } = await startThread(17);
    thread.addFigure();
    await frame(thread);
    const head = thread.bodies.find((body) => body.name === 'head')!.handle;
    const at = { x: 0, y: 1, z: 0 };
    // A state asked for before the grab is on its way: it still tells of an empty hand.
    thread.advance(FRAME);
    expect(thread.grab.start(head, at)).toBe(true);
    await settle();
    expect(thread.grab.handle).toBe(head);
    await frame(thread);
    expect(thread.grab.handle).toBe(head);
    // The same for letting go.
    thread.advance(FRAME);
    thread.grab.release();
    await settle();
    expect(thread.grab.handle).toBeNull();
    await frame(thread);
    expect(thread.grab.handle).toBeNull();
  });

  it('moves a held part toward the hand, as the hand moves it on the page', async () => {
    const { thread } = await startThread(8);
    const direct = new Sandbox(await loadRapier(), { seed: 8 });
    sandboxes.push(direct);
    thread.addFigure();
    direct.addFigure();
    for (let f = 0; f < 30; f++) {
      await frame(thread);
      direct.advance(FRAME);
    }
    const head = thread.bodies.find((body) => body.name === 'head')!;
    const start = pose(thread, head.handle);
    const at = { x: start[0]!, y: start[1]!, z: start[2]! };
    expect(thread.grab.start(head.handle, at)).toBe(true);
    expect(direct.grab.start(head.handle, at)).toBe(true);
    expect(thread.grab.start(-12345, at)).toBe(false);
    const target = { x: at.x + 0.5, y: at.y + 0.6, z: at.z };
    thread.grab.moveTo(target);
    direct.grab.moveTo(target);
    for (let f = 0; f < 40; f++) {
      await frame(thread);
      direct.advance(FRAME);
    }
    expect(thread.grab.handle).toBe(head.handle);
    const held = pose(thread, head.handle);
    expect(held).toEqual(pose(direct, head.handle));
    const distance = (p: number[]): number =>
      Math.hypot(p[0]! - target.x, p[1]! - target.y, p[2]! - target.z);
    expect(distance(held)).toBeLessThan(distance(start) / 3);
    thread.grab.release();
    await frame(thread);
    expect(thread.grab.handle).toBeNull();
  });
});
