/**
 * Faces in the scene's recording, driven as the app drives them (the timeline runs time on the
 * real Rapier WASM, the avatar updates after it each drawn frame, its face cues read the real
 * sandbox): a grabbed VRM figure's surprise and an MMD figure's びっくり are shown again when
 * the timeline scrubs back to them, and Export Motion… writes them: a `.vrma`'s expression
 * tracks read back by the app's VRM Animation reader (three-vrm-animation), a `.vmd`'s morph
 * keys by its VMD reader, each within 1e-4 of the weight drawn at that frame.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
// First: sets the `self` global three-vrm reads when it is imported (lazily, by the loader).
import '../../tools/loaders/load-vrm-bones';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import { parseVmd } from '../../renderer/src/formats/vmd/parse-vmd';
import { figureFaceCues } from '../../renderer/src/models/figure-face-cues';
import { sampleFaceTrack, type FaceTrack } from '../../renderer/src/motion/face-tracks';
import type { ExportedFigure } from '../../renderer/src/motion/export/export-figure-motion';
import type { Figure } from '../../renderer/src/physics/sandbox';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import { figureMotionFile } from '../../renderer/src/ui/export/figure-motion-file';
import { SceneTimeline } from '../../renderer/src/ui/timeline/scene-timeline';
import { MmdAvatar } from '../../renderer/src/view/mmd/mmd-avatar';
import { loadMotionFile } from '../../renderer/src/view/motion/load-motion-file';
import { loadAvatarModel } from '../../renderer/src/view/vrm/load-avatar-model';
import { VrmAvatar } from '../../renderer/src/view/vrm/vrm-avatar';
import { humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';
import { drawMmdModel } from '../../tools/loaders/posed-mmd-avatar';
import { avatarFigure, mmdAvatarFigure } from '../support/avatar-figures';
import { loadRapier } from '../support/rapier';
import { useVrmFixtures } from '../support/vrm-fixtures';

const FRAME = 1 / 60;

interface Drawn {
  update(seconds: number, sections: undefined, recording: SceneTimeline): void;
  expressionWeights(): Record<string, number>;
}

/**
 * A figure dropped, grabbed by the head for half a second and let go: every drawn frame's
 * weights by the recorder frame it recorded, and the frame where `name` peaked.
 */
function grabAndRecord(
  sandbox: Sandbox,
  timeline: SceneTimeline,
  figure: Figure,
  avatar: Drawn,
  name: string,
) {
  const recorded = new Map<number, Record<string, number>>();
  const frame = (): void => {
    timeline.advance(FRAME);
    const seconds = timeline.live ? FRAME * sandbox.timeScale : 0;
    avatar.update(seconds, undefined, timeline);
    if (timeline.live) recorded.set(timeline.recorder.lastFrame, avatar.expressionWeights());
  };
  for (let i = 0; i < 60; i++) frame();
  const head = figure.ragdoll.parts.find((p) => p.spec.name === 'head')!.body;
  expect(sandbox.grab.start(head.handle, head.translation())).toBe(true);
  for (let i = 0; i < 30; i++) frame();
  sandbox.grab.release();
  for (let i = 0; i < 120; i++) frame();
  let peak = -1;
  for (const [at, weights] of recorded)
    if (peak < 0 || weights[name]! > recorded.get(peak)![name]!) peak = at;
  return { recorded, frame, peak };
}

/** Scrubs to `frame`, draws, and returns the largest gap to the weights recorded there. */
function scrubGap(
  timeline: SceneTimeline,
  avatar: Drawn,
  frame: number,
  recorded: Map<number, Record<string, number>>,
  draw: () => void,
): number {
  expect(timeline.show(frame)).toBe(frame);
  draw();
  const shown = avatar.expressionWeights();
  const want = recorded.get(frame)!;
  let gap = 0;
  for (const [name, weight] of Object.entries(want))
    gap = Math.max(gap, Math.abs(shown[name]! - weight));
  return gap;
}

/** The whole recording as an export range. */
function wholeRange(timeline: SceneTimeline) {
  const recorder = timeline.recorder;
  const firstFrame = recorder.firstFrameWithSameFigures;
  const lastFrame = recorder.lastFrame;
  return {
    firstFrame,
    lastFrame,
    startSeconds: recorder.timeAt(firstFrame),
    endSeconds: recorder.timeAt(lastFrame),
  };
}

