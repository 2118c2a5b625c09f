import {
  restoreBodiesSnapshot,
  restoreSleepFlags,
  takeBodiesSnapshot,
  takeSleepFlags,
  writeBodySnapshot,
} from './body-snapshot';
import { BODY_SNAPSHOT_LENGTH } from './body-snapshot';
import type { DollSpec } from './doll-spec';
import type { LinkRecord, PlaceLists } from './links/link-places';
import { linkRecords, restoreLinkRecords, sameLinkRecords } from './links/link-places';
import type { MmdPhysicsSpec } from './mmd/mmd-physics-spec';
import type { ModelProp, ModelPropSpec } from './model-prop';
import type { PropKind } from './props';
import type { RigidBody } from './rapier-api';
import type { Figure, Prop, Sandbox } from './sandbox';
import { SandboxError } from './sandbox';

/** The sandbox as snapshots take and restore it (the `Sandbox` class fits). */
export type SnapshotSandbox = Pick<
  Sandbox,
  | 'stiffness'
  | 'timeScale'
  | 'gravityScale'
  | 'motion'
  | 'figures'
  | 'props'
  | 'modelProps'
  | 'pins'
  | 'grab'
  | 'setStiffness'
  | 'setTimeScale'
  | 'setGravityScale'
  | 'addFigure'
  | 'removeFigure'
  | 'reorderFigures'
  | 'addProp'
  | 'removeProp'
  | 'addModelProp'
  | 'removeModelProp'
  | 'noteBodiesRestored'
  | 'links'
>;

/** One figure as a snapshot keeps it: what it is made of and every body's full state. */
export interface FigureSnapshot {
  /** The figure's id when the snapshot was taken (see {@link SnapshotIds}). */
  readonly id: number;
  readonly spec: DollSpec;
  readonly mmd: MmdPhysicsSpec | null;
  /** Its parts, then its MMD model's moving bodies (see `body-snapshot.ts`). */
  readonly states: Float64Array;
  /** Whether each of those bodies slept (see `takeSleepFlags`). */
  readonly asleep: Uint8Array;
}

/** One prop as a snapshot keeps it. */
export interface PropSnapshot {
  readonly id: number;
  readonly kind: PropKind;
  /** {@link BODY_SNAPSHOT_LENGTH} numbers (see `body-snapshot.ts`). */
  readonly state: Float64Array;
  /** Whether it slept (one flag). */
  readonly asleep: Uint8Array;
}

/** A model prop (a model without a humanoid skeleton) as a snapshot keeps it. */
export interface ModelPropSnapshot {
  /** The prop's id when the snapshot was taken (see {@link SnapshotIds}). */
  readonly id: number;
  /** What it is built from (shared with the live prop, not copied). */
  readonly spec: ModelPropSpec;
  /** Its carrier's parts, then its moving MMD bodies. */
  readonly states: Float64Array;
  /** Whether each of those bodies slept. */
  readonly asleep: Uint8Array;
}

/**
 * A pinned body, by place: part `part` of figure `figure`, prop `prop`, or model prop
 * `modelProp` (each in its list's order).
 */
export type SnapshotPin =
  | { readonly kind: 'part'; readonly figure: number; readonly part: number }
  | { readonly kind: 'prop'; readonly prop: number }
  | { readonly kind: 'model-prop'; readonly modelProp: number };

/**
 * The sandbox's whole state at one moment, exact to the bit: settings, every figure's and
 * prop's bodies (position, rotation, velocities, whether they slept) and the pins. For undo: taken on a command,
 * never per frame.
 */
export interface SceneSnapshot {
  readonly stiffness: number;
  readonly timeScale: number;
  /** GRAVITY, g. */
  readonly gravityScale: number;
  readonly muscle: number;
  readonly getUp: boolean;
  readonly motionPlaying: boolean;
  readonly figures: readonly FigureSnapshot[];
  readonly props: readonly PropSnapshot[];
  /** Model props, in the sandbox's order. */
  readonly modelProps: readonly ModelPropSnapshot[];
  readonly pins: readonly SnapshotPin[];
  /** Ropes, welds, springs and hinges, by place (props, then model props, in one list). */
  readonly links: readonly LinkRecord[];
}

/**
 * Which live figure or prop a snapshot's id stands for. Restoring a snapshot whose figure was
 * removed makes that figure again under a new id; every older or newer snapshot naming the
 * old id means the new one from then on.
 */
