import type { DollSpec } from './doll-spec';
import type { Figure } from './figure-runtime';

/** One part of a figure, as plain data (see {@link FigureEntry.parts}). */
export interface FigurePartEntry {
  /** The part's name in the figure's spec (`hips`, `head`, `leftHand`, …). */
  readonly name: string;
  /**
   * Its Rapier body's handle: the key of `Sandbox.readTransform`, `Sandbox.grab.start`,
   * `Sandbox.pins` and `SimBody.handle`.
   */
  readonly handle: number;
}

/**
 * One figure as plain data: nothing in it is a Rapier object or changes while the figure is in
 * the scene, so it can be read (and later sent from a worker) without touching the physics.
 * Made once when the figure is added.
 */
export interface FigureEntry {
  /** The figure's id: unique within the sandbox, never reused (`SimBody.ownerId`). */
  readonly id: number;
  /**
   * The spec its ragdoll was built from (parts, sizes in metres, joints): plain data, shared
   * with the ragdoll, never changed. Motions are bound to it and exports name its parts.
   */
  readonly spec: DollSpec;
  /** (x, z) of its slot, metres: where DROP and RESET put it. */
  readonly slot: readonly [number, number];
  /** The handle of its root part's body (the hips or pelvis), which the camera follows. */
  readonly rootHandle: number;
  /** Every part in its spec's order, the root first. */
  readonly parts: readonly FigurePartEntry[];
  /** Part name → body handle, the same as {@link parts}, for avatars that look parts up by name. */
  readonly partHandles: ReadonlyMap<string, number>;
}

/**
 * The figures in the scene as plain data, in the user's order (the first is the one props drop
 * over and the camera keeps in view), published by the sandbox as `sandbox.figureTable`.
 *
 * A table never changes: when figures are added, removed, reordered or replaced (undo, a
 * preset, opening a model, the box dummy) the sandbox publishes a new one with a higher
 * {@link version}, and between such changes it hands out the same object, steps and frames
 * included. A reader that runs every frame keeps the version it last saw and rebuilds what it
 * derived only when it differs. Its lookups allocate nothing.
 */
export interface FigureTable {
  /** Increases whenever the figures change (added, removed, reordered); never otherwise. */
  readonly version: number;
  /** The figures, in the user's order. */
  readonly figures: readonly FigureEntry[];
  /** The figure's place in {@link figures} (0 is the first), or -1 when no figure has this id. */
  indexOf(id: number): number;
  /** The figure with this id, or undefined. */
  entryOf(id: number): FigureEntry | undefined;
}

/** Reads a figure's plain data from it (once, when it is added: see {@link FigureEntry}). */
export function figureEntryOf(figure: Figure): FigureEntry {
  const parts = figure.ragdoll.parts.map((part): FigurePartEntry => ({
    name: part.spec.name,
    handle: part.body.handle,
  }));
  return {
    id: figure.id,
    spec: figure.ragdoll.spec,
    slot: [figure.slot[0], figure.slot[1]],
    rootHandle: figure.ragdoll.root.body.handle,
    parts,
    partHandles: new Map(parts.map((part) => [part.name, part.handle] as const)),
  };
}

/** A table of `entries` (in that order) at `version`: see {@link FigureTable}. */
export function figureTableOf(entries: readonly FigureEntry[], version: number): FigureTable {
  const figures = [...entries];
  return {
    version,
    figures,
    indexOf(id) {
      for (let i = 0; i < figures.length; i++) if (figures[i]!.id === id) return i;
      return -1;
    },
    entryOf(id) {
      for (let i = 0; i < figures.length; i++) if (figures[i]!.id === id) return figures[i];
      return undefined;
    },
  };
}

/** The table with no figures, version 0: a sandbox's before its first figure. */
export const EMPTY_FIGURE_TABLE: FigureTable = figureTableOf([], 0);
