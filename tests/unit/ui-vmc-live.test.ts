/**
 * Live (VMC) in the motion list (renderer/src/ui/motion-actions.ts) with the real live motion
 * and the box dummy: offered only while VMC receiving is on, it gives every figure (and
 * figures added later) a live motion the VMC controls feed, keeps the motion chosen before it
 * for presets, and goes back to that motion when the stream ends or receiving is turned off.
 */
import { describe, expect, it } from 'vitest';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { DollMotion } from '../../renderer/src/physics/motion/doll-motion';
import type { Figure } from '../../renderer/src/physics/sandbox';
import { builtinMotion } from '../../renderer/src/motion/builtin-motions';
import { createLiveVmcMotion } from '../../renderer/src/motion/live-vmc-motion';
import { retargetMotion } from '../../renderer/src/motion/retarget-motion';
import { strings } from '../../renderer/src/ui/i18n';
import { MotionActions } from '../../renderer/src/ui/motion/motion-actions';
import type {
  MotionControls,
  MotionSandbox,
  MotionToolkit,
} from '../../renderer/src/ui/motion/motion-ports';

const TOOLKIT: MotionToolkit = {
  builtinNames: ['wave'],
  builtin: () => builtinMotion('wave'),
  load: () => Promise.reject(new Error('no files here')),
  retarget: (clip, spec, options) => retargetMotion(clip, spec, options),
  live: (spec, options) => createLiveVmcMotion(spec, options.figureKind),
  isMotionFileError: (error): error is Error => error instanceof Error,
};

function boxFigure(id: number): Figure {
  return { id, ragdoll: { spec: BOX_DOLL } } as unknown as Figure;
}

class FakeSandbox implements MotionSandbox, MotionControls {
  readonly motion: MotionControls = this;
  readonly figures: Figure[] = [];
  readonly given = new Map<number, DollMotion | null>();
  muscle = 100;
  getUpEnabled = true;
  playing = true;
  set(figure: Figure, motion: DollMotion | null): void {
    this.given.set(figure.id, motion);
  }
  setMuscle(): void {}
  setGetUpEnabled(): void {}
  setPlaying(): void {}
  state(): 'following' {
    return 'following';
  }
  time(): number {
    return 0;
  }
}

const PAGE = {
  document: {
    createElement: () => ({
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      setAttribute: () => undefined,
      remove: () => undefined,
    }),
    body: { append: () => undefined },
  },
} as unknown as Window;

function setUp() {
  const sandbox = new FakeSandbox();
  sandbox.figures.push(boxFigure(1), boxFigure(2));
  const said: string[] = [];
  const actions = new MotionActions({
    window: PAGE,
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
    expect(sandbox.given.size).toBe(0);
    actions.setLiveOffered(true);
    expect(actions.choices.at(-1)).toEqual({ value: 'live', label: 'Live (VMC)' });
  });

  it('gives every figure, and one added later, a live motion; presets keep the motion before it', () => {
    const { actions, sandbox } = setUp();
    actions.setLiveOffered(true);
    actions.choose('builtin:wave');
    actions.choose('live');
    expect(actions.selected).toBe('live');
    expect([...sandbox.given.values()].map((m) => m?.name)).toEqual(['Live (VMC)', 'Live (VMC)']);
    expect(actions.liveMotions.size).toBe(2);
    sandbox.figures.push(boxFigure(3));
    actions.syncFigures();
    expect(sandbox.given.get(3)?.name).toBe('Live (VMC)');
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
    expect(sandbox.given.get(1)?.name).not.toBe('Live (VMC)');
    expect(actions.liveMotions.size).toBe(0);
    expect(said.at(-1)).toMatch(/^No VMC data for 5 s: back to /);
  });

  it('goes back to None when receiving is turned off', () => {
    const { actions, sandbox } = setUp();
    actions.setLiveOffered(true);
    actions.choose('live');
    actions.setLiveOffered(false);
    expect(actions.selected).toBe('none');
    expect(sandbox.given.get(1)).toBeNull();
    expect(actions.choices.map((c) => c.value)).not.toContain('live');
  });
});
