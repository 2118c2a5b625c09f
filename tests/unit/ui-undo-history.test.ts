import { describe, expect, it } from 'vitest';
import type { SharedData, UndoHistoryOptions } from '../../renderer/src/ui/undo/undo-history';
import { UndoHistory } from '../../renderer/src/ui/undo/undo-history';

/** A state for the tests: a number standing for the scene, its size and the model it uses. */
interface TestState {
  readonly value: number;
  readonly bytes?: number;
  readonly model?: SharedData;
}

function history(
  overrides: Partial<UndoHistoryOptions<TestState>> = {},
): UndoHistory<TestState, string> {
  return new UndoHistory<TestState, string>({
    maxSteps: 50,
    maxBytes: Number.POSITIVE_INFINITY,
    groupWindowMs: 1000,
    sizeOf: (state) => state.bytes ?? 8,
    sharedOf: (state) => (state.model ? [state.model] : []),
    ...overrides,
  });
}

/** Records a change from `scene.value` to `next` as the app does: capture first, then change. */
function change(
  steps: UndoHistory<TestState, string>,
  scene: { value: number },
  next: number,
  options: { label?: string; group?: string; now?: number } = {},
): boolean {
  const made = steps.record(() => ({ value: scene.value }), {
    label: options.label ?? `set ${next}`,
    ...(options.group === undefined ? {} : { group: options.group }),
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  scene.value = next;
  return made;
}

describe('UndoHistory', () => {
  it('undoes and redoes changes in order, restoring each state', () => {
    const steps = history();
    const scene = { value: 0 };
    for (const next of [1, 2, 3]) change(steps, scene, next);
    const undone: number[] = [];
    while (steps.canUndo) {
      const step = steps.undo(() => ({ value: scene.value }))!;
      scene.value = step.state.value;
      undone.push(scene.value);
    }
    expect(undone).toEqual([2, 1, 0]);
    expect(steps.undo(() => ({ value: scene.value }))).toBeUndefined();
    const redone: number[] = [];
    while (steps.canRedo) {
      scene.value = steps.redo(() => ({ value: scene.value }))!.state.value;
      redone.push(scene.value);
    }
    expect(redone).toEqual([1, 2, 3]);
  });

  it('keeps the label of the change on both stacks', () => {
    const steps = history();
    const scene = { value: 0 };
    change(steps, scene, 1, { label: 'blast' });
    expect(steps.nextUndoLabel).toBe('blast');
    expect(steps.undo(() => ({ value: scene.value }))?.label).toBe('blast');
    expect(steps.nextRedoLabel).toBe('blast');
    expect(steps.nextUndoLabel).toBeUndefined();
  });

  it('forgets what could be redone when a new change is made', () => {
    const steps = history();
    const scene = { value: 0 };
    change(steps, scene, 1);
    change(steps, scene, 2);
    scene.value = steps.undo(() => ({ value: scene.value }))!.state.value;
    expect(steps.canRedo).toBe(true);
    change(steps, scene, 5);
    expect(steps.canRedo).toBe(false);
    expect(steps.undoCount).toBe(2);
  });

  it('keeps at most maxSteps steps, dropping the oldest', () => {
    const steps = history({ maxSteps: 50 });
    const scene = { value: 0 };
    for (let next = 1; next <= 80; next++) change(steps, scene, next);
    expect(steps.undoCount).toBe(50);
    let last = scene.value;
    while (steps.canUndo) last = steps.undo(() => ({ value: scene.value }))!.state.value;
    // Steps 0..29 were dropped: the oldest state left is the scene before change 31.
    expect(last).toBe(30);
  });

  it('captures only when a step is made: a drag is one step, closed by endGroup', () => {
    const steps = history();
    const scene = { value: 0 };
    let captures = 0;
    const drag = (next: number, now: number): boolean => {
      const made = steps.record(
        () => {
          captures++;
          return { value: scene.value };
        },
        { label: 'stiffness', group: 'stiffness', now },
      );
      scene.value = next;
      return made;
    };
    expect([drag(10, 0), drag(20, 16), drag(30, 32), drag(40, 48)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(captures).toBe(1);
    steps.endGroup();
    expect(drag(50, 60)).toBe(true);
    expect(steps.undoCount).toBe(2);
    scene.value = steps.undo(() => ({ value: scene.value }))!.state.value;
    expect(scene.value).toBe(40);
    scene.value = steps.undo(() => ({ value: scene.value }))!.state.value;
    expect(scene.value).toBe(0);
  });

  it('groups key presses only within the window and only of the same group', () => {
    const steps = history({ groupWindowMs: 1000 });
    const scene = { value: 0 };
    expect(change(steps, scene, 1, { group: 'time', now: 0 })).toBe(true);
    expect(change(steps, scene, 2, { group: 'time', now: 900 })).toBe(false);
    // The window slides with each press; 1.5 s after the last one it is a new step.
    expect(change(steps, scene, 3, { group: 'time', now: 2400 })).toBe(true);
    expect(change(steps, scene, 4, { group: 'gravity', now: 2500 })).toBe(true);
    expect(change(steps, scene, 5, { now: 2600 })).toBe(true);
    expect(change(steps, scene, 6, { group: 'gravity', now: 2700 })).toBe(true);
    expect(steps.undoCount).toBe(5);
  });

  it('an undo ends the open group', () => {
    const steps = history();
    const scene = { value: 0 };
    change(steps, scene, 1, { group: 'muscle', now: 0 });
    change(steps, scene, 2, { group: 'other', now: 1 });
    scene.value = steps.undo(() => ({ value: scene.value }))!.state.value;
    expect(change(steps, scene, 3, { group: 'muscle', now: 2 })).toBe(true);
  });

  it('drops the oldest steps past maxBytes, counting shared model data once', () => {
    const model: SharedData = { key: {}, bytes: 1000 };
    const steps = history({ maxBytes: 1100 });
    const scene = { value: 0 };
    for (let next = 1; next <= 5; next++) {
      steps.record(() => ({ value: scene.value, bytes: 20, model }), { label: 'x' });
      scene.value = next;
    }
    // 5 × 20 bytes + the model once = 1100: everything fits.
    expect(steps.undoCount).toBe(5);
    expect(steps.bytes).toBe(1100);
    steps.record(() => ({ value: scene.value, bytes: 20, model }), { label: 'x' });
    expect(steps.undoCount).toBe(5);
    expect(steps.bytes).toBe(1100);
    // A second model of 1000 bytes cannot fit beside the first: only the newest step stays.
    steps.record(() => ({ value: 9, bytes: 20, model: { key: {}, bytes: 1000 } }), { label: 'y' });
    expect(steps.undoCount).toBe(1);
    expect(steps.nextUndoLabel).toBe('y');
  });

  it('counts the redo stack too', () => {
    const steps = history();
    const scene = { value: 0 };
    change(steps, scene, 1);
    change(steps, scene, 2);
    const before = steps.bytes;
    steps.undo(() => ({ value: scene.value, bytes: 100 }));
    expect(steps.bytes).toBe(before - 8 + 100);
  });

  it('clear forgets both stacks', () => {
    const steps = history();
    const scene = { value: 0 };
    change(steps, scene, 1);
    change(steps, scene, 2);
    steps.undo(() => ({ value: scene.value }));
    steps.clear();
    expect([steps.canUndo, steps.canRedo, steps.bytes]).toEqual([false, false, 0]);
  });

  it('refuses a history that can keep nothing', () => {
    expect(() => history({ maxSteps: 0 })).toThrow(RangeError);
  });
});
