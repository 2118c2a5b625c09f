/**
 * A recorded face made into a motion file's keys: frames whose face was not recorded take the
 * nearest recorded one, weights that never leave 0 are left out, a `.vmd` keys each morph only
 * where its weight starts or stops changing and cuts a long morph name to MMD's 15 bytes at a
 * whole character, and a `.vrma` leaves the look-at expressions to its look-at track. Read
 * back with the app's own VMD and VRM Animation readers.
 */
import { describe, expect, it } from 'vitest';
import { parseVmd } from '../../renderer/src/formats/vmd/parse-vmd';
import type { HumanoidKeys } from '../../renderer/src/motion/export/humanoid-keys';
import type { RecordedFace } from '../../renderer/src/motion/export/face-keys';
import { recordedFaceKeys } from '../../renderer/src/motion/export/face-keys';
import { writeVmd } from '../../renderer/src/motion/export/write-vmd';
import { vrmaExpressionNames, writeVrma } from '../../renderer/src/motion/export/write-vrma';
import { loadMotionFile } from '../../renderer/src/view/motion/load-motion-file';

/** A face recorded at frames 6–13 only: weight k of frame f is `valueOf(k, f)`. */
function face(names: string[], valueOf: (k: number, frame: number) => number): RecordedFace {
  return {
    names,
    hasGaze: true,
    readInto(frame, serial, out) {
      if (frame < 6 || frame > 13 || serial !== frame + 100) return false;
      names.forEach((_, k) => (out[k] = valueOf(k, frame)));
      out[names.length] = frame;
      out[names.length + 1] = -frame / 2;
      return true;
    },
  };
}

/** Still keys for `frames` frames of a hips-only figure. */
function stillKeys(frames: number, rest: 'tpose' | 'mmd'): HumanoidKeys {
  const worlds = new Float64Array(frames * 4);
  for (let f = 0; f < frames; f++) worlds[4 * f + 3] = 1;
  return {
    frameRate: 30,
    frameCount: frames,
    bones: ['hips'],
    worlds,
    hips: new Float64Array(frames * 3).map((_, i) => (i % 3 === 1 ? 0.9 : 0)),
    restHipsHeight: 0.9,
    restOffsets: [[0, 0, 0]],
    rest,
  };
}

const SOURCE = Int32Array.from({ length: 10 }, (_, f) => 2 * f);
const serialAt = (frame: number) => frame + 100;

describe('a recorded face as a motion file’s keys', () => {
  it('fills the frames not recorded from the nearest recorded ones and leaves out weights at 0', () => {
    const keys = recordedFaceKeys(
      face(['blink', 'never', 'aa'], (k, f) => (k === 1 ? 0 : k === 0 ? f / 20 : 0.5)),
      SOURCE,
      serialAt,
    )!;
    expect(keys.names).toEqual(['blink', 'aa']);
    // Exported frames 0–9 are recorder frames 0, 2 … 18; only 6–12 (exported 3–6) are held.
    const blink = Array.from({ length: 10 }, (_, f) => keys.weights[2 * f]!);
    expect(blink).toEqual(
      [6, 6, 6, 6, 8, 10, 12, 12, 12, 12].map((frame) => Math.fround(frame / 20)),
    );
    expect(keys.gaze![2 * 9]).toBe(12);
    expect(keys.gaze![2 * 9 + 1]).toBe(-6);
    expect(
      recordedFaceKeys(
        face(['blink'], () => 1),
        Int32Array.from([0, 2]),
        serialAt,
      ),
    ).toBeNull();
  });

  it('writes a .vmd’s morph keys where weights change, names cut at a whole character', async () => {
    // 16 bytes in Shift_JIS: one character too many for the 15-byte field.
    const long = 'まばたきまばたき';
    const keys = recordedFaceKeys(
      face(['あ', long], (k, f) => (k === 0 ? (f < 10 ? 0 : 1) : 0.25)),
      SOURCE,
      serialAt,
    )!;
    const bytes = writeVmd(stillKeys(10, 'mmd'), 'model', keys);
    const morphs = parseVmd(bytes).morphKeys;
    const byName = (name: string) =>
      [...Array(morphs.count).keys()]
        .filter((i) => morphs.names[i] === name)
        .map((i) => [morphs.frames[i], morphs.weights[i]]);
    // あ: 0 until recorder frame 10 (exported 5), then 1: keys at the ends of each run.
    expect(byName('あ')).toEqual([
      [0, 0],
      [4, 0],
      [5, 1],
      [9, 1],
    ]);
    expect(byName('まばたきまばた')).toEqual([
      [0, 0.25],
      [9, 0.25],
    ]);
    const clip = await loadMotionFile(bytes.slice().buffer, 'face.vmd');
    expect(clip.face!.map((track) => track.name).sort()).toEqual(['あ', 'まばたきまばた'].sort());
  });

  it('writes a .vrma’s expressions as preset or custom, the look-at ones as its look-at track', async () => {
    const keys = recordedFaceKeys(
      face(['happy', 'lookLeft', 'wink'], (k, f) => (k + 1) * 0.1 + f / 100),
      SOURCE,
      serialAt,
    )!;
    expect(vrmaExpressionNames(keys)).toEqual(['happy', 'wink']);
    const bytes = writeVrma(stillKeys(10, 'tpose'), 'face', keys);
    const clip = await loadMotionFile(bytes.slice().buffer, 'face.vrma');
    expect(clip.face!.map((track) => track.name)).toEqual(['happy', 'wink']);
    const wink = clip.face!.find((track) => track.name === 'wink')!;
    expect(wink.values[9]).toBeCloseTo(0.3 + 0.12, 6);
    // The gaze: yaw then pitch, degrees, as written.
    expect(clip.lookAt!.yaw[9]).toBeCloseTo(12, 3);
    expect(clip.lookAt!.pitch[9]).toBeCloseTo(-6, 3);
    const json = JSON.parse(
      new TextDecoder().decode(
        bytes.subarray(20, 20 + new DataView(bytes.buffer).getUint32(12, true)),
      ),
    );
    const extension = json.extensions.VRMC_vrm_animation;
    expect(Object.keys(extension.expressions.preset)).toEqual(['happy']);
    expect(Object.keys(extension.expressions.custom)).toEqual(['wink']);
    expect(extension.lookAt.node).toBeGreaterThan(0);
  });
});