const vrmFiles = useVrmFixtures('ragdoll-face-recording-');

/** A VRM fixture added to the sandbox and drawn as the app draws it, its eyes on `viewer`. */
async function vrmFigure(sandbox: Sandbox, path: string, viewer: Vector3) {
  const model = await loadAvatarModel(await readFile(path), basename(path));
  const figure = sandbox.addFigure(model.rig.spec);
  const face = figureFaceCues(sandbox, figure, viewer, () => true);
  const avatar = new VrmAvatar(model, avatarFigure(figure, { face }), sandbox);
  const exported: ExportedFigure = {
    kind: 'vrm',
    vrm: {
      boneOwners: model.rig.boneOwners,
      hipsOffset: model.rig.hipsOffset,
      restHipsHeight: model.loaded.bones['hips']![1],
    },
    face: avatar.face!.history,
  };
  return { model, figure, avatar, exported };
}

/**
 * Each exported frame of `track` (30 a second, every second recorder frame from `first`)
 * against the weight recorded there: within 1e-4, and a weight recorded for all but one frame.
 */
function expectTrackAsRecorded(
  frames: number,
  first: number,
  recorded: ReadonlyMap<number, Record<string, number>>,
  track: FaceTrack,
): void {
  let worst = 0;
  let compared = 0;
  for (let f = 0; f < frames; f++) {
    const want = recorded.get(first + 2 * f)?.[track.name];
    if (want === undefined) continue;
    compared++;
    worst = Math.max(worst, Math.abs(sampleFaceTrack(track, f / 30) - want));
  }
  expect(worst).toBeLessThan(1e-4);
  expect(compared).toBeGreaterThan(frames - 2);
}

describe('a VRM figure’s face in the recording', () => {
  it('scrubbing back shows the surprise as recorded, and the .vrma carries it', async () => {
    const sandbox = new Sandbox(await loadRapier(), { seed: 4 });
    const timeline = new SceneTimeline(sandbox);
    const { figure, avatar, exported } = await vrmFigure(
      sandbox,
      vrmFiles.path('vrm1-tpose-full.vrm'),
      new Vector3(0, 1.4, 4),
    );
    const { recorded, frame, peak } = grabAndRecord(sandbox, timeline, figure, avatar, 'surprised');
    const newest = timeline.recorder.lastFrame;
    expect(recorded.get(peak)!['surprised']).toBeGreaterThan(0.5);
    expect(recorded.get(newest)!['surprised']).toBe(0);

    expect(scrubGap(timeline, avatar, peak, recorded, frame)).toBeLessThan(1e-4);
    expect(avatar.expressionWeights()['surprised']).toBeGreaterThan(0.5);
    // A frame further on, as the surprise eased out: as recorded too.
    expect(scrubGap(timeline, avatar, peak + 20, recorded, frame)).toBeLessThan(1e-4);
    expect(scrubGap(timeline, avatar, newest, recorded, frame)).toBeLessThan(1e-4);

    const file = figureMotionFile(
      timeline.recorder,
      wholeRange(timeline),
      sandbox.figureTable.entryOf(figure.id)!,
      exported,
      'faces',
    );
    expect(file.format).toBe('vrma');
    expect(file.faceNames).toContain('surprised');
    const clip = await loadMotionFile(file.bytes.slice().buffer, 'faces.vrma');
    const surprised = clip.face!.find((track) => track.name === 'surprised')!;
    expectTrackAsRecorded(file.frames, wholeRange(timeline).firstFrame, recorded, surprised);
    sandbox.dispose();
  }, 60_000);
});

