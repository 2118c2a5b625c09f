/**
 * Measures what a figure's face allocates per drawn frame on the JavaScript heap: blinking,
 * reactions (a grab, hits, a knock-down and getting up, cycled), a motion's face tracks, the
 * MMD morphs moving a mesh's vertices and the MMD eyes' gaze, kept beside a recording that
 * is now and then scrubbed (`FaceHistory`), over 10,000 frames; then the same on a VRM face
 * (three-vrm's expressions, and the eyes' gaze through its look-at on a head that turns),
 * following the hand while held and the camera otherwise; then an MMD face showing a VMC
 * sender's expressions. As in `spring-history-allocations.ts`,
 * V8's sampling heap profiler counts allocations including those already collected; a sample
 * counts when its stack frame is the face's code (or a built-in it called).
 *
 *   node --no-turbo-inlining --import tsx tools/allocations/face-allocations.ts   (prints JSON)
 *
 * Run both with and without `--no-turbo-inlining`: without inlining, a fractional number handed
 * to or returned from a call is boxed (16 bytes), so the face's per-frame code hands its numbers
 * through Float64Array slots (see BENCHMARKS.md). `--by-function` lists the functions that
 * allocated.
 */
import type { Session } from 'node:inspector/promises';
import RAPIER from '@dimforge/rapier3d-simd-compat';
import { figureFaceCues } from '../../renderer/src/models/figure-face-cues';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { BufferAttribute, Object3D, Quaternion, Vector3 } from 'three';
import { VRMExpression, VRMLookAt } from '@pixiv/three-vrm';
import type { VRM, VRMHumanoid, VRMLookAtApplier } from '@pixiv/three-vrm';
import type { MmdMorph } from '../../renderer/src/formats/mmd/mmd-model';
import type { DollMotion } from '../../renderer/src/physics/motion/doll-motion';
import type { BodyMotionState } from '../../renderer/src/view/body-meshes';
import type { FaceCues } from '../../renderer/src/view/face/face-cues';
import type { FaceMotionSource } from '../../renderer/src/view/face/motion-face-tracks';
import { MMD_FACE_NAMES } from '../../renderer/src/view/face/face-roles';
import { FigureFace } from '../../renderer/src/view/face/figure-face';
import { MmdFaceTarget } from '../../renderer/src/view/face/mmd-face-target';
import { MotionFaceTracks } from '../../renderer/src/view/face/motion-face-tracks';
import { LiveVmcFace } from '../../renderer/src/view/face/live-vmc-face';
import { createLiveVmcMotion } from '../../renderer/src/motion/live-vmc-motion';
import { createVmcOutFrame } from '../../renderer/src/motion/vmc-out-pose';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { smoothStep } from '../../renderer/src/view/face/blink-clock';
import { VrmFace } from '../../renderer/src/view/face/vrm-face';
import { FaceHistory } from '../../renderer/src/view/face/face-history';
import { MmdGaze } from '../../renderer/src/view/face/mmd-gaze';
import type { RecordedFrames } from '../../renderer/src/view/recorded-frames';
import type { ProfileNode } from './heap-sampling';
import {
  frameName,
  isBuiltinFrame,
  ownCodeBytes,
  sampleAllocations,
  withHeapProfiler,
} from './heap-sampling';
import { printWhenRunAsScript } from './allocation-process';

const FRAMES = 10_000;
const VERTICES = 3000;

export interface FaceAllocations {
  readonly frames: number;
  /** Allocated per drawn frame by an MMD figure's face (and what it calls of ours), bytes. */
  readonly bytesPerFrame: number;
  /** The same for a VRM figure's face, its gaze included, bytes. */
  readonly vrmBytesPerFrame: number;
  /** The MMD face while the timeline shows recorded frames (its morphs and eyes put back), bytes. */
  readonly shownBytesPerFrame: number;
  /** The same for the VRM face, bytes. */
  readonly vrmShownBytesPerFrame: number;
  /**
   * What a figure's cues in the app (`figureFaceCues` over a real sandbox: the grab, the root's
   * velocity change, the motion state, the camera) allocate per frame in our code, bytes.
   */
  readonly cuesBytesPerFrame: number;
  /**
   * What the sandbox and Rapier's glue allocate under those calls, bytes: the root's velocity
   * read every frame and the hand's position read while held.
   */
  readonly cuesRapierBytesPerFrame: number;
  /**
   * An MMD figure's face showing a VMC sender's expressions (Live (VMC)): the frame handed to
   * the live motion and the received weights on the morphs, with the reactions for the rest, bytes.
   */
  readonly liveBytesPerFrame: number;
  /**
   * A control: `smoothStep` called once a frame, which returns a fractional number and so
   * allocates a boxed one (16 bytes) when not inlined; shows the profile sees the face's code.
   */
  readonly controlBytesPerFrame: number;
  /** With `--by-function`: the frames that allocated, `function file:line < caller`, bytes per frame. */
  readonly topFrames?: readonly { frame: string; bytesPerFrame: number }[];
}

