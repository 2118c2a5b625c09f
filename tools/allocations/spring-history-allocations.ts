/**
 * Measures what the view's spring-bone recording allocates per drawn frame on the JavaScript
 * heap: `VrmSpringHistory.capture` after each live frame (one recorded frame per drawn frame,
 * as at 60 Hz) and `VrmSpringHistory.show` on every frame while scrubbing, over a real
 * three-vrm spring chain of 16 joints (godette's count) swinging under three-vrm's own update.
 *
 * As in `step-allocations.ts`, V8's sampling heap profiler records allocations including
 * those already collected; a sample counts when its stack frame is our recording code (or a
 * built-in it called). three-vrm's own update is run outside the measured calls.
 *
 *   node --no-turbo-inlining --import tsx tools/allocations/spring-history-allocations.ts   (prints JSON)
 */
import type { Session } from 'node:inspector/promises';
import { Object3D, Vector3 } from 'three';
// First: sets the `self` global three-vrm reads when it is imported.
import { loadThreeVrm } from '../loaders/load-vrm-bones';
import { VrmSpringHistory } from '../../renderer/src/view/vrm/vrm-spring-history';
import type { RecordedFrames } from '../../renderer/src/view/recorded-frames';
import { ownCodeBytes, sampleAllocations, withHeapProfiler } from './heap-sampling';
import { printWhenRunAsScript } from './allocation-process';

const FRAMES = 10_000;
const JOINTS = 16;

export interface SpringHistoryAllocations {
  readonly frames: number;
  readonly joints: number;
  /** Allocated per drawn frame by `capture` (and what it calls of ours), bytes. */
  readonly captureBytesPerFrame: number;
  /** Allocated per drawn frame by `show`, bytes. */
  readonly showBytesPerFrame: number;
}

const isOurs = (url: string) =>
  url.includes('/renderer/src/view/vrm/vrm-spring-history') ||
  url.includes('/renderer/src/physics/recording/spring-state');

async function profile(session: Session, frame: () => void): Promise<number> {
  return ownCodeBytes(await sampleAllocations(session, FRAMES, frame), isOurs) / FRAMES;
}

/** Runs the measurement in this process. */
export async function measureSpringHistoryAllocations(): Promise<SpringHistoryAllocations> {
  const { VRMSpringBoneJoint, VRMSpringBoneManager } = await loadThreeVrm();
  const root = new Object3D();
  const manager = new VRMSpringBoneManager();
  let parent = root;
  const bones: Object3D[] = [];
  for (let i = 0; i <= JOINTS; i++) {
    const bone = new Object3D();
    bone.position.set(0, -0.05, 0.01);
    parent.add(bone);
    bones.push(bone);
    parent = bone;
  }
  for (let i = 0; i < JOINTS; i++) {
    manager.addJoint(
      new VRMSpringBoneJoint(bones[i]!, bones[i + 1]!, {
        stiffness: 0.5,
        gravityPower: 1,
        gravityDir: new Vector3(0, -1, 0),
        dragForce: 0.4,
      }),
    );
  }
  root.updateMatrixWorld(true);
  manager.setInitState();
  const history = new VrmSpringHistory(manager.joints);
  let serial = 0;
  const serials = new Int32Array(history.frameCapacity);
  const recording = {
    shownFrame: null as number | null,
    firstRecordedFrame: 0,
    lastRecordedFrame: -1,
    serialAt: (frame: number) => serials[frame % serials.length]!,
    truncations: 0,
  } satisfies RecordedFrames;
  const record = (): void => {
    recording.lastRecordedFrame++;
    serials[recording.lastRecordedFrame % serials.length] = ++serial;
    recording.firstRecordedFrame = Math.max(
      0,
      recording.lastRecordedFrame - history.frameCapacity + 1,
    );
  };
  let t = 0;
  const swing = (): void => {
    t += 1 / 60;
    root.position.x = Math.sin(t * 7) * 0.3;
    root.updateMatrixWorld(true);
    manager.update(1 / 60);
  };
  // Warm up: the ring turns once, and every function is compiled.
  for (let i = 0; i < history.frameCapacity + 100; i++) {
    swing();
    record();
    history.capture(recording);
  }
  return withHeapProfiler(async (session) => {
    // Only `capture` is measured, but the scene moves between calls as in the app.
    const captureBytes = await profile(session, () => {
      record();
      history.capture(recording);
    });
    const last = recording.lastRecordedFrame;
    let shown = 0;
    const showOne = (): void => {
      shown = (shown + 7) % 600;
      history.show(last - shown, recording);
    };
    // `show` is warmed up too: run cold, its loops box numbers until V8 optimises them, and on
    // a busy machine that comes late enough to read as 30-110 B per frame.
    for (let i = 0; i < 2000; i++) showOne();
    const showBytes = await profile(session, showOne);
    return {
      frames: FRAMES,
      joints: JOINTS,
      captureBytesPerFrame: captureBytes,
      showBytesPerFrame: showBytes,
    };
  });
}

await printWhenRunAsScript(import.meta.url, measureSpringHistoryAllocations);
