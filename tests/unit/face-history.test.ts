/**
 * A face beside the scene's recording (`FaceHistory`): every weight and the eyes' angles kept
 * per recorded frame, shown again while the timeline shows that frame, the live face put back
 * when the scene is left as it was, and nothing shown for a frame recorded again after
 * resuming from the past. Driven through the `RecordedFrames` the timeline gives the view, on
 * real three-vrm expressions.
 */
import { describe, expect, it } from 'vitest';
// First: sets the `self` global three-vrm reads when it is imported.
import '../../tools/loaders/load-vrm-bones';
import { VRMExpression } from '@pixiv/three-vrm';
import type { VRMExpressionManager } from '@pixiv/three-vrm';
import type { RecordedFrames } from '../../renderer/src/view/recorded-frames';
import { FaceHistory } from '../../renderer/src/view/face/face-history';
import { GazeAngles } from '../../renderer/src/view/face/gaze-angles';
import { VrmFaceTarget } from '../../renderer/src/view/face/vrm-face-target';

const NAMES = ['blink', 'surprised', 'sad', 'happy'];

/** A recording as the timeline reports it: frames numbered from 0, each with its serial. */
class Recording implements RecordedFrames {
  shownFrame: number | null = null;
  firstRecordedFrame = 0;
  lastRecordedFrame = -1;
  truncations = 0;
  private readonly serials: number[] = [];
  private nextSerial = 1;

  record(): void {
    this.lastRecordedFrame++;
    this.serials[this.lastRecordedFrame] = this.nextSerial++;
  }

  serialAt(frame: number): number {
    return this.serials[frame] ?? 0;
  }

  /** Resumes from `frame`: the frames after it are forgotten. */
  resumeFrom(frame: number): void {
    this.lastRecordedFrame = frame;
    this.truncations++;
    this.shownFrame = null;
  }
}

/** Eyes the test turns by hand, their angles recorded as a figure's gaze records them. */
class Eyes extends GazeAngles {
  turn(yaw: number, pitch: number): void {
    this.yaw = yaw;
    this.pitch = pitch;
  }
}

function face() {
  const expressions = NAMES.map((name) => new VRMExpression(name));
  const target = new VrmFaceTarget({ expressions } as unknown as VRMExpressionManager);
  const eyes = new Eyes();
  const recording = new Recording();
  const history = new FaceHistory(target, eyes);
  /** The face at frame `f` as the test makes it: every weight and angle different. */
  const faceAt = (f: number) => ({
    weights: NAMES.map((_, i) => (Math.sin(f * 0.1 + i) + 1) / 2),
    yaw: 20 * Math.sin(f * 0.05),
    pitch: -10 + (f % 7),
  });
  /** One live frame: `steps` frames recorded, the face set, then kept beside them. */
  const live = (f: number, steps = 1): void => {
    for (let s = 0; s < steps; s++) recording.record();
    expect(history.follow(recording)).toBe(false);
    const at = faceAt(f);
    at.weights.forEach((w, i) => target.setWeight(i, w));
    eyes.turn(at.yaw, at.pitch);
    history.capture(recording);
  };
  const shown = () => ({
    weights: NAMES.map((_, i) => target.weight(i)),
    ...eyes.angles,
  });
  return { target, eyes, recording, history, faceAt, live, shown };
}

function expectFace(
  got: { weights: number[]; yaw: number; pitch: number },
  want: { weights: number[]; yaw: number; pitch: number },
): void {
  got.weights.forEach((w, i) => expect(Math.abs(w - want.weights[i]!)).toBeLessThan(1e-5));
  expect(got.yaw).toBeCloseTo(want.yaw, 4);
  expect(got.pitch).toBeCloseTo(want.pitch, 4);
}

describe('a face beside the recording', () => {
  it('shows each recorded frame’s weights and angles, and the live face again after', () => {
    const { recording, history, faceAt, live, shown } = face();
    for (let f = 0; f < 120; f++) live(f);
    const newest = shown();
    for (const frame of [10, 11, 64, 119]) {
      recording.shownFrame = frame;
      expect(history.follow(recording)).toBe(true);
      expect(history.holds(frame, recording)).toBe(true);
      expectFace(shown(), faceAt(frame));
    }
    // Frame 10's face differs from the newest, so showing it is no coincidence.
    recording.shownFrame = 10;
    history.follow(recording);
    expect(Math.abs(shown().weights[1]! - newest.weights[1]!)).toBeGreaterThan(0.1);
    // Live again with the scene left as it was: the live face, at full precision.
    recording.shownFrame = null;
    expect(history.follow(recording)).toBe(false);
    expect(shown()).toEqual(newest);
  });

  it('keeps one face for every frame a drawn frame recorded, and reads it for an export', () => {
    const { recording, history, faceAt, live } = face();
    live(0);
    live(1, 3);
    const out = new Float64Array(NAMES.length + 2);
    for (const frame of [1, 2, 3]) {
      expect(history.readInto(frame, recording.serialAt(frame), out)).toBe(true);
      expect(out[1]).toBeCloseTo(faceAt(1).weights[1]!, 4);
      expect(out[NAMES.length]).toBeCloseTo(faceAt(1).yaw, 4);
    }
    expect(history.readInto(0, recording.serialAt(0), out)).toBe(true);
    expect(out[1]).toBeCloseTo(faceAt(0).weights[1]!, 4);
    // A serial that is not the frame's (a frame recorded again) is not held.
    expect(history.readInto(2, recording.serialAt(2) + 100, out)).toBe(false);
  });

  it('after resuming from a shown frame, carries on from it and never shows the forgotten future', () => {
    const { recording, history, faceAt, live, shown } = face();
    for (let f = 0; f < 60; f++) live(f);
    recording.shownFrame = 30;
    history.follow(recording);
    recording.resumeFrom(30);
    // A new future: the face stays as shown until the face's own update runs.
    expect(history.follow(recording)).toBe(false);
    expectFace(shown(), faceAt(30));
    for (let f = 1000; f < 1010; f++) live(f);
    // Frame 35 was recorded again: it shows the new future's face, not the old one.
    recording.shownFrame = 35;
    history.follow(recording);
    expectFace(shown(), faceAt(1004));
    // A frame this face never saw (the recording went on before it was made) is left alone.
    const late = new FaceHistory(
      new VrmFaceTarget({ expressions: [new VRMExpression('blink')] } as never),
    );
    expect(late.holds(35, recording)).toBe(false);
    expect(late.follow(recording)).toBe(true);
  });

  it('holds a minute of a 177-morph face in 1.3 MB, and less time where weights are many', () => {
    const expressions = Array.from({ length: 177 }, (_, i) => new VRMExpression(`m${i}`));
    const target = new VrmFaceTarget({ expressions } as unknown as VRMExpressionManager);
    const history = new FaceHistory(target);
    expect(history.frameCapacity).toBe(3600);
    expect(history.byteLength).toBe(3600 * (177 * 2 + 4));
    const small = new FaceHistory(target, null, { maxBytes: 100 * (177 * 2 + 4) });
    expect(small.frameCapacity).toBe(100);
  });
});