const isOurs = (url: string) =>
  url.includes('/renderer/src/view/face/') ||
  url.includes('/renderer/src/motion/face-tracks') ||
  url.includes('/renderer/src/motion/live-vmc-motion');

/** Adds the bytes of our frames (and the built-ins they call) under `node` to `frames`. */
function byFunction(
  node: ProfileNode,
  frames: Map<string, number>,
  callerIsOurs = false,
  caller = '',
  ours: (url: string) => boolean = isOurs,
): void {
  const url = node.callFrame.url;
  const frameIsOurs = ours(url) || (isBuiltinFrame(url) && callerIsOurs);
  const name = frameName(node.callFrame);
  if (frameIsOurs && node.selfSize > 0) {
    const key = `${name} < ${caller}`;
    frames.set(key, (frames.get(key) ?? 0) + node.selfSize);
  }
  for (const child of node.children) byFunction(child, frames, frameIsOurs, name, ours);
}

/**
 * The timeline as the faces see it: live, one frame recorded per drawn frame; scrubbing, the
 * last two seconds shown one frame after another, over and over, as a person stepping
 * through a paused timeline would.
 */
class CycledRecording implements RecordedFrames {
  shownFrame: number | null = null;
  firstRecordedFrame = 0;
  lastRecordedFrame = -1;
  readonly truncations = 0;
  scrubbing = false;

  /** Frame `frame` of the run: records one, or shows one of the last 120. */
  tick(frame: number): void {
    if (this.scrubbing) {
      this.shownFrame = this.lastRecordedFrame - (frame % 120);
      return;
    }
    this.shownFrame = null;
    this.lastRecordedFrame++;
    this.firstRecordedFrame = Math.max(0, this.lastRecordedFrame - 3599);
  }

  serialAt(frame: number): number {
    return frame + 1;
  }
}

/** A vertex morph moving `count` vertices from `first`. */
function morph(name: string, first: number, count: number): MmdMorph {
  const vertices = Int32Array.from({ length: count }, (_, i) => first + i);
  return { name, kind: 'vertex', vertices, offsets: new Float32Array(3 * count).fill(0.01) };
}

const isCues = (url: string) =>
  url.includes('/renderer/src/models/figure-face-cues') ||
  url.includes('/renderer/src/physics/root-jolt');

/** Bytes under the cue functions' frames that are not the cues' own code (sandbox, Rapier). */
function underCuesNotOurs(node: ProfileNode, underCues = false): number {
  const ours = isCues(node.callFrame.url);
  let total = underCues && !ours && !isBuiltinFrame(node.callFrame.url) ? node.selfSize : 0;
  for (const child of node.children) total += underCuesNotOurs(child, underCues || ours);
  return total;
}

/**
 * The cues of one falling, grabbed and let-go box doll in a real sandbox, read as a face reads
 * them each frame; the sandbox's own step is not counted.
 */
