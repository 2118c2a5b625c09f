import type { ModelProp } from '../../physics/model-prop';
import type { FigureTable, Prop, SimBody } from '../../physics/sandbox';
import type { BodyMenuItem } from './body-menu';
import type { CommandOutcome } from '../shell/command-actions';
import type { UiStrings } from '../i18n';

/** The sandbox as the body tools use it (the `Sandbox` class fits). */
export interface BodySandbox {
  readonly figureTable: FigureTable;
  readonly props: readonly Prop[];
  readonly modelProps: readonly ModelProp[];
  readonly pins: {
    add(handle: number): boolean;
    remove(handle: number): boolean;
    has(handle: number): boolean;
  };
  removeProp(prop: Prop): void;
}

/** What the body tools need besides the sandbox. */
export interface BodyActionsDeps {
  readonly sandbox: BodySandbox;
  /** Removes the figure with this id and its avatar (`FigureModels.removeFigure`). */
  removeFigure(figureId: number): void;
  /** Removes a model prop with its drawing (`PropModels.remove`). */
  removeModelProp(prop: ModelProp): void;
  /** Orbits the camera around a figure. */
  focusFigure(figureId: number): void;
  /** Export Motion… for one figure (its recorded motion, through a Save dialog). */
  exportFigureMotion(figureId: number): void;
  readonly strings: () => UiStrings;
  /** Called before any change, so it can be undone: a pin or unpin, or a delete. */
  readonly beforeChange?: (change: 'pin' | 'delete') => void;
}

/**
 * The tools that act on one body: Pin here, Unpin, Delete (a prop, or the whole figure a part
 * belongs to), Focus and Export Motion… (of the figure a part belongs to). They are what the right-click menu and the pin key run.
 */
export class BodyActions {
  constructor(private readonly deps: BodyActionsDeps) {}

  /**
   * The menu entries for `body`: Pin here or Unpin, Delete, and for a figure's part Focus and
   * Export Motion….
   */
  menuFor(body: SimBody, report: (outcome: CommandOutcome) => void): BodyMenuItem[] {
    const text = this.deps.strings();
    const items: BodyMenuItem[] = [
      this.deps.sandbox.pins.has(body.handle)
        ? { label: text.unpin, run: () => report(this.togglePin(body)) }
        : { label: text.pinHere, run: () => report(this.togglePin(body)) },
      { label: text.deleteBody, run: () => report(this.remove(body)) },
    ];
    if (body.kind !== 'prop' && !this.modelPropOf(body))
      items.push(
        { label: text.focusBody, run: () => report(this.focus(body)) },
        { label: text.exportBodyMotion, run: () => this.deps.exportFigureMotion(body.ownerId) },
      );
    return items;
  }

  /** Pins `body` where it is, or unpins it when it is pinned. */
  togglePin(body: SimBody | undefined): CommandOutcome {
    const text = this.deps.strings();
    if (!body) return { kind: 'alert', message: text.nothingUnderPointer };
    this.deps.beforeChange?.('pin');
    if (this.deps.sandbox.pins.has(body.handle)) {
      this.deps.sandbox.pins.remove(body.handle);
      return { kind: 'status', message: text.unpinned };
    }
    this.deps.sandbox.pins.add(body.handle);
    return { kind: 'status', message: text.pinned };
  }

  /** Pins `handle` (a grab let go with Shift). */
  pinHandle(handle: number): CommandOutcome {
    this.deps.beforeChange?.('pin');
    this.deps.sandbox.pins.add(handle);
    return { kind: 'status', message: this.deps.strings().pinned };
  }

  /** Delete: the prop, or the whole figure the part belongs to. */
  remove(body: SimBody): CommandOutcome {
    const text = this.deps.strings();
    const sandbox = this.deps.sandbox;
    if (body.kind === 'prop') {
      const prop = sandbox.props.find((candidate) => candidate.id === body.ownerId);
      if (!prop) return { kind: 'none', message: '' };
      this.deps.beforeChange?.('delete');
      sandbox.removeProp(prop);
      return { kind: 'status', message: text.propDeleted };
    }
    const model = this.modelPropOf(body);
    if (model) {
      this.deps.beforeChange?.('delete');
      this.deps.removeModelProp(model);
      return { kind: 'status', message: text.propDeleted };
    }
    const index = sandbox.figureTable.indexOf(body.ownerId);
    if (index < 0) return { kind: 'none', message: '' };
    this.deps.beforeChange?.('delete');
    this.deps.removeFigure(body.ownerId);
    return { kind: 'status', message: text.figureDeleted(index + 1) };
  }

  /** The model prop `body` belongs to, if it is one of a model prop's bodies. */
  private modelPropOf(body: SimBody): ModelProp | undefined {
    return this.deps.sandbox.modelProps.find((prop) => prop.id === body.ownerId);
  }

  /** Focus: the camera orbits the figure `body` belongs to. */
  focus(body: SimBody): CommandOutcome {
    const index = this.deps.sandbox.figureTable.indexOf(body.ownerId);
    if (index < 0) return { kind: 'none', message: '' };
    this.deps.focusFigure(body.ownerId);
    return { kind: 'status', message: this.deps.strings().focused(index + 1) };
  }
}
