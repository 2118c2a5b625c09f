/**
 * The motion controls' logic (renderer/src/ui/motion/motion-actions.ts) with stand-ins for the page,
 * the sandbox and the motion readers: a chosen motion goes onto every figure and figures
 * added later get it too; bones a figure lacks are named once per motion; a motion file that
 * cannot be read, or a motion that fits no figure, is refused with a message and the figures
 * keep what they played; a preset's motion comes back with each figure's time, or as none
 * with a note saying why.
 */

import { describe, expect, it } from 'vitest';
import type { HostApi, MotionFile } from '../../shared/host-contract';
import type { PresetMotionSettings } from '../../shared/preset-schema';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import type { FigureEntry } from '../../renderer/src/physics/sandbox';
import { strings } from '../../renderer/src/ui/i18n';
import { MotionActions } from '../../renderer/src/ui/motion/motion-actions';
import type {
  FigureMotion,
  MotionClip,
  MotionToolkit,
} from '../../renderer/src/ui/motion/motion-ports';
import type { FigureBones } from '../../renderer/src/motion/figure-bones';
import {
  RecordingMotionSandbox,
  RecordingStatus,
  STAND_IN_PAGE,
} from '../support/motion-actions-stand-ins';

class FakeFileError extends Error {}

/** A figure whose spec is named `kind` (the toolkit below decides by it). */
function figure(id: number, kind: string): FigureEntry {
  return { id, spec: { name: kind } } as unknown as FigureEntry;
}

function clip(name: string): MotionClip {
  return { name, duration: 2 } as unknown as MotionClip;
}

/**
 * Built-ins `stand` and `wave`; the `handless` and `box` figures lack hands (the box dummy by
 * design); a `robot` figure fits nothing.
 */
const TOOLKIT: MotionToolkit = {
  builtinNames: ['stand', 'wave'],
  builtin: (name) => clip(name),
  load: (bytes, fileName) =>
    new Uint8Array(bytes)[0] === 1
      ? Promise.resolve(clip(fileName))
      : Promise.reject(new FakeFileError(`${fileName}: is not a motion file`)),
  retarget: (motionClip, spec: DollSpec) => {
    if (spec.name === 'robot') throw new FakeFileError(`${motionClip.name} moves no bone of robot`);
    const motion: FigureMotion = {
      name: motionClip.name,
      duration: motionClip.duration,
      spec,
      sample: () => undefined,
      skippedBones:
        spec.name === 'handless' || spec.name === 'box'
          ? ['leftHand', 'rightHand']
          : spec.name === 'mmd'
            ? ['左親指１', '両目', 'つま先ＩＫ (position)', '髪1', '左袖']
            : [],
      drawnBones: ['左親指１', '両目', '髪1', '左袖'].map((name) => ({
        name,
        rotation: { times: new Float64Array(1), values: new Float64Array(4), bezier: null },
      })),
    };
    return motion;
  },
  isMotionFileError: (error): error is Error => error instanceof FakeFileError,
};

/**
 * The bones of the `mmd` figures' model: 左親指1, 両目 and つま先IK follow their parents, a
 * body drives 髪1, and there is no 左袖.
 */
const MMD_BONES: FigureBones = {
  indexOf: (name) => ['左親指1', '両目', 'つま先IK', '髪1'].indexOf(name.normalize('NFKC')),
  takesMotion: (index) => index !== 3,
};

function setUp(figures: FigureEntry[], host?: Partial<HostApi>) {
  const sandbox = new RecordingMotionSandbox();
  sandbox.figures.push(...figures);
  const status = new RecordingStatus();
  const actions = new MotionActions({
    window: STAND_IN_PAGE,
    host: host as HostApi | undefined,
    sandbox,
    toolkit: TOOLKIT,
    kindOf: (id) => {
      const name = sandbox.figureTable.entryOf(id)?.spec.name;
      return name === 'box' ? 'box' : name === 'mmd' ? 'mmd' : 'vrm';
    },
    bonesOf: (id) => (sandbox.figureTable.entryOf(id)?.spec.name === 'mmd' ? MMD_BONES : undefined),
    status,
    strings: () => strings('en'),
    onChanged: () => undefined,
  });
  actions.syncFigures();
  return { sandbox, status, actions };
}