async function measureCues(
  session: Session,
): Promise<{ ours: number; rapier: number; frames: Map<string, number> }> {
  await RAPIER.init();
  const sandbox = new Sandbox(RAPIER, { stiffness: 50, seed: 3 });
  try {
    const figure = sandbox.addFigure();
    const viewer = { x: 0, y: 1.6, z: 3 };
    const cues = figureFaceCues(sandbox, figure, viewer, () => true);
    const point = { x: 0, y: 0, z: 0 };
    const hand = { x: 0, y: 1.5, z: 0 };
    let frame = 0;
    let sink = 0;
    const step = (): void => {
      frame++;
      // Held for a second in every five, lifted and moved about.
      const phase = frame % 300;
      if (phase === 0)
        sandbox.grab.start(figure.ragdoll.root.body.handle, figure.ragdoll.root.body.translation());
      else if (phase === 60) sandbox.grab.release();
      else if (phase < 60) {
        hand.x = 0.3 * Math.sin(frame / 20);
        sandbox.grab.moveTo(hand);
      }
      sandbox.advance(1 / 60);
      if (cues.readHeld(point)) sink++;
      if (cues.takeJolt() > 0) sink++;
      if (cues.motionState() === 'passive') sink++;
      if (cues.readViewer(point)) sink++;
    };
    for (let i = 0; i < 3000; i++) step();
    const head = await sampleAllocations(session, FRAMES, step);
    if (!(sink > 0)) throw new Error('the cues were never read');
    const frames = new Map<string, number>();
    byFunction(head, frames, false, '', isCues);
    return {
      ours: ownCodeBytes(head, isCues) / FRAMES,
      rapier: underCuesNotOurs(head) / FRAMES,
      frames,
    };
  } finally {
    sandbox.dispose();
  }
}

/** A VRM figure's face: real three-vrm expressions and look-at, on a head node. */
function vrmFace(cues: FaceCues, motion: FaceMotionSource): { face: VrmFace; head: Object3D } {
  const head = new Object3D();
  head.position.set(0, 1.5, 0);
  head.updateMatrixWorld(true);
  const humanoid = { getRawBoneNode: (name: string) => (name === 'head' ? head : null) };
  const lookAt = new VRMLookAt(humanoid as unknown as VRMHumanoid, {} as VRMLookAtApplier);
  const expressions = ['blink', 'surprised', 'sad', 'aa', 'happy'].map(
    (name) => new VRMExpression(name),
  );
  const vrm = {
    expressionManager: { expressions },
    lookAt,
    humanoid: { getRawBoneNode: () => null },
  } as unknown as VRM;
  return { face: new VrmFace(vrm, cues, 1, motion), head };
}

/** Bytes per frame that `step` allocates in our code, after warming it up. */
async function measure(
  session: Session,
  step: () => void,
  frames: Map<string, number> | null,
): Promise<number> {
  // Warm up: every path taken, every function compiled.
  for (let i = 0; i < 30_000; i++) step();
  const head = await sampleAllocations(session, FRAMES, step);
  if (frames) byFunction(head, frames);
  return ownCodeBytes(head, isOurs) / FRAMES;
}