describe('a VRM figure’s gaze in the recording', () => {
  it('scrubbing back turns the eyes as recorded, and the .vrma’s look-at carries them', async () => {
    const sandbox = new Sandbox(await loadRapier(), { seed: 8 });
    const timeline = new SceneTimeline(sandbox);
    // The camera off to one side and above: the eyes turn as the figure falls and rolls.
    const { model, figure, avatar, exported } = await vrmFigure(
      sandbox,
      vrmFiles.path('vrm0-tpose-full.vrm'),
      new Vector3(1.2, 1.8, 2.5),
    );
    const lookAt = model.loaded.vrm.lookAt!;
    const recorded = new Map<number, { yaw: number; pitch: number }>();
    const frame = (): void => {
      timeline.advance(FRAME);
      avatar.update(timeline.live ? FRAME : 0, undefined, timeline);
      if (timeline.live)
        recorded.set(timeline.recorder.lastFrame, { yaw: lookAt.yaw, pitch: lookAt.pitch });
    };
    for (let i = 0; i < 90; i++) frame();
    sandbox.blast(6);
    for (let i = 0; i < 90; i++) frame();
    const newest = recorded.get(timeline.recorder.lastFrame)!;
    const target = [...recorded].find(([, g]) => Math.abs(g.yaw - newest.yaw) > 5)?.[0];
    expect(target).toBeDefined();
    expect(timeline.show(target!)).toBe(target);
    frame();
    expect(lookAt.yaw).toBeCloseTo(recorded.get(target!)!.yaw, 3);
    expect(lookAt.pitch).toBeCloseTo(recorded.get(target!)!.pitch, 3);

    const file = figureMotionFile(
      timeline.recorder,
      wholeRange(timeline),
      sandbox.figureTable.entryOf(figure.id)!,
      exported,
      'gaze',
    );
    expect(file.gaze).toBe(true);
    const clip = await loadMotionFile(file.bytes.slice().buffer, 'gaze.vrma');
    const track = clip.lookAt!;
    const first = wholeRange(timeline).firstFrame;
    let compared = 0;
    for (let f = 0; f < file.frames; f++) {
      const want = recorded.get(first + 2 * f);
      if (!want) continue;
      compared++;
      expect(track.yaw[f]!).toBeCloseTo(want.yaw, 2);
      expect(track.pitch[f]!).toBeCloseTo(want.pitch, 2);
    }
    expect(compared).toBeGreaterThan(file.frames - 2);
    sandbox.dispose();
  }, 60_000);
});

describe('an MMD figure’s morphs in the recording', () => {
  it('scrubbing back shows びっくり as recorded, and the .vmd carries its morph keys', async () => {
    const sandbox = new Sandbox(await loadRapier(), { seed: 6 });
    const timeline = new SceneTimeline(sandbox);
    const model = parseMmdModel(writePmx(humanoidMmdModel()));
    const rig = mmdRig(model);
    const figure = sandbox.addFigure(rig.rig.spec, { mmd: rig.physics });
    const drawing = await drawMmdModel(model, rig);
    const face = figureFaceCues(sandbox, figure, new Vector3(0, 1.4, 4), () => true);
    const avatar = new MmdAvatar(drawing, rig, mmdAvatarFigure(figure, { face }), sandbox);
    const { recorded, frame, peak } = grabAndRecord(sandbox, timeline, figure, avatar, 'びっくり');
    expect(recorded.get(peak)!['びっくり']).toBeGreaterThan(0.5);
    expect(recorded.get(timeline.recorder.lastFrame)!['びっくり']).toBe(0);
    const position = drawing.mesh.geometry.getAttribute('position');
    const live = (position.array as Float32Array).slice();
    expect(scrubGap(timeline, avatar, peak, recorded, frame)).toBeLessThan(1e-4);
    // The drawn vertices moved with the morph shown.
    let moved = 0;
    for (let i = 0; i < live.length; i++)
      moved = Math.max(moved, Math.abs(position.array[i]! - live[i]!));
    expect(moved).toBeGreaterThan(1e-4);

    const file = figureMotionFile(
      timeline.recorder,
      wholeRange(timeline),
      sandbox.figureTable.entryOf(figure.id)!,
      { kind: 'mmd', modelName: model.name, face: avatar.faceHistory! },
      'faces',
    );
    expect(file.format).toBe('vmd');
    expect(file.faceNames).toContain('びっくり');
    const keys = parseVmd(file.bytes).morphKeys;
    expect(new Set(keys.names)).toContain('びっくり');
    const clip = await loadMotionFile(file.bytes.slice().buffer, 'faces.vmd');
    const track = clip.face!.find((t) => t.name === 'びっくり')!;
    expectTrackAsRecorded(file.frames, wholeRange(timeline).firstFrame, recorded, track);
    // Keys only where the weight changes: far fewer than one a frame for each morph.
    expect(keys.count).toBeLessThan(file.frames * file.faceNames.length);
    avatar.dispose();
    sandbox.dispose();
  }, 60_000);
});
