import { describe, expect, it } from 'vitest';
import type { PresetStageRef } from '../../shared/preset-schema';
import type { Figure, Sandbox } from '../../renderer/src/physics/sandbox';
import type { FigureSource, PreparedFigure } from '../../renderer/src/models/figure-models';
import { strings } from '../../renderer/src/ui/i18n';
import type { MotionMemo } from '../../renderer/src/ui/motion/motion-actions';
import type { UndoModels, UndoStage } from '../../renderer/src/ui/undo/scene-undo';
import { SceneUndo } from '../../renderer/src/ui/undo/scene-undo';
import { useSandboxes } from '../support/sandboxes';

const makeSandbox = useSandboxes();

/** A VRM figure source as `FigureModels` keeps one: the file's bytes in memory. */
const VRM_SOURCE: FigureSource = { kind: 'vrm', bytes: new Uint8Array(64), fileName: 'a.vrm' };
const NO_MOTION = { playing: { kind: 'none' }, file: undefined } as unknown as MotionMemo;

/** The figure models with no avatars: box figures, and optionally one "VRM" figure. */
function fakeModels(sandbox: Sandbox, options: { failPrepare?: boolean } = {}) {
  const sources = new Map<number, FigureSource>();
  const prepared: string[] = [];
  const models: UndoModels & { sources: Map<number, FigureSource>; prepared: string[] } = {
    busy: false,
    openSource: undefined,
    sources,
    prepared,
    sourceOf: (figureId) => sources.get(figureId),
    prepareSource: (source) => {
      if (options.failPrepare) return Promise.reject(new Error('a.vrm: cannot be parsed'));
      prepared.push(source.fileName);
      const figure: PreparedFigure = {
        fileName: source.fileName,
        title: 'A',
        spec: sandbox.figures[0]!.ragdoll.spec,
        discard: () => {},
        payload: undefined as unknown as PreparedFigure['payload'],
      };
      return Promise.resolve(figure);
    },
    placeSource: (ready, source): Figure => {
      const figure = sandbox.addFigure(ready.spec);
      sources.set(figure.id, source);
      return figure;
    },
    removeFigure: (figureId) => {
      sources.delete(figureId);
      sandbox.removeFigure(figureId);
    },
  };
  return models;
}

async function setUp(options: { failPrepare?: boolean; stage?: UndoStage } = {}) {
  const sandbox = await makeSandbox({ seed: 3 });
  sandbox.addFigure();
  const models = fakeModels(sandbox, options);
  let clock = 0;
  let replaced = 0;
  const undo = new SceneUndo({
    sandbox,
    models: () => models,
    motions: () => ({ undoMemo: () => NO_MOTION, restoreUndoMemo: () => {} }),
    ...(options.stage ? { stage: options.stage } : {}),
    figuresReplaced: () => replaced++,
    strings: () => strings('en'),
    language: () => 'en',
    now: () => clock,
  });
  return {
    sandbox,
    models,
    undo,
    tick: (ms: number) => (clock += ms),
    replaced: () => replaced,
  };
}

