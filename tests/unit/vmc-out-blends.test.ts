/**
 * VMC out sends the figure's face: every expression each frame as `/VMC/Ext/Blend/Val`, then
 * `/VMC/Ext/Blend/Apply`, named as the receiver's avatar names them (VRM 1.0 names from a VRM
 * 1.0 figure, VRM 0.x names from a VRM 0.x one, an MMD figure's standard morphs as VRM 1.0
 * presets). Sent over real UDP by the app's sender and read back by the hand-written OSC
 * decoder in tests/support (not the app's `osc-min`). Real VRM and PMD fixtures where present
 * (skipped when absent); a face of names otherwise.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
// First: sets the `self` global three-vrm reads when it is imported (lazily, by the loader).
import '../../tools/loaders/load-vrm-bones';
import type { Logger } from '../../electron/main/host/logger';
import { VmcSender } from '../../electron/main/host/vmc/vmc-sender';
import { createVmcOutFrame } from '../../renderer/src/motion/vmc-out-pose';
import type { VmcOutFrame } from '../../renderer/src/motion/vmc-out-pose';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import type { FaceTarget } from '../../renderer/src/view/face/face-target';
import type { VmcOutFace } from '../../renderer/src/view/face/vmc-out-blends';
import { VmcOutBlends } from '../../renderer/src/view/face/vmc-out-blends';
import { VrmFaceTarget } from '../../renderer/src/view/face/vrm-face-target';
import { loadAvatarModel } from '../../renderer/src/view/vrm/load-avatar-model';
import { realFixture } from '../../tools/fixtures/real-fixtures';
import { drawMmdModel } from '../../tools/loaders/posed-mmd-avatar';
import { NamedFace } from '../support/named-face';
import { readMessages, udpCollector } from '../support/vmc-osc';

const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The expressions one sent frame carries, read by hand; checks Apply comes after them. */
async function sentBlends(face: VmcOutFace): Promise<Map<string, number>> {
  const collector = await udpCollector();
  cleanups.push(() => collector.close());
  const sender = new VmcSender(quiet);
  sender.start({ host: '127.0.0.1', port: collector.port });
  const frame: VmcOutFrame = createVmcOutFrame();
  new VmcOutBlends().write(face, frame);
  sender.send(frame, 0.5);
  await sender.stop();
  const deadline = Date.now() + 2000;
  while (collector.datagrams.length < sender.datagrams && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 10));
  const blends = new Map<string, number>();
  let applied = false;
  for (const datagram of collector.datagrams) {
    expect(datagram.byteLength).toBeLessThanOrEqual(1400);
    for (const m of readMessages(datagram)) {
      if (m.address === '/VMC/Ext/Blend/Val') {
        expect(applied).toBe(false);
        expect(m.types).toBe('sf');
        blends.set(m.args[0] as string, m.args[1] as number);
      } else if (m.address === '/VMC/Ext/Blend/Apply') {
        expect(m.types).toBe('');
        applied = true;
      }
    }
  }
  expect(applied).toBe(blends.size > 0);
  return blends;
}

function set(target: FaceTarget, weights: Record<string, number>): void {
  for (const [name, weight] of Object.entries(weights)) {
    const index = target.indexOf(name);
    expect(index, name).toBeGreaterThanOrEqual(0);
    target.setWeight(index, weight);
  }
}

/** An MMD face's morphs, with two standing for `happy` (the larger is sent). */
const MMD_MORPHS = ['まばたき', '笑い', 'にこり', 'あ', 'ウィンク右', '口角上げ'];
const MMD_WEIGHTS = { 笑い: 0.25, にこり: 0.75, あ: 0.5, ウィンク右: 1 };
/** A VRM face's presets by their VRM 1.0 names, and one custom expression. */
const VRM_PRESETS = ['happy', 'aa', 'blinkLeft', 'sad', 'Smirk'];
const VRM_WEIGHTS = { happy: 0.5, aa: 0.25, blinkLeft: 1, Smirk: 0.125 };

