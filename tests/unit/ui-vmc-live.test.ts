/**
 * Live (VMC) in the motion list (renderer/src/ui/motion-actions.ts) with the real live motion
 * and the box dummy: offered only while VMC receiving is on, it gives every figure (and
 * figures added later) a live motion the VMC controls feed, keeps the motion chosen before it
 * for presets, and goes back to that motion when the stream ends or receiving is turned off.
 */
import { describe, expect, it } from 'vitest';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { FigureEntry } from '../../renderer/src/physics/sandbox';
import { builtinMotion } from '../../renderer/src/motion/builtin-motions';
import { createLiveVmcMotion } from '../../renderer/src/motion/live-vmc-motion';
import { retargetMotion } from '../../renderer/src/motion/retarget-motion';
import { strings } from '../../renderer/src/ui/i18n';
import { MotionActions } from '../../renderer/src/ui/motion/motion-actions';
import type { MotionToolkit } from '../../renderer/src/ui/motion/motion-ports';
import { RecordingMotionSandbox, STAND_IN_PAGE } from '../support/motion-actions-stand-ins';

const TOOLKIT: MotionToolkit = {
  builtinNames: ['wave'],
  builtin: () => builtinMotion('wave'),
  load: () => Promise.reject(new Error('no files here')),
  retarget: (clip, spec, options) => retargetMotion(clip, spec, options),
  live: (spec, options) => createLiveVmcMotion(spec, options.figureKind),
  isMotionFileError: (error): error is Error => error instanceof Error,
};

function boxFigure(id: number): FigureEntry {
  return { id, spec: BOX_DOLL } as unknown as FigureEntry;
}

function setUp() {
  const sandbox = new RecordingMotionSandbox();
  sandbox.figures.push(boxFigure(1), boxFigure(2));
  const said: string[] = [];
  const actions = new MotionActions({
    window: STAND_IN_PAGE,
    host: undefined,
    sandbox,
    toolkit: TOOLKIT,
    kindOf: () => 'box',
    status: { say: (m) => said.push(m), alert: (m) => said.push(m), note: () => undefined },
    strings: () => strings('en'),
    onChanged: () => undefined,
  });
  return { sandbox, actions, said };
}

describe('Live (VMC) in the motion list', () => {
  it('is offered only while receiving is on', () => {
    const { actions, sandbox } = setUp();
    expect(actions.choices.map((c) => c.value)).not.toContain('live');
    actions.choose('live');
    expect(actions.selected).toBe('none');
    expect(sandbox.motions.size).toBe(0);
    actions.setLiveOffered(true);
    expect(actions.choices.at(-1)).toEqual({ value: 'live', label: 'Live (VMC)' });
  });

  it('gives every figure, and one added later, a live motion; presets keep the motion before it', () => {
    const { actions, sandbox } = setUp();
    actions.setLiveOffered(true);
    actions.choose('builtin:wave');
    actions.choose('live');
    expect(actions.selected).toBe('live');
    expect([...sandbox.motions.values()].map((m) => m?.name)).toEqual(['Live (VMC)', 'Live (VMC)']);
    expect(actions.liveMotions.size).toBe(2);
    sandbox.figures.push(boxFigure(3));
    actions.syncFigures();
    expect(sandbox.motions.get(3)?.name).toBe('Live (VMC)');
    expect(actions.liveMotions.size).toBe(3);
    expect(actions.presetSettings().motion).toEqual({ kind: 'builtin', name: 'wave' });
    sandbox.figures.splice(0, 1);
    actions.syncFigures();
    expect(actions.liveMotions.size).toBe(2);
  });

  it('goes back to the motion before it when the stream ends, and says so', () => {
    const { actions, sandbox, said } = setUp();
    actions.setLiveOffered(true);
    actions.choose('builtin:wave');
    actions.choose('live');
    actions.endLive();
    expect(actions.selected).toBe('builtin:wave');
    expect(sandbox.motions.get(1)?.name).not.toBe('Live (VMC)');
    expect(actions.liveMotions.size).toBe(0);
    expect(said.at(-1)).toMatch(/^No VMC data for 5 s: back to /);
  });

  it('goes back to None when receiving is turned off', () => {
    const { actions, sandbox } = setUp();
    actions.setLiveOffered(true);
    actions.choose('live');
    actions.setLiveOffered(false);
    expect(actions.selected).toBe('none');
    expect(sandbox.motions.get(1)).toBeNull();
    expect(actions.choices.map((c) => c.value)).not.toContain('live');
  });
});
