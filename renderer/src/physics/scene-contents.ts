import { BodyRegistry } from './body-registry';
import type { Figure, FigureRef, FigureRuntime } from './figure-runtime';
import type { FigureTable } from './figure-table';
import { EMPTY_FIGURE_TABLE, figureTableOf } from './figure-table';
import type { RestFigure } from './mmd/rest-figure-bodies';
import type { ModelProp } from './model-prop';
import type { PropKind } from './props';
import type { Collider, RigidBody } from './rapier-api';
import type { PartShape } from './doll-spec';

/** A ball or box in the scene. */
export interface Prop {
  readonly id: number;
  readonly kind: PropKind;
  readonly body: RigidBody;
  readonly collider: Collider;
}

/**
 * What is in the scene, each list kept in step with the others here and nowhere else: the
 * figures' runtimes (one record each, see {@link FigureRuntime}), balls and boxes, model props,
 * the members of the still-scene sleep, the registry of bodies the view draws and the figures'
 * plain-data table ({@link figureTable}), published anew on every change. Adding and
 * removing only files things; building them, and what else must let go of them (grab, pins,
 * motions, sounds), is the sandbox's.
 */
export class SceneContents {
  /** In the user's order (see `Sandbox.reorderFigures`): the first is the one props drop over. */
  readonly figures: Figure[] = [];
  /** In the order they were added, which the step keeps; a list so the step allocates nothing. */
  readonly runtimes: FigureRuntime[] = [];
  private readonly runtimeByFigure = new Map<Figure, FigureRuntime>();
  private readonly figureById = new Map<number, Figure>();
  private table: FigureTable = EMPTY_FIGURE_TABLE;
  readonly props: Prop[] = [];
  readonly modelProps: ModelProp[] = [];
  /**
   * Figures and model props in the order they were added: what a still scene puts to sleep
   * (`mmd/scene-rest.ts`), whose sampling follows this order.
   */
  readonly restMembers: RestFigure[] = [];
  /** Every body by handle, and who owns each collider. */
  readonly registry = new BodyRegistry<Figure | ModelProp, Prop>();

  /** The runtime of a figure in the scene, or undefined. */
  runtimeOf(figure: Figure): FigureRuntime | undefined {
    return this.runtimeByFigure.get(figure);
  }

  /**
   * The figures as plain data, in {@link figures}' order: the same object until the figures
   * change (see `FigureTable`). Allocates nothing.
   */
  get figureTable(): FigureTable {
    return this.table;
  }

  /**
   * The figure a {@link FigureRef} names: the figure in the scene with that id (undefined when
   * there is none), or the figure itself as given. Allocates nothing.
   */
  figureOf(ref: FigureRef): Figure | undefined {
    return typeof ref === 'number' ? this.figureById.get(ref) : ref;
  }

  addFigure(runtime: FigureRuntime): void {
    const figure = runtime.figure;
    this.figures.push(figure);
    this.runtimes.push(runtime);
    this.runtimeByFigure.set(figure, runtime);
    this.figureById.set(figure.id, figure);
    this.restMembers.push(figure);
    this.registry.addFigure(figure);
    this.publishTable();
  }

  /** Files the figure away; its runtime, or undefined when it was not in the scene. */
  removeFigure(figure: Figure): FigureRuntime | undefined {
    const runtime = this.runtimeByFigure.get(figure);
    if (!runtime) return undefined;
    this.runtimeByFigure.delete(figure);
    this.figureById.delete(figure.id);
    removeItem(this.figures, figure);
    removeItem(this.runtimes, runtime);
    removeItem(this.restMembers, figure);
    this.registry.removeFigure(figure);
    this.publishTable();
    return runtime;
  }

  /**
   * Puts the figures in `order`; false, changing nothing, unless it is exactly the figures.
   * The table is published anew only when the order changed.
   */
  reorderFigures(order: readonly Figure[]): boolean {
    const same =
      order.length === this.figures.length &&
      new Set(order).size === order.length &&
      order.every((figure) => this.runtimeByFigure.has(figure));
    if (!same) return false;
    if (order.some((figure, i) => figure !== this.figures[i])) {
      this.figures.splice(0, this.figures.length, ...order);
      this.publishTable();
    }
    return true;
  }

  addProp(prop: Prop, shape: PartShape): void {
    this.props.push(prop);
    this.registry.addProp(prop, shape);
  }

  /** Files the prop away; false when it was not in the scene. */
  removeProp(prop: Prop): boolean {
    if (!removeItem(this.props, prop)) return false;
    this.registry.removeProp(prop);
    return true;
  }

  /** `drawParts`: whether the view draws the carrier's parts (see `ModelPropSpec`). */
  addModelProp(prop: ModelProp, drawParts: boolean): void {
    this.modelProps.push(prop);
    this.restMembers.push(prop);
    this.registry.addFigure(prop, { drawParts });
  }

  /** Files the model prop away; false when it was not in the scene. */
  removeModelProp(prop: ModelProp): boolean {
    if (!removeItem(this.modelProps, prop)) return false;
    removeItem(this.restMembers, prop);
    this.registry.removeFigure(prop);
    return true;
  }

  /** Balls, boxes and model props together. */
  get propCount(): number {
    return this.props.length + this.modelProps.length;
  }

  /** Forgets everything (the world that held it is being freed). */
  clear(): void {
    this.figures.length = 0;
    this.runtimes.length = 0;
    this.runtimeByFigure.clear();
    this.figureById.clear();
    this.publishTable();
    this.props.length = 0;
    this.modelProps.length = 0;
    this.restMembers.length = 0;
    this.registry.clear();
  }

  /** Makes {@link figureTable} of the figures now, one version on. */
  private publishTable(): void {
    const entries = this.figures.map((figure) => this.runtimeByFigure.get(figure)!.entry);
    this.table = figureTableOf(entries, this.table.version + 1);
  }
}

/** Removes `item` from `list`, keeping the order; false when it was not there. */
function removeItem<T>(list: T[], item: T): boolean {
  const index = list.indexOf(item);
  if (index < 0) return false;
  list.splice(index, 1);
  return true;
}