export class SnapshotIds {
  private readonly renamed = new Map<number, number>();

  /** The id `id` now has. */
  current(id: number): number {
    let now = id;
    for (let next = this.renamed.get(now); next !== undefined; next = this.renamed.get(now))
      now = next;
    return now;
  }

  /** Records that what was `before` is now `after`. */
  rename(before: number, after: number): void {
    if (before !== after) this.renamed.set(before, after);
  }
}

/**
 * How a restore removes and makes figures and model props; the app's version also handles
 * their avatars and drawings.
 */
export interface SnapshotFigureMaker {
  /** Removes a figure the snapshot does not have. */
  remove(figure: Figure): void;
  /** Makes a figure the snapshot has and the scene lost (placed anywhere: it is posed next). */
  create(figure: FigureSnapshot, index: number): Figure;
  /** Removes a model prop the snapshot does not have (default: the sandbox's own). */
  removeModelProp?(prop: ModelProp): void;
  /** Makes a model prop the snapshot has and the scene lost (default: from its spec alone). */
  createModelProp?(prop: ModelPropSnapshot, index: number): ModelProp;
}

/** The sandbox's own way to remove and make figures and model props (no avatars). */
export function plainFigureMaker(sandbox: SnapshotSandbox): SnapshotFigureMaker {
  return {
    remove: (figure) => sandbox.removeFigure(figure),
    create: (figure) => sandbox.addFigure(figure.spec, figure.mmd ? { mmd: figure.mmd } : {}),
    removeModelProp: (prop) => sandbox.removeModelProp(prop),
    createModelProp: (prop) => sandbox.addModelProp(prop.spec),
  };
}

/** The bodies a figure's snapshot covers, in order: its parts, then its MMD moving bodies. */
export function figureBodies(figure: Figure): RigidBody[] {
  const parts = figure.ragdoll.parts.map((part) => part.body);
  return figure.mmd ? [...parts, ...figure.mmd.rigidBodies()] : parts;
}

/** Takes the whole scene (see {@link SceneSnapshot}). Allocates: for commands, not frames. */
export function takeSceneSnapshot(sandbox: SnapshotSandbox): SceneSnapshot {
  return {
    stiffness: sandbox.stiffness,
    timeScale: sandbox.timeScale,
    gravityScale: sandbox.gravityScale,
    muscle: sandbox.motion.muscle,
    getUp: sandbox.motion.getUpEnabled,
    motionPlaying: sandbox.motion.playing,
    figures: sandbox.figures.map((figure) => ({
      id: figure.id,
      spec: figure.ragdoll.spec,
      mmd: figure.mmd?.spec ?? null,
      states: takeBodiesSnapshot(figureBodies(figure)),
      asleep: takeSleepFlags(figureBodies(figure)),
    })),
    props: sandbox.props.map((prop) => ({
      id: prop.id,
      kind: prop.kind,
      state: takeBodiesSnapshot([prop.body]),
      asleep: takeSleepFlags([prop.body]),
    })),
    modelProps: sandbox.modelProps.map((prop) => ({
      id: prop.id,
      spec: prop.spec,
      states: takeBodiesSnapshot(modelPropBodies(prop)),
      asleep: takeSleepFlags(modelPropBodies(prop)),
    })),
    pins: snapshotPins(sandbox),
    links: linkRecords(
      sandbox.links.list,
      snapshotLists(sandbox.figures, sandbox.props, sandbox.modelProps),
    ),
  };
}

/** Where link ends are counted: figures' parts; balls and boxes, then model props' parts. */
function snapshotLists(
  figures: readonly Figure[],
  props: readonly Prop[],
  modelProps: readonly ModelProp[],
): PlaceLists {
  return {
    figures: figures.map((figure) => figure.ragdoll.parts.map((part) => part.body)),
    props: [
      ...props.map((prop) => [prop.body]),
      ...modelProps.map((prop) => prop.ragdoll.parts.map((part) => part.body)),
    ],
  };
}

function modelPropBodies(prop: ModelProp): RigidBody[] {
  return [...prop.ragdoll.parts.map((part) => part.body), ...prop.mmd.rigidBodies()];
}

