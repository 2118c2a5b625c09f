/**
 * The motion commands' wiring: their keys (free, unique, shown the same in the menu), the
 * native Motion menu and File > Open Motion…, what each command does to the motion controls
 * (MUSCLE steps and bounds, the Play/Pause and GET UP toggles, Next Motion, Open Motion…),
 * and the motion list's entries in both languages.
 */

import { describe, expect, it, vi } from 'vitest';
import { APP_COMMANDS, COMMANDS, commandForKey, type AppCommand } from '../../shared/commands';
import {
  MUSCLE_STEP,
  performCommand,
  type CommandMotions,
  type CommandOutcome,
  type CommandSandbox,
  type CommandUi,
} from '../../renderer/src/ui/shell/command-actions';
import { strings } from '../../renderer/src/ui/i18n';
import {
  choiceTarget,
  FILE_MOTION,
  motionChoices,
  NO_MOTION,
  nextChoice,
} from '../../renderer/src/ui/motion/motion-choices';
import { menuTemplate, submenuOf } from '../support/menu-template';

const MOTION_COMMANDS: readonly AppCommand[] = [
  'open-motion',
  'next-motion',
  'toggle-motion',
  'muscle-down',
  'muscle-up',
  'toggle-get-up',
];

/** Motion controls that record what they were asked and hold their values like the sandbox. */
function fakeMotions(start: { playing: boolean; muscle: number; getUp: boolean }) {
  const state = { ...start };
  const said = (message: string): CommandOutcome => ({ kind: 'status', message });
  const motions: CommandMotions & { readonly state: typeof state } = {
    state,
    get playing() {
      return state.playing;
    },
    get muscle() {
      return state.muscle;
    },
    get getUp() {
      return state.getUp;
    },
    openMotion: vi.fn(),
    next: vi.fn(() => ({ kind: 'none', message: '' }) as const),
    setPlaying: (playing) => ((state.playing = playing), said(`playing ${playing}`)),
    setMuscle: (value) => ((state.muscle = value), said(`muscle ${value}`)),
    setGetUp: (on) => ((state.getUp = on), said(`get up ${on}`)),
  };
  return motions;
}

/** Runs `command` against `motions`; the scene commands are not touched by motion commands. */
function run(command: AppCommand, motions: CommandMotions): CommandOutcome {
  const untouched = (): never => {
    throw new Error(`${command} touched the scene`);
  };
  const sandbox = new Proxy({}, { get: untouched }) as CommandSandbox;
  const ui = new Proxy(
    { motions, strings: strings('en') },
    {
      get: (target, key) => {
        if (key === 'motions' || key === 'strings') return target[key];
        return untouched();
      },
    },
  ) as unknown as CommandUi;
  return performCommand(command, sandbox, ui);
}

