/**
 * Model data a step refers to without owning it (a model file's bytes, a parsed model): shared
 * by every step that names the same `key`, so it is counted once however many steps keep it.
 */
export interface SharedData {
  /** The object itself; steps naming the same object share it. */
  readonly key: object;
  /** What it holds, in bytes (an estimate is fine). */
  readonly bytes: number;
}

/** How much an {@link UndoHistory} keeps and how it weighs and groups its steps. */
export interface UndoHistoryOptions<S> {
  /** Most undo steps kept; the oldest go first. */
  readonly maxSteps: number;
  /**
   * Most bytes kept over both stacks: each state's own bytes plus each distinct shared
   * object's once. The oldest undo steps go first; the newest one always stays.
   */
  readonly maxBytes: number;
  /**
   * Records of one group closer together than this (milliseconds) are one step, e.g. the
   * input events of one slider drag or a key held down.
   */
  readonly groupWindowMs: number;
  /** The bytes a state holds by itself (its body snapshots). */
  sizeOf(state: S): number;
  /** What a state shares with others (model data); none by default. */
  sharedOf?(state: S): readonly SharedData[];
}

/** One step: the scene before a change, and what the change was (`L`: a label key). */
export interface UndoStep<S, L> {
  readonly state: S;
  readonly label: L;
}

/** How a change is recorded. */
export interface RecordOptions<L> {
  readonly label: L;
  /**
   * Changes of the same group within {@link UndoHistoryOptions.groupWindowMs} of the last
   * one (and before {@link UndoHistory.endGroup}) join the step the first one made.
   */
  readonly group?: string;
  /** The time of the change, milliseconds on any steady clock (needed with `group`). */
  readonly now?: number;
}

/**
 * Undo and redo stacks of scene states, with no knowledge of what a state is: the caller
 * captures the scene before each change ({@link record}) and puts back what {@link undo} and
 * {@link redo} return. Bounded by step count and bytes; a slider drag is one step. Pure: no
 * clock, DOM or physics of its own.
 */
export class UndoHistory<S, L> {
  private readonly undoSteps: UndoStep<S, L>[] = [];
  private readonly redoSteps: UndoStep<S, L>[] = [];
  private openGroup: string | undefined;
  private lastGroupTime = 0;

  constructor(private readonly options: UndoHistoryOptions<S>) {
    if (!(options.maxSteps >= 1)) throw new RangeError('UndoHistory: maxSteps must be 1 or more');
  }

  get canUndo(): boolean {
    return this.undoSteps.length > 0;
  }

  get canRedo(): boolean {
    return this.redoSteps.length > 0;
  }

  get undoCount(): number {
    return this.undoSteps.length;
  }

  get redoCount(): number {
    return this.redoSteps.length;
  }

  /** What undoing would take back, or undefined. */
  get nextUndoLabel(): L | undefined {
    return this.undoSteps[this.undoSteps.length - 1]?.label;
  }

  /** What redoing would do again, or undefined. */
  get nextRedoLabel(): L | undefined {
    return this.redoSteps[this.redoSteps.length - 1]?.label;
  }

  /**
   * Whether a change of `group` at `now` would join the open step (so there is nothing to
   * capture).
   */
  joins(group: string | undefined, now: number | undefined): boolean {
    return (
      group !== undefined &&
      group === this.openGroup &&
      now !== undefined &&
      now - this.lastGroupTime <= this.options.groupWindowMs
    );
  }

  /**
   * Records a change about to happen: `capture` (called only when a new step is made) gives
   * the scene before it. Forgets whatever could be redone.
   *
   * @returns true when a new step was made, false when the change joined the open group
   */
  record(capture: () => S, options: RecordOptions<L>): boolean {
    if (this.joins(options.group, options.now)) {
      this.lastGroupTime = options.now!;
      return false;
    }
    const state = capture();
    this.redoSteps.length = 0;
    this.undoSteps.push({ state, label: options.label });
    this.openGroup = options.group;
    this.lastGroupTime = options.now ?? 0;
    this.trim();
    return true;
  }

  /** Ends the open group (a drag let go): the next change is a step of its own. */
  endGroup(): void {
    this.openGroup = undefined;
  }

  /**
   * Takes the newest step: `current` (the scene now) goes on the redo stack under the same
   * label, and the step's state is returned for the caller to put back.
   */
  undo(current: () => S): UndoStep<S, L> | undefined {
    return this.move(this.undoSteps, this.redoSteps, current);
  }

  /** The reverse of {@link undo}. */
  redo(current: () => S): UndoStep<S, L> | undefined {
    return this.move(this.redoSteps, this.undoSteps, current);
  }

  /** Forgets every step. */
  clear(): void {
    this.undoSteps.length = 0;
    this.redoSteps.length = 0;
    this.openGroup = undefined;
  }

  /** What both stacks hold, in bytes (see {@link UndoHistoryOptions.maxBytes}). */
  get bytes(): number {
    const shared = new Map<object, number>();
    let total = 0;
    for (const step of [...this.undoSteps, ...this.redoSteps]) {
      total += this.options.sizeOf(step.state);
      for (const data of this.options.sharedOf?.(step.state) ?? [])
        shared.set(data.key, data.bytes);
    }
    for (const bytes of shared.values()) total += bytes;
    return total;
  }

  private move(
    from: UndoStep<S, L>[],
    to: UndoStep<S, L>[],
    current: () => S,
  ): UndoStep<S, L> | undefined {
    this.openGroup = undefined;
    const step = from.pop();
    if (!step) return undefined;
    to.push({ state: current(), label: step.label });
    this.trim();
    return step;
  }

  /** Drops the oldest undo steps past the step and byte limits, keeping the newest one. */
  private trim(): void {
    if (this.undoSteps.length > this.options.maxSteps)
      this.undoSteps.splice(0, this.undoSteps.length - this.options.maxSteps);
    while (this.undoSteps.length > 1 && this.bytes > this.options.maxBytes) this.undoSteps.shift();
  }
}