/** Bytes a snapshot's body states take (its specs are shared with the live figures). */
export function sceneSnapshotBytes(snapshot: SceneSnapshot): number {
  let bytes = 0;
  for (const figure of snapshot.figures)
    bytes += figure.states.byteLength + figure.asleep.byteLength;
  for (const prop of snapshot.props) bytes += prop.state.byteLength + prop.asleep.byteLength;
  for (const prop of snapshot.modelProps) bytes += prop.states.byteLength + prop.asleep.byteLength;
  return bytes;
}

/**
 * Puts the scene back into `snapshot`: settings, figures and model props (removing those it
 * lacks, making again those it has and the scene lost), every body's position, rotation and
 * velocities exactly, props and pins. Figures and model props that are still there keep their
 * bodies (and so their avatars). Lets go of any grab. Allocates: for undo, not frames.
 */
export function restoreSceneSnapshot(
  sandbox: SnapshotSandbox,
  snapshot: SceneSnapshot,
  ids: SnapshotIds,
  maker: SnapshotFigureMaker = plainFigureMaker(sandbox),
): void {
  sandbox.grab.release();
  sandbox.pins.clear();
  const order = restoreFigures(sandbox, snapshot.figures, ids, maker);
  sandbox.setStiffness(snapshot.stiffness);
  sandbox.setTimeScale(snapshot.timeScale);
  sandbox.setGravityScale(snapshot.gravityScale);
  sandbox.motion.setMuscle(snapshot.muscle);
  sandbox.motion.setGetUpEnabled(snapshot.getUp);
  sandbox.motion.setPlaying(snapshot.motionPlaying);
  order.forEach((figure, index) => {
    const saved = snapshot.figures[index]!;
    restoreBodiesSnapshot(figureBodies(figure), saved.states);
    restoreSleepFlags(figureBodies(figure), saved.asleep);
  });
  // Model props the snapshot lacks go before the balls and boxes come back, and the lost ones
  // are made after: the snapshot's props fit the 12-prop limit, so none pushes another out.
  const keptModelProps = removeLostModelProps(sandbox, snapshot.modelProps, ids, maker);
  restoreProps(sandbox, snapshot.props, ids);
  const modelProps = makeModelProps(snapshot.modelProps, keptModelProps, ids, maker, sandbox);
  modelProps.forEach((prop, index) => {
    const saved = snapshot.modelProps[index]!;
    restoreBodiesSnapshot(modelPropBodies(prop), saved.states);
    restoreSleepFlags(modelPropBodies(prop), saved.asleep);
  });
  for (const pin of snapshot.pins) {
    const body = pinnedBody(sandbox, order, modelProps, pin);
    if (body) sandbox.pins.add(body.handle);
  }
  // Links that are already as saved stay (a step that changed no link leaves them be).
  const lists = snapshotLists(order, sandbox.props, modelProps);
  if (!sameLinkRecords(linkRecords(sandbox.links.list, lists), snapshot.links)) {
    sandbox.links.clear();
    restoreLinkRecords(sandbox.links, snapshot.links, lists);
  }
  sandbox.noteBodiesRestored();
}

/** The body a snapshot's pin names in the restored scene, if it is there. */
function pinnedBody(
  sandbox: SnapshotSandbox,
  order: readonly Figure[],
  modelProps: readonly ModelProp[],
  pin: SnapshotPin,
) {
  if (pin.kind === 'part') return order[pin.figure]?.ragdoll.parts[pin.part]?.body;
  if (pin.kind === 'prop') return sandbox.props[pin.prop]?.body;
  return modelProps[pin.modelProp]?.body;
}

/**
 * Removes the model props `saved` does not name; returns, per saved prop, the live one that
 * stays (undefined: lost, to be made again). Checks before anything changes that each kept
 * prop has the bodies it was saved with.
 */
function removeLostModelProps(
  sandbox: SnapshotSandbox,
  saved: readonly ModelPropSnapshot[],
  ids: SnapshotIds,
  maker: SnapshotFigureMaker,
): (ModelProp | undefined)[] {
  const byId = new Map(sandbox.modelProps.map((prop) => [prop.id, prop] as const));
  const kept = saved.map((prop) => byId.get(ids.current(prop.id)));
  kept.forEach((prop, index) => {
    if (prop) checkModelPropBodies(prop, saved[index]!, index);
  });
  const keep = new Set(kept);
  const remove = maker.removeModelProp ?? ((prop: ModelProp) => sandbox.removeModelProp(prop));
  for (const prop of [...sandbox.modelProps]) if (!keep.has(prop)) remove(prop);
  return kept;
}