/** Runs the measurement in this process. */
export async function measureFaceAllocations(
  options: { byFunction?: boolean } = {},
): Promise<FaceAllocations> {
  const position = new BufferAttribute(new Float32Array(3 * VERTICES), 3);
  const morphs: MmdMorph[] = [
    morph('まばたき', 0, 400),
    morph('びっくり', 300, 400),
    morph('困る', 600, 400),
    morph('あ', 900, 300),
    {
      name: 'はぅ',
      kind: 'group',
      morphs: new Int32Array([0, 2]),
      weights: new Float32Array([1, 0.5]),
    },
  ];
  const target = new MmdFaceTarget(morphs, position, 0.08);
  let frame = 0;
  let state: BodyMotionState = 'following';
  const cues: FaceCues = {
    // Held for a second in every five, the hand moving; a hit every three seconds; a
    // knock-down and get-up cycle; the camera in front of the face, off to one side.
    readHeld: (out) => {
      out.x = 0.3 * Math.sin(frame / 40);
      out.y = 1.6;
      out.z = 1;
      return frame % 300 < 60;
    },
    takeJolt: () => (frame % 180 === 100 ? 6 : 0),
    motionState: () => state,
    reactionsOn: () => true,
    readViewer: (out) => {
      out.x = 0.5;
      out.y = 1.7;
      out.z = 2;
      return true;
    },
  };
  const motion = {
    name: 'faced',
    duration: 2,
    face: [
      { name: 'あ', times: new Float64Array([0, 1, 2]), values: new Float32Array([0, 1, 0]) },
      { name: '笑い', times: new Float64Array([0, 2]), values: new Float32Array([0.2, 0.8]) },
    ],
  } as unknown as DollMotion;
  const source: FaceMotionSource = { current: () => motion, time: () => (frame / 60) % 2 };
  const face = new FigureFace(target, MMD_FACE_NAMES, cues, 1);
  face.setMotionFace(new MotionFaceTracks(target, source, cues));
  // The MMD model's eyes: two bones in a head that turns, as the pose writer reports them.
  const eyeBones = [new Object3D(), new Object3D()];
  const eyePositions = [new Vector3(-0.03, 1.6, 0.08), new Vector3(0.03, 1.6, 0.08)];
  const headRotation = new Quaternion();
  const gaze = new MmdGaze(Int32Array.from([0, 1]), eyeBones, {
    worldPosition: (index) => eyePositions[index],
    worldRotation: () => headRotation,
  });
  const history = new FaceHistory(target, gaze);
  const recording = new CycledRecording();
  const viewer = { x: 0, y: 0, z: 0 };
  const gazeCues = cues;
  const vrmRecording = new CycledRecording();
  const vrm = vrmFace(cues, source);
  const advance = (): void => {
    frame++;
    const phase = frame % 600;
    state = phase < 200 ? 'following' : phase < 400 ? 'limp' : 'gettingUp';
  };
  // Live (VMC): the sender's expressions, their weights changing every frame.
  const liveTarget = new MmdFaceTarget(morphs, position, 0.08);
  const live = createLiveVmcMotion(BOX_DOLL, 'box');
  const liveFrame = createVmcOutFrame();
  liveFrame.blendNames = ['Joy', 'A', 'Blink'];
  liveFrame.blendValues = new Float64Array(3);
  const liveSource: FaceMotionSource = { current: () => live, time: () => 0 };
  const liveFace = new FigureFace(liveTarget, MMD_FACE_NAMES, cues, 2);
  liveFace.setMotionFace(new LiveVmcFace(liveTarget, 'mmd', liveSource, null));
  const frames = options.byFunction ? new Map<string, number>() : null;
  return withHeapProfiler(async (session) => {
    const mmdStep = (): void => {
      advance();
      recording.tick(frame);
      headRotation.set(0, 0.1 * Math.sin(frame / 50), 0, 1).normalize();
      if (!history.follow(recording)) {
        face.update(1 / 60);
        if (gazeCues.readHeld(viewer) || gazeCues.readViewer(viewer)) gaze.update(1 / 60, viewer);
        history.capture(recording);
      }
      gaze.apply();
    };
    const vrmStep = (): void => {
      advance();
      // The head turns a little, as a figure's does.
      vrm.head.rotation.y = 0.2 * Math.sin(frame / 50);
      vrm.head.updateMatrixWorld(true);
      vrmRecording.tick(frame);
      vrm.face.update(1 / 60, vrmRecording);
    };
    const bytesPerFrame = await measure(session, mmdStep, frames);
    const vrmBytesPerFrame = await measure(session, vrmStep, frames);
    recording.scrubbing = true;
    vrmRecording.scrubbing = true;
    const shownBytesPerFrame = await measure(session, mmdStep, frames);
    const vrmShownBytesPerFrame = await measure(session, vrmStep, frames);
    const liveBytesPerFrame = await measure(
      session,
      () => {
        advance();
        liveFrame.blendValues[0] = (frame % 60) / 60;
        liveFrame.blendValues[1] = (frame % 30) / 30;
        live.update(liveFrame);
        liveFace.update(1 / 60);
      },
      frames,
    );
    let sink = 0;
    const controlBytesPerFrame = await measure(
      session,
      () => {
        advance();
        sink += smoothStep((frame % 100) / 100);
      },
      null,
    );
    if (!(sink > 0)) throw new Error('the control did not run');
    const cues = await measureCues(session);
    const result = {
      frames: FRAMES,
      bytesPerFrame,
      vrmBytesPerFrame,
      shownBytesPerFrame,
      vrmShownBytesPerFrame,
      cuesBytesPerFrame: cues.ours,
      cuesRapierBytesPerFrame: cues.rapier,
      liveBytesPerFrame,
      controlBytesPerFrame,
    };
    if (!frames) return result;
    for (const [name, bytes] of cues.frames) frames.set(name, (frames.get(name) ?? 0) + bytes);
    const topFrames = [...frames]
      .sort((a, b) => b[1] - a[1])
      .map(([name, total]) => ({ frame: name, bytesPerFrame: total / FRAMES }));
    return { ...result, topFrames };
  });
}

await printWhenRunAsScript(
  import.meta.url,
  () => measureFaceAllocations({ byFunction: process.argv.includes('--by-function') }),
  process.argv.includes('--by-function'),
);
