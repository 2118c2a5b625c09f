/**
 * Motion files through `loadMotionFile` (the app's and the simulator's one way in): the
 * generated VMD and VRMA fixtures load, every damaged variant is refused with a
 * MotionFileError naming the file and the problem, and the real VRMA from the shared fixtures
 * loads when present.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MotionFileError } from '../../renderer/src/motion/motion-file-error';
import { retargetMotion } from '../../renderer/src/motion/retarget-motion';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { createDollPose } from '../../renderer/src/physics/motion/doll-motion';
import { loadMotionFile } from '../../renderer/src/view/motion/load-motion-file';
import { loadMotionSource } from '../../tools/loaders/load-motion';
import {
  damagedMotionFixtures,
  goodMotionFixtures,
} from '../../tools/fixtures/motion/motion-fixtures';
import { angleBetweenQuats, partRotation } from '../support/motion-clips';
import { realFixture } from '../../tools/fixtures/real-fixtures';

// three.js's loaders read `self` in places (see tools/loaders/load-motion.ts).
(globalThis as { self?: unknown }).self ??= globalThis;

const REAL_VRMA = realFixture('vrma/test.vrma');

function bufferOf(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer;
}

describe('generated motion files', () => {
  it.each(goodMotionFixtures().map((f) => [f.file, f] as const))('%s loads', async (_, fixture) => {
    const clip = await loadMotionFile(bufferOf(fixture.bytes), fixture.file);
    expect(clip.name).toBe(fixture.file);
    expect(clip.rest).toBe(fixture.file.endsWith('.vmd') ? 'mmd' : 'tpose');
    expect(clip.duration).toBe(fixture.file.endsWith('.vmd') ? 2 : 1);
    expect(clip.unusedBones).toEqual([]);
    expect(clip.bones.some((bone) => bone.rotation !== null)).toBe(true);
  });

  it.each(damagedMotionFixtures().map((f) => [f.file, f] as const))(
    '%s is refused with a message naming it and the problem',
    async (_, fixture) => {
      const error = await loadMotionFile(bufferOf(fixture.bytes), fixture.file).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(MotionFileError);
      const message = (error as Error).message;
      expect(message.startsWith(`${fixture.file}: `)).toBe(true);
      expect(message).toMatch(fixture.expectedMessage);
    },
  );

  it('tells VMD from VRMA by content, not by the name', async () => {
    const vrma = goodMotionFixtures().find((f) => f.file.endsWith('.vrma'))!;
    const clip = await loadMotionFile(bufferOf(vrma.bytes), 'named-wrong.vmd');
    expect(clip.rest).toBe('tpose');
  });

  it('reads the VRMA’s rotations and hips motion relative to its rest hips', async () => {
    const vrma = goodMotionFixtures().find((f) => f.file === 'wave.vrma')!;
    const clip = await loadMotionFile(bufferOf(vrma.bytes), vrma.file);
    // The writer's skeleton stands its hips 0.95 m high; at 0.5 s they are 5 cm left, 2 cm lower.
    expect(clip.restHipsHeight).toBeCloseTo(0.95, 6);
    const motion = retargetMotion(clip, BOX_DOLL, { figureKind: 'box' });
    const pose = createDollPose(BOX_DOLL.parts.length);
    motion.sample(0.5, pose);
    const scale = 0.91 / 0.95;
    expect(pose.rootOffset[0]).toBeCloseTo(0.05 * scale, 6);
    expect(pose.rootOffset[1]).toBeCloseTo(-0.02 * scale, 6);
    const armL = BOX_DOLL.parts.findIndex((p) => p.name === 'armL_up');
    // leftUpperArm turned 1 rad about Z from the T-pose; the box's arm hangs 90° below that.
    const expected = [
      0,
      0,
      Math.sin((1 + Math.PI / 2) / 2),
      Math.cos((1 + Math.PI / 2) / 2),
    ] as const;
    expect(angleBetweenQuats(partRotation(pose.rotations, armL), expected)).toBeLessThan(1e-6);
  });

  it('loadMotionSource names a missing file', async () => {
    await expect(loadMotionSource('/nonexistent/dance.vmd')).rejects.toThrow(
      /\/nonexistent\/dance\.vmd: cannot be read \(no such file\)/,
    );
  });
});

describe('the real VRMA (shared fixtures)', () => {
  const present = existsSync(REAL_VRMA);
  if (!present) console.warn(`skipping: ${REAL_VRMA} is not here (the shared fixtures are absent)`);

  it.skipIf(!present)('test.vrma loads and moves the right arm on the box dummy', async () => {
    const clip = await loadMotionSource(REAL_VRMA);
    expect(clip.name).toBe('test.vrma');
    expect(clip.duration).toBeGreaterThan(0);
    const animated = clip.bones.filter((b) => b.rotation !== null).map((b) => b.name);
    expect(animated).toContain('rightUpperArm');
    const motion = retargetMotion(clip, BOX_DOLL, { figureKind: 'box' });
    expect(motion.skippedBones).toEqual([]);
    const pose = createDollPose(BOX_DOLL.parts.length);
    const armR = BOX_DOLL.parts.findIndex((p) => p.name === 'armR_up');
    const angles: number[] = [];
    for (let t = 0; t < clip.duration; t += 0.1) {
      motion.sample(t, pose);
      angles.push(angleBetweenQuats(partRotation(pose.rotations, armR), [0, 0, 0, 1]));
    }
    expect(Math.max(...angles) - Math.min(...angles)).toBeGreaterThan(0.3);
  });
});