/** The snapshot's model props, in its order: the kept ones, and the lost ones made again. */
function makeModelProps(
  saved: readonly ModelPropSnapshot[],
  kept: readonly (ModelProp | undefined)[],
  ids: SnapshotIds,
  maker: SnapshotFigureMaker,
  sandbox: SnapshotSandbox,
): ModelProp[] {
  const create =
    maker.createModelProp ?? ((prop: ModelPropSnapshot) => sandbox.addModelProp(prop.spec));
  return saved.map((prop, index) => {
    const live = kept[index];
    if (live) return live;
    const made = create(prop, index);
    ids.rename(ids.current(prop.id), made.id);
    checkModelPropBodies(made, prop, index);
    return made;
  });
}

function checkModelPropBodies(prop: ModelProp, saved: ModelPropSnapshot, index: number): void {
  if (saved.states.length !== modelPropBodies(prop).length * BODY_SNAPSHOT_LENGTH)
    throw new SandboxError(`Model prop ${index + 1} no longer has the bodies it was saved with.`);
}

/** Makes the sandbox's figures those of the snapshot, in its order; returns them. */
function restoreFigures(
  sandbox: SnapshotSandbox,
  saved: readonly FigureSnapshot[],
  ids: SnapshotIds,
  maker: SnapshotFigureMaker,
): Figure[] {
  const byId = new Map(sandbox.figures.map((figure) => [figure.id, figure] as const));
  const kept = saved.map((figure) => byId.get(ids.current(figure.id)));
  // Checked before anything changes: a kept figure has the bodies it was saved with.
  kept.forEach((figure, index) => {
    if (figure) checkBodyCount(figure, saved[index]!, index);
  });
  const keep = new Set(kept);
  for (const figure of [...sandbox.figures]) if (!keep.has(figure)) maker.remove(figure);
  const order = saved.map((figure, index) => {
    const live = kept[index];
    if (live) return live;
    const made = maker.create(figure, index);
    ids.rename(ids.current(figure.id), made.id);
    return made;
  });
  order.forEach((figure, index) => checkBodyCount(figure, saved[index]!, index));
  sandbox.reorderFigures(order);
  return order;
}

function checkBodyCount(figure: Figure, saved: FigureSnapshot, index: number): void {
  if (saved.states.length !== figureBodies(figure).length * BODY_SNAPSHOT_LENGTH)
    throw new SandboxError(`Figure ${index + 1} no longer has the bodies it was saved with.`);
}

/** Writes the props in place when they are the same ones, else makes them all again. */
function restoreProps(
  sandbox: SnapshotSandbox,
  saved: readonly PropSnapshot[],
  ids: SnapshotIds,
): void {
  const live = sandbox.props;
  const same =
    live.length === saved.length &&
    saved.every((prop, index) => live[index]!.id === ids.current(prop.id));
  if (same) {
    saved.forEach((prop, index) => {
      writeBodySnapshot(live[index]!.body, prop.state, 0);
      restoreSleepFlags([live[index]!.body], prop.asleep);
    });
    return;
  }
  // Balls and boxes only: model props are restored on their own.
  for (const prop of [...live]) sandbox.removeProp(prop);
  for (const prop of saved) {
    const made: Prop = sandbox.addProp(prop.kind);
    writeBodySnapshot(made.body, prop.state, 0);
    restoreSleepFlags([made.body], prop.asleep);
    ids.rename(ids.current(prop.id), made.id);
  }
}

function snapshotPins(sandbox: SnapshotSandbox): SnapshotPin[] {
  const pinned = new Set(sandbox.pins.handles);
  const pins: SnapshotPin[] = [];
  sandbox.figures.forEach((figure, f) =>
    figure.ragdoll.parts.forEach((part, p) => {
      if (pinned.has(part.body.handle)) pins.push({ kind: 'part', figure: f, part: p });
    }),
  );
  sandbox.props.forEach((prop, p) => {
    if (pinned.has(prop.body.handle)) pins.push({ kind: 'prop', prop: p });
  });
  sandbox.modelProps.forEach((modelProp, index) => {
    if (pinned.has(modelProp.body.handle)) pins.push({ kind: 'model-prop', modelProp: index });
  });
  return pins;
}
