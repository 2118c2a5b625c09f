import { restoreBodiesSnapshot, takeBodiesSnapshot, writeBodySnapshot } from './body-snapshot';
import { BODY_SNAPSHOT_LENGTH } from './body-snapshot';
import type { DollSpec } from './doll-spec';
import type { MmdPhysicsSpec } from './mmd/mmd-physics-spec';
import type { PropKind } from './props';
import type { RigidBody } from './rapier-api';
import type { Figure, Prop, Sandbox } from './sandbox';
import { SandboxError } from './sandbox';

/** One figure as a snapshot keeps it: what it is made of and every body's full state. */
export interface FigureSnapshot {
  /** The figure's id when the snapshot was taken (see {@link SnapshotIds}). */
  readonly id: number;
  readonly spec: DollSpec;
  readonly mmd: MmdPhysicsSpec | null;
  /** Its parts, then its MMD model's moving bodies (see `body-snapshot.ts`). */
  readonly states: Float64Array;
}

/** One prop as a snapshot keeps it. */
export interface PropSnapshot {
  readonly id: number;
  readonly kind: PropKind;
  /** {@link BODY_SNAPSHOT_LENGTH} numbers (see `body-snapshot.ts`). */
  readonly state: Float64Array;
}

/** A pinned body, by place: part `part` of figure `figure`, or prop `prop` (list order). */
export type SnapshotPin =
  | { readonly kind: 'part'; readonly figure: number; readonly part: number }
  | { readonly kind: 'prop'; readonly prop: number };

/**
 * The sandbox's whole state at one moment, exact to the bit: settings, every figure's and
 * prop's bodies (position, rotation, velocities) and the pins. For undo: taken on a command,
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
  readonly pins: readonly SnapshotPin[];
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

/** How a restore removes and makes figures; the app's version also handles their avatars. */
export interface SnapshotFigureMaker {
  /** Removes a figure the snapshot does not have. */
  remove(figure: Figure): void;
  /** Makes a figure the snapshot has and the scene lost (placed anywhere: it is posed next). */
  create(figure: FigureSnapshot, index: number): Figure;
}

/** The sandbox's own way to remove and make figures (no avatars). */
export function plainFigureMaker(sandbox: Sandbox): SnapshotFigureMaker {
  return {
    remove: (figure) => sandbox.removeFigure(figure),
    create: (figure) => sandbox.addFigure(figure.spec, figure.mmd ? { mmd: figure.mmd } : {}),
  };
}

/** The bodies a figure's snapshot covers, in order: its parts, then its MMD moving bodies. */
export function figureBodies(figure: Figure): RigidBody[] {
  const parts = figure.ragdoll.parts.map((part) => part.body);
  return figure.mmd ? [...parts, ...figure.mmd.rigidBodies()] : parts;
}

/** Takes the whole scene (see {@link SceneSnapshot}). Allocates: for commands, not frames. */
export function takeSceneSnapshot(sandbox: Sandbox): SceneSnapshot {
  return {
    stiffness: sandbox.stiffness,
    timeScale: sandbox.timeScale,
    gravityScale: sandbox.gravityScale,
    muscle: sandbox.muscle,
    getUp: sandbox.getUpEnabled,
    motionPlaying: sandbox.motionPlaying,
    figures: sandbox.figures.map((figure) => ({
      id: figure.id,
      spec: figure.ragdoll.spec,
      mmd: figure.mmd?.spec ?? null,
      states: takeBodiesSnapshot(figureBodies(figure)),
    })),
    props: sandbox.props.map((prop) => ({
      id: prop.id,
      kind: prop.kind,
      state: takeBodiesSnapshot([prop.body]),
    })),
    pins: snapshotPins(sandbox),
  };
}

/** Bytes a snapshot's body states take (its specs are shared with the live figures). */
export function sceneSnapshotBytes(snapshot: SceneSnapshot): number {
  let bytes = 0;
  for (const figure of snapshot.figures) bytes += figure.states.byteLength;
  for (const prop of snapshot.props) bytes += prop.state.byteLength;
  return bytes;
}

/**
 * Puts the scene back into `snapshot`: settings, figures (removing those it lacks, making again
 * those it has and the scene lost, in its order), every body's position, rotation and
 * velocities exactly, props and pins. Figures that are still there keep their bodies (and so
 * their avatars). Lets go of any grab. Allocates: for undo, not frames.
 */
export function restoreSceneSnapshot(
  sandbox: Sandbox,
  snapshot: SceneSnapshot,
  ids: SnapshotIds,
  maker: SnapshotFigureMaker = plainFigureMaker(sandbox),
): void {
  sandbox.releaseGrab();
  sandbox.clearPins();
  const order = restoreFigures(sandbox, snapshot.figures, ids, maker);
  sandbox.setStiffness(snapshot.stiffness);
  sandbox.setTimeScale(snapshot.timeScale);
  sandbox.setGravityScale(snapshot.gravityScale);
  sandbox.setMuscle(snapshot.muscle);
  sandbox.setGetUpEnabled(snapshot.getUp);
  sandbox.setMotionPlaying(snapshot.motionPlaying);
  order.forEach((figure, index) =>
    restoreBodiesSnapshot(figureBodies(figure), snapshot.figures[index]!.states),
  );
  restoreProps(sandbox, snapshot.props, ids);
  for (const pin of snapshot.pins) {
    const body =
      pin.kind === 'part'
        ? order[pin.figure]?.ragdoll.parts[pin.part]?.body
        : sandbox.props[pin.prop]?.body;
    if (body) sandbox.pin(body.handle);
  }
  sandbox.noteBodiesRestored();
}

/** Makes the sandbox's figures those of the snapshot, in its order; returns them. */
function restoreFigures(
  sandbox: Sandbox,
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
function restoreProps(sandbox: Sandbox, saved: readonly PropSnapshot[], ids: SnapshotIds): void {
  const live = sandbox.props;
  const same =
    live.length === saved.length &&
    saved.every((prop, index) => live[index]!.id === ids.current(prop.id));
  if (same) {
    saved.forEach((prop, index) => writeBodySnapshot(live[index]!.body, prop.state, 0));
    return;
  }
  sandbox.clearProps();
  for (const prop of saved) {
    const made: Prop = sandbox.addProp(prop.kind);
    writeBodySnapshot(made.body, prop.state, 0);
    ids.rename(ids.current(prop.id), made.id);
  }
}

function snapshotPins(sandbox: Sandbox): SnapshotPin[] {
  const pinned = new Set(sandbox.pinnedHandles);
  const pins: SnapshotPin[] = [];
  sandbox.figures.forEach((figure, f) =>
    figure.ragdoll.parts.forEach((part, p) => {
      if (pinned.has(part.body.handle)) pins.push({ kind: 'part', figure: f, part: p });
    }),
  );
  sandbox.props.forEach((prop, p) => {
    if (pinned.has(prop.body.handle)) pins.push({ kind: 'prop', prop: p });
  });
  return pins;
}
