/**
 * A real VRM's spring bones (godette's hair and skirt, simulated by three-vrm in the view) in
 * the scene's recording, on the real Rapier WASM and the real three-vrm, driven as the app
 * drives them (the timeline runs time, the avatar updates after it each drawn frame):
 * scrubbing to a frame shows every spring bone as it was recorded there, and resuming from it
 * carries the hair on from that state instead of restarting it.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
// First: sets the `self` global three-vrm reads when it is imported (lazily, by the loader).
import '../../tools/loaders/load-vrm-bones';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { SceneBodiesSnapshot } from '../../renderer/src/physics/scene-bodies-snapshot';
import { SPRING_MAX_BYTES } from '../../renderer/src/physics/recording/spring-state-ring';
import { RECORD_MAX_BYTES } from '../../renderer/src/physics/recording/scene-recorder';
import { SceneTimeline } from '../../renderer/src/ui/timeline/scene-timeline';
import { loadAvatarModel } from '../../renderer/src/view/vrm/load-avatar-model';
import { VrmAvatar } from '../../renderer/src/view/vrm/vrm-avatar';
import { realFixture } from '../../tools/fixtures/real-fixtures';
import { avatarFigure } from '../support/avatar-figures';
import { loadRapier } from '../support/rapier';

const GODETTE = realFixture('vrm0/godette_v4.vrm');
const FRAME = 1 / 60;

interface Scene {
  sandbox: Sandbox;
  timeline: SceneTimeline;
  avatars: VrmAvatar[];
  /** One drawn frame as the app draws it: time through the timeline, then the avatars. */
  frame: () => void;
}

async function scene(figures: number): Promise<Scene> {
  const sandbox = new Sandbox(await loadRapier(), { seed: 5 });
  const timeline = new SceneTimeline(sandbox);
  const avatars: VrmAvatar[] = [];
  for (let i = 0; i < figures; i++) {
    const model = await loadAvatarModel(await readFile(GODETTE), 'godette_v4.vrm');
    const figure = sandbox.addFigure(model.rig.spec);
    avatars.push(new VrmAvatar(model, avatarFigure(figure), sandbox));
  }
  const frame = (): void => {
    timeline.advance(FRAME);
    const seconds = timeline.live ? FRAME * sandbox.timeScale : 0;
    for (const avatar of avatars) avatar.update(seconds, undefined, timeline);
  };
  return { sandbox, timeline, avatars, frame };
}

function springJoints(avatar: VrmAvatar) {
  return [...(avatar['model'].loaded.vrm.springBoneManager?.joints ?? [])];
}

/** Where each joint's tail is drawn: its bone's world matrix applied to the tail's rest offset. */
function tailPositions(avatar: VrmAvatar): Vector3[] {
  return springJoints(avatar).map((joint) =>
    joint.bone.localToWorld(joint.initialLocalChildPosition.clone()),
  );
}