describe('VMC out sends the face', () => {
  it.each([
    [
      'an MMD face’s standard morphs as VRM 1.0 presets (the larger of two)',
      MMD_MORPHS,
      MMD_WEIGHTS,
      'mmd',
      '1',
      { blink: 0, happy: 0.75, aa: 0.5, blinkRight: 1 },
    ],
    [
      'a VRM 0.x figure’s presets by their VRM 0.x names, and custom names as they are',
      VRM_PRESETS,
      VRM_WEIGHTS,
      'vrm',
      '0',
      { Joy: 0.5, A: 0.25, Blink_L: 1, Sorrow: 0, Smirk: 0.125 },
    ],
    [
      'a VRM 1.0 figure’s presets and custom names as they are',
      VRM_PRESETS,
      VRM_WEIGHTS,
      'vrm',
      '1',
      { happy: 0.5, aa: 0.25, blinkLeft: 1, sad: 0, Smirk: 0.125 },
    ],
  ] as const)('sends every expression, %s', async (_, names, weights, kind, vrmVersion, sent) => {
    const face = new NamedFace(names);
    set(face, weights);
    const blends = await sentBlends({ target: face, kind, vrmVersion });
    expect(Object.fromEntries(blends)).toEqual(sent);
  });

  it('sends each frame what the face shows then, whether it changed or not', () => {
    const face = new NamedFace(MMD_MORPHS);
    set(face, MMD_WEIGHTS);
    const writer = new VmcOutBlends();
    const frame = createVmcOutFrame();
    const mmdFace: VmcOutFace = { target: face, kind: 'mmd', vrmVersion: '1' };
    writer.write(mmdFace, frame);
    const names = frame.blendNames;
    set(face, { あ: 0 });
    writer.write(mmdFace, frame);
    expect(frame.blendNames).toBe(names);
    expect(frame.blendValues[names.indexOf('aa')]).toBe(0);
    expect(frame.blendValues[names.indexOf('happy')]).toBe(0.75);
    writer.write(null, frame);
    expect(frame.blendNames).toEqual([]);
  });
});

const ROBOT = realFixture('vrm1/addon_debug_robot.vrm');
const GODETTE = realFixture('vrm0/godette_v4.vrm');
const MOKOU = realFixture('pmd/mokou/mokou_A.pmd');

describe.each([
  ['VRM 1.0', ROBOT, '1', { happy: 0.8, aa: 0.375, blinkRight: 1 }],
  ['VRM 0.x', GODETTE, '0', { Joy: 0.8, A: 0.375, Blink_R: 1 }],
] as const)('a real %s figure’s face sent', (_, path, version, expected) => {
  it.skipIf(!existsSync(path))(
    'names each expression as an avatar of its VRM version does',
    async () => {
      const model = await loadAvatarModel(await readFile(path), path);
      expect(model.loaded.vrm.meta.metaVersion).toBe(version);
      const target = new VrmFaceTarget(model.loaded.vrm.expressionManager);
      set(target, { happy: 0.8, aa: 0.375, blinkRight: 1 });
      const blends = await sentBlends({ target, kind: 'vrm', vrmVersion: version });
      expect(blends.size).toBe(target.names.length);
      for (const [name, weight] of Object.entries(expected))
        expect(blends.get(name), name).toBeCloseTo(weight, 6);
      const others = [...blends].filter(([name]) => !(name in expected));
      expect(others.every(([, weight]) => weight === 0)).toBe(true);
    },
  );
});

describe('a real MMD figure’s face sent', () => {
  it.skipIf(!existsSync(MOKOU))('sends its standard morphs as VRM 1.0 presets', async () => {
    const model = parseMmdModel(new Uint8Array(readFileSync(MOKOU)));
    const rig = mmdRig(model);
    const drawing = await drawMmdModel(model, rig);
    cleanups.push(() => drawing.dispose());
    set(drawing.face, { 笑い: 0.6, あ: 0.9, ウィンク: 0.5 });
    const blends = await sentBlends({ target: drawing.face, kind: 'mmd', vrmVersion: '1' });
    expect(blends.get('happy')).toBeCloseTo(0.6, 6);
    expect(blends.get('aa')).toBeCloseTo(0.9, 6);
    expect(blends.get('blinkLeft')).toBeCloseTo(0.5, 6);
    expect(blends.get('blink')).toBe(0);
    // Only names a VRM avatar has: none of the model's own.
    expect([...blends.keys()].every((name) => /^[a-zA-Z]+$/.test(name))).toBe(true);
  });
});