describe('SceneUndo (real Rapier, no avatars)', () => {
  it('records a command only when it changed the scene, and says what it undid', async () => {
    const { sandbox, undo, replaced } = await setUp();
    undo.command('help', () => {});
    undo.command('clear-props', () => sandbox.clearProps()); // no props: nothing changes
    expect(undo.steps).toBe(0);
    undo.command('add-ball', () => sandbox.addProp('ball'));
    expect(undo.steps).toBe(1);
    expect(await undo.undo()).toEqual({ kind: 'status', message: 'Undone: Add Ball.' });
    expect(sandbox.props.length).toBe(0);
    expect(replaced()).toBe(1);
    expect(await undo.redo()).toEqual({ kind: 'status', message: 'Redone: Add Ball.' });
    expect(sandbox.props.length).toBe(1);
    expect(await undo.redo()).toEqual({ kind: 'status', message: 'Nothing to redo.' });
  });

  it('makes a slider drag or a run of its keys one step', async () => {
    const { sandbox, undo, tick } = await setUp();
    for (const value of [55, 60, 70, 80]) {
      undo.change('stiffness', () => sandbox.setStiffness(value), 'stiffness');
      tick(16);
    }
    undo.endGroup();
    for (let i = 0; i < 3; i++) {
      undo.command('time-down', () => sandbox.setTimeScale(sandbox.timeScale - 0.1));
      tick(200);
    }
    expect(undo.steps).toBe(2);
    expect((await undo.undo()).message).toBe('Undone: Time.');
    expect(sandbox.timeScale).toBe(1);
    expect(sandbox.stiffness).toBe(80);
    expect((await undo.undo()).message).toBe('Undone: Stiffness.');
    expect(sandbox.stiffness).toBe(50);
  });

  it('records one step per task however many hooks one change calls', async () => {
    const { sandbox, undo } = await setUp();
    undo.beforeChange('open-model');
    undo.beforeChange('add-figure');
    sandbox.addFigure();
    expect(undo.steps).toBe(1);
    await Promise.resolve();
    undo.beforeChange('throw');
    expect(undo.steps).toBe(2);
    // Hooks called inside a wrapped command record nothing of their own.
    undo.command('box-dummy', () => {
      undo.beforeChange('box-dummy');
      sandbox.removeFigure(sandbox.figures[1]!);
    });
    expect(undo.steps).toBe(3);
  });

  it('makes a lost model figure again from its source, and queues quick undos', async () => {
    const { sandbox, models, undo } = await setUp();
    const vrm = sandbox.addFigure();
    models.sources.set(vrm.id, VRM_SOURCE);
    undo.beforeChange('delete');
    models.removeFigure(vrm.id);
    undo.command('add-box', () => sandbox.addProp('box'));
    // Two undos at once: the second waits for the first.
    const [first, second] = await Promise.all([undo.undo(), undo.undo()]);
    expect([first.message, second.message]).toEqual(['Undone: Add Box.', 'Undone: Delete.']);
    expect(sandbox.figures.length).toBe(2);
    expect(models.prepared).toEqual(['a.vrm']);
    expect(models.sourceOf(sandbox.figures[1]!.id)).toBe(VRM_SOURCE);
    expect(undo.bytes).toBeGreaterThanOrEqual(64);
  });

  it('a figure that cannot be made again changes nothing and keeps the step', async () => {
    const { sandbox, models, undo } = await setUp({ failPrepare: true });
    const vrm = sandbox.addFigure();
    models.sources.set(vrm.id, VRM_SOURCE);
    undo.beforeChange('delete');
    models.removeFigure(vrm.id);
    const outcome = await undo.undo();
    expect(outcome.kind).toBe('alert');
    expect(outcome.message).toContain('a.vrm: cannot be parsed');
    expect(sandbox.figures.length).toBe(1);
    expect([undo.canUndo, undo.canRedo]).toEqual([true, false]);
  });

  it('puts the stage back before the bodies, and takes a swap as a change', async () => {
    const hall = {
      id: 'file' as const,
      path: '/stages/hall.glb',
      size: 10,
      sha256: 'c'.repeat(64),
      fileName: 'hall.glb',
      format: 'glb' as const,
    };
    let inUse: PresetStageRef = { id: 'default' };
    const restored: string[] = [];
    const stage: UndoStage = {
      current: () => inUse,
      restore: async (ref) => {
        // The bodies are not put back yet when the stage is.
        restored.push(`${ref.id} with ${sandbox.props.length} props`);
        inUse = ref;
      },
    };
    const { sandbox, undo } = await setUp({ stage });
    undo.command('add-ball', () => sandbox.addProp('ball'));
    // A swap alone (the person opened a stage) is recorded by its hook, and undone.
    undo.beforeChange('open-stage');
    inUse = hall;
    expect(undo.steps).toBe(2);
    expect((await undo.undo()).message).toBe('Undone: Open Stage.');
    expect(inUse).toEqual({ id: 'default' });
    expect(restored).toEqual(['default with 1 props']);
    expect((await undo.redo()).message).toBe('Redone: Open Stage.');
    expect(inUse).toBe(hall);
    // Undo past the ball: the stage was the same then, so it is not touched.
    await undo.undo();
    await undo.undo();
    expect(sandbox.props.length).toBe(0);
    expect(restored).toEqual(['default with 1 props', 'file with 1 props', 'default with 1 props']);
  });
});