describe('VRM spring bones in the recording', () => {
  it.skipIf(!existsSync(GODETTE))(
    'scrubbing shows every spring bone as recorded; resuming carries the hair on from there',
    async () => {
      const { sandbox, timeline, avatars, frame } = await scene(1);
      const avatar = avatars[0]!;
      const joints = springJoints(avatar);
      expect(joints.length).toBe(16);
      const recorded = new Map<number, Quaternion[]>();
      const tails = new Map<number, Vector3[]>();
      const remember = (): void => {
        const at = timeline.recorder.lastFrame;
        recorded.set(
          at,
          joints.map((joint) => joint.bone.quaternion.clone()),
        );
        tails.set(at, tailPositions(avatar));
      };
      /** Draws `frames` frames, remembering each. */
      const play = (frames: number): void => {
        for (let i = 0; i < frames; i++) {
          frame();
          remember();
        }
      };
      // Dropped, then blasted twice while it tumbles: the hair swings hard.
      play(90);
      sandbox.blast(10);
      play(30);
      // In mid-swing, a few frames before the next blast (the frame after it is compared).
      const target = timeline.recorder.lastFrame;
      play(10);
      sandbox.blast(10);
      play(60);

      // Scrub back to a frame in mid-swing: every spring bone as recorded there.
      expect(timeline.show(target)).toBe(target);
      frame();
      const want = recorded.get(target)!;
      let largest = 0;
      let movedSince = 0;
      const newest = recorded.get(timeline.recorder.lastFrame)!;
      joints.forEach((joint, j) => {
        largest = Math.max(largest, joint.bone.quaternion.angleTo(want[j]!));
        movedSince = Math.max(movedSince, want[j]!.angleTo(newest[j]!));
      });
      expect(largest).toBeLessThanOrEqual(1e-4);
      // The hair was elsewhere at the newest frame, so showing it is not a coincidence.
      expect(movedSince).toBeGreaterThan(0.05);

      // One frame back and forth: still the recorded states.
      timeline.show(target - 1);
      frame();
      joints.forEach((joint, j) => {
        expect(joint.bone.quaternion.angleTo(recorded.get(target - 1)![j]!)).toBeLessThanOrEqual(
          1e-4,
        );
      });
      timeline.show(target);
      frame();

      // Resume: after the first frame every tail is within 1 cm of where the original run
      // drew it one frame later (the hair carries on; it does not restart from rest).
      timeline.resume();
      frame();
      const after = tailPositions(avatar);
      const original = tails.get(target + 1)!;
      let fromOriginal = 0;
      after.forEach((tail, j) => {
        fromOriginal = Math.max(fromOriginal, tail.distanceTo(original[j]!));
      });
      expect(fromOriginal).toBeLessThanOrEqual(0.01);

      // The new future is recorded as it happens: scrubbing to it shows its own hair.
      const rerecorded = new Map<number, Quaternion[]>();
      for (let i = 0; i < 20; i++) {
        frame();
        rerecorded.set(
          timeline.recorder.lastFrame,
          joints.map((joint) => joint.bone.quaternion.clone()),
        );
      }
      const later = target + 10;
      timeline.show(later);
      frame();
      joints.forEach((joint, j) => {
        expect(joint.bone.quaternion.angleTo(rerecorded.get(later)![j]!)).toBeLessThanOrEqual(1e-4);
      });

      // Frames shown and the scene then left as it was (as a clip export does): the springs
      // carry on from their live state, not from the last frame shown.
      timeline.resume();
      for (let i = 0; i < 20; i++) frame();
      const live = joints.map((joint) => joint.bone.quaternion.clone());
      const bodies = new SceneBodiesSnapshot(sandbox);
      timeline.pause();
      timeline.show(later);
      frame();
      expect(
        Math.max(...joints.map((joint, j) => joint.bone.quaternion.angleTo(live[j]!))),
      ).toBeGreaterThan(1e-3);
      timeline.rewind.show(timeline.recorder.lastFrame);
      bodies.restore(sandbox);
      timeline.rewind.leaveUnchanged();
      for (const each of avatars) each.update(0, undefined, timeline);
      joints.forEach((joint, j) => expect(joint.bone.quaternion.equals(live[j]!)).toBe(true));
      for (const each of avatars) each.dispose();
      timeline.dispose();
      sandbox.dispose();
    },
    60_000,
  );

  it.skipIf(!existsSync(GODETTE))(
    'six avatars: the springs add a fixed 60 s history, all within the recorder bound',
    async () => {
      const { sandbox, timeline, avatars, frame } = await scene(6);
      for (let i = 0; i < 30; i++) frame();
      const springBytes = avatars.reduce((sum, avatar) => sum + avatar.springs.byteLength, 0);
      for (const avatar of avatars) expect(avatar.springs.frameCapacity).toBe(3600);
      // 16 joints × 22 bytes + 4 bytes of serial, per frame, per avatar.
      expect(springBytes).toBe(6 * 3600 * (16 * 22 + 4));
      expect(avatars[0]!.springs.byteLength).toBeLessThanOrEqual(SPRING_MAX_BYTES);
      // 6 × 15 parts in 96 slots of 26 bytes, plus 12 bytes per frame.
      expect(timeline.recorder.byteLength).toBe(3600 * (96 * 26 + 12));
      expect(timeline.recorder.byteLength + springBytes).toBeLessThanOrEqual(RECORD_MAX_BYTES);
      for (const avatar of avatars) avatar.dispose();
      timeline.dispose();
      sandbox.dispose();
    },
    60_000,
  );
});