function motionFile(fileName: string, firstByte: number): MotionFile {
  return {
    path: `/motions/${fileName}`,
    fileName,
    size: 4,
    sha256: 'c'.repeat(64),
    format: 'vmd',
    title: fileName,
    bytes: new Uint8Array([firstByte, 0, 0, 0]),
    libraryEntryId: null,
  };
}

describe('motion actions', () => {
  it('plays a chosen motion on every figure, notes the bones it does not follow once, and gives it to figures added later', () => {
    const { sandbox, status, actions } = setUp([figure(1, 'handless'), figure(2, 'vrm')]);
    actions.choose('builtin:stand');
    expect([...sandbox.given.values()]).toEqual([
      { motion: 'stand', start: 0 },
      { motion: 'stand', start: 0 },
    ]);
    expect(status.said.at(-1)).toBe('Playing Stand on 2 figures.');
    // A note in Message History, not an alert: the motion plays.
    expect(status.alerts).toEqual([]);
    expect(status.notes).toEqual([
      'Stand moves bones the ragdoll does not follow: leftHand, rightHand stay as the physics puts them.',
    ]);
    // ADD: the new figure gets the motion; the same bones are not named again.
    sandbox.figures.push(figure(3, 'handless'));
    actions.syncFigures();
    expect(sandbox.given.get(3)).toEqual({ motion: 'stand', start: 0 });
    expect(status.notes).toHaveLength(1);
    // None: passive again.
    actions.choose('none');
    expect([...sandbox.given.values()].map((given) => given.motion)).toEqual([null, null, null]);
    expect(status.said.at(-1)).toBe('No motion: the figures are passive ragdolls.');
  });

  it('names nothing the box dummy lacks by design, however often a motion is chosen', () => {
    const { sandbox, status, actions } = setUp([figure(1, 'box'), figure(2, 'box')]);
    actions.choose('builtin:stand');
    actions.choose('builtin:wave');
    sandbox.figures.push(figure(3, 'box'));
    actions.syncFigures();
    actions.choose('builtin:stand');
    expect(sandbox.given.get(3)).toEqual({ motion: 'stand', start: 0 });
    expect(status.notes).toEqual([]);
    // A model that lacks the bones is still told about, once.
    sandbox.figures.push(figure(4, 'handless'));
    actions.syncFigures();
    expect(status.notes).toEqual([
      'Stand moves bones the ragdoll does not follow: leftHand, rightHand stay as the physics puts them.',
    ]);
    expect(status.alerts).toEqual([]);
  });

  it('says of a VMD on an MMD model which bones the model turns, which stay, and which it lacks', () => {
    const { sandbox, status, actions } = setUp([figure(1, 'mmd'), figure(2, 'mmd')]);
    actions.choose('builtin:wave');
    expect(status.said.at(-1)).toBe('Playing Wave on 2 figures.');
    expect(status.alerts).toEqual([]);
    expect(status.notes).toEqual([
      'Wave moves bones the ragdoll does not follow: the model turns 左親指１, 両目 with the motion alone; つま先ＩＫ (position), 髪1 stay as the physics puts them.',
      'Wave moves a bone this model does not have, so it is left out: 左袖.',
    ]);
    sandbox.figures.push(figure(3, 'mmd'));
    actions.syncFigures();
    expect(status.notes).toHaveLength(2);
    const ja = strings('ja').motion;
    expect(ja.unfollowedBones('Wave', ['左親指１'], ['髪1'])).toBe(
      'Wave にはラグドールが従わないボーンの動きがあります（左親指１ はモデルがモーションだけで回し、髪1 は物理のままです）。',
    );
    expect(ja.missingBones('Wave', ['左袖'])).toBe(
      'Wave が動かす次のボーンはこのモデルにないため使いません: 左袖。',
    );
  });

  it('refuses a motion that fits no figure, keeping what the figures played', () => {
    const { sandbox, status, actions } = setUp([figure(1, 'vrm'), figure(2, 'robot')]);
    sandbox.figures.splice(1, 1);
    actions.choose('builtin:wave');
    sandbox.figures.push(figure(2, 'robot'));
    actions.syncFigures();
    // The robot added later cannot play Wave: it stays passive, and the alert says why.
    expect(sandbox.given.get(2)).toEqual({ motion: null, start: 0 });
    expect(status.alerts.at(-1)).toBe(
      'Could not open the motion: wave moves no bone of robot. Choose a VRM Animation (.vrma) or VMD (.vmd) file; the figures keep playing Wave.',
    );
    // Choosing Stand now fails on the robot: nobody changes motion.
    actions.choose('builtin:stand');
    expect(sandbox.given.get(1)).toEqual({ motion: 'wave', start: 0 });
    expect(actions.selected).toBe('builtin:wave');
    expect(status.alerts.at(-1)).toContain('stand moves no bone of robot');
  });

  it('refuses a motion file that cannot be read, naming it; a good one joins the list', async () => {
    const { sandbox, status, actions } = setUp([figure(1, 'vrm')]);
    actions.choose('builtin:wave');
    actions.openFile(motionFile('broken.vmd', 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(status.alerts.at(-1)).toBe(
      'Could not open the motion: broken.vmd: is not a motion file. Choose a VRM Animation (.vrma) or VMD (.vmd) file; the figures keep playing Wave.',
    );
    expect(actions.selected).toBe('builtin:wave');
    expect(actions.choices.map((choice) => choice.value)).toEqual([
      'none',
      'builtin:stand',
      'builtin:wave',
    ]);
    await actions.openBytes(new Uint8Array([1]), 'dance.vmd');
    expect(sandbox.given.get(1)).toEqual({ motion: 'dance.vmd', start: 0 });
    expect(actions.selected).toBe('file');
    expect(actions.choices.at(-1)).toEqual({ value: 'file', label: 'File: dance.vmd' });
    // A file the page read itself has no path: a preset cannot name it.
    expect(actions.presetSettings().motion).toEqual({ kind: 'none' });
  });

  it('saves and restores the motion with each figure’s time, or none with a note saying why', async () => {
    const readMotion = (path: string) =>
      Promise.resolve({ ok: true as const, value: { ...motionFile('dance.vmd', 1), path } });
    const { sandbox, actions } = setUp([figure(1, 'vrm'), figure(2, 'vrm')], { readMotion });
    const settings: PresetMotionSettings = {
      motion: {
        kind: 'file',
        path: '/motions/dance.vmd',
        size: 4,
        sha256: 'c'.repeat(64),
        fileName: 'dance.vmd',
        format: 'vmd',
      },
      playing: false,
      muscle: 40,
      getUp: false,
    };
    const prepared = await actions.prepareRestore(settings, undefined);
    expect(prepared.notes).toEqual([]);
    expect(actions.finishRestore(prepared, settings, [0.5, 1.25])).toEqual([]);
    expect([...sandbox.given.values()]).toEqual([
      { motion: 'dance.vmd', start: 0.5 },
      { motion: 'dance.vmd', start: 1.25 },
    ]);
    expect(sandbox).toMatchObject({ muscle: 40, getUpEnabled: false, playing: false });
    expect(actions.presetSettings()).toEqual(settings);
    expect(actions.timeOf(sandbox.figures[1]!.id)).toBe(1.25);

    const gone = await actions.prepareRestore(settings, {
      reason: 'missing',
      message: 'The motion dance.vmd was not played: /motions/dance.vmd was not found.',
    });
    expect(gone.notes).toEqual([
      'The motion dance.vmd was not played: /motions/dance.vmd was not found.',
    ]);
    actions.finishRestore(gone, settings, [0, 0]);
    expect(actions.selected).toBe('none');
    const unknown = await actions.prepareRestore(
      { ...settings, motion: { kind: 'builtin', name: 'moonwalk' } },
      undefined,
    );
    expect(unknown.notes).toEqual([
      'The preset\'s motion "moonwalk" is not built into this version; the figures play no motion.',
    ]);
  });
});