describe('motion commands: keys and menu', () => {
  it('have free keys: every command key and menu accelerator is used once', () => {
    const keys = APP_COMMANDS.map(
      (command) => `${COMMANDS[command].chord ?? ''} ${COMMANDS[command].key.toLowerCase()}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
    const accelerators = APP_COMMANDS.map((command) => COMMANDS[command].accelerator);
    expect(new Set(accelerators).size).toBe(accelerators.length);
  });

  it('are triggered by V, N, K, -, = and G (letters in either case)', () => {
    expect(['v', 'N', 'k', '-', '=', 'G'].map((key) => commandForKey(key))).toEqual(
      MOTION_COMMANDS,
    );
    for (const command of MOTION_COMMANDS) {
      expect(COMMANDS[command].accelerator.toLowerCase()).toBe(COMMANDS[command].key);
      expect(COMMANDS[command].label.en).not.toBe('');
      expect(COMMANDS[command].label.ja).not.toBe(COMMANDS[command].label.en);
    }
  });

  it('fill the native Motion menu, with File > Open Motion… on Ctrl/Cmd+Shift+O', () => {
    const sendCommand = vi.fn();
    const openMotion = vi.fn();
    const template = menuTemplate({ locale: 'ja-JP', sendCommand, openMotion });
    const items = submenuOf(template, (menu) => menu.label === 'モーション');
    // The music commands follow the motion's own.
    expect(items.map((item) => item.id)).toEqual([
      ...MOTION_COMMANDS,
      'open-music',
      'music-offset-down',
      'music-offset-up',
    ]);
    expect(items.map((item) => item.accelerator)).toEqual([
      'V',
      'N',
      'K',
      '-',
      '=',
      'G',
      'Y',
      '3',
      '4',
    ]);
    expect(items.every((item) => item.registerAccelerator === false)).toBe(true);
    (items[2]!.click as () => void)();
    expect(sendCommand).toHaveBeenCalledWith('toggle-motion');
    const file = submenuOf(template, (menu) => menu.label === 'ファイル');
    const open = file.find((item) => item.label === 'モーションを開く…');
    expect(open?.accelerator).toBe('CmdOrCtrl+Shift+O');
    (open!.click as () => void)();
    expect(openMotion).toHaveBeenCalledOnce();
  });
});

describe('motion commands: what they do', () => {
  it('step MUSCLE by 10 within 0..100, landing on round values', () => {
    expect(MUSCLE_STEP).toBe(10);
    const motions = fakeMotions({ playing: true, muscle: 100, getUp: true });
    expect(run('muscle-up', motions)).toEqual({ kind: 'status', message: 'muscle 100' });
    expect(run('muscle-down', motions).message).toBe('muscle 90');
    motions.state.muscle = 37;
    expect(run('muscle-down', motions).message).toBe('muscle 30');
    motions.state.muscle = 4;
    expect(run('muscle-down', motions).message).toBe('muscle 0');
    expect(run('muscle-down', motions).message).toBe('muscle 0');
  });

  it('toggle Play/Pause and GET UP, and pass Open Motion… and Next Motion on', () => {
    const motions = fakeMotions({ playing: true, muscle: 100, getUp: true });
    expect(run('toggle-motion', motions).message).toBe('playing false');
    expect(run('toggle-motion', motions).message).toBe('playing true');
    expect(run('toggle-get-up', motions).message).toBe('get up false');
    expect(run('open-motion', motions)).toEqual({ kind: 'none', message: '' });
    expect(motions.openMotion).toHaveBeenCalledOnce();
    run('next-motion', motions);
    expect(motions.next).toHaveBeenCalledOnce();
  });
});

describe('the motion list', () => {
  const names = ['stand', 'wave', 'dance'] as const;

  it('lists None, the built-ins and the opened file, labelled in each language', () => {
    expect(motionChoices(names, undefined, strings('en').motion)).toEqual([
      { value: NO_MOTION, label: 'None (ragdoll)' },
      { value: 'builtin:stand', label: 'Stand' },
      { value: 'builtin:wave', label: 'Wave' },
      { value: 'builtin:dance', label: 'Dance' },
    ]);
    const ja = motionChoices(names, 'odori.vmd', strings('ja').motion);
    expect(ja.map((choice) => choice.label)).toEqual([
      'なし（ラグドール）',
      '立つ',
      '手を振る',
      'ダンス',
      'ファイル: odori.vmd',
    ]);
    expect(ja.at(-1)!.value).toBe(FILE_MOTION);
    // A built-in without a translation is still shown, capitalised.
    expect(strings('en').motion.builtin('jump-rope')).toBe('Jump rope');
  });

  it('knows what each value stands for and refuses the rest', () => {
    expect(choiceTarget('builtin:wave', names)).toEqual({ kind: 'builtin', name: 'wave' });
    expect(choiceTarget('builtin:fly', names)).toBeUndefined();
    expect(choiceTarget(FILE_MOTION, names)).toEqual({ kind: 'file' });
    expect(choiceTarget(NO_MOTION, names)).toEqual({ kind: 'none' });
    expect(choiceTarget('stand', names)).toBeUndefined();
  });

  it('Next Motion walks the list in order and wraps round', () => {
    const choices = motionChoices(names, 'odori.vmd', strings('en').motion);
    const visited: string[] = [];
    let value = NO_MOTION;
    for (let i = 0; i < choices.length + 1; i++) {
      value = nextChoice(choices, value).value;
      visited.push(value);
    }
    expect(visited).toEqual([
      'builtin:stand',
      'builtin:wave',
      'builtin:dance',
      FILE_MOTION,
      NO_MOTION,
      'builtin:stand',
    ]);
  });
});
