import type { DollSpec } from './doll-spec';
import { reachBelowCenter } from './doll-spec';
import type { Figure } from './figure-runtime';
import type { RandomSource } from './seeded-random';
import { DROP_HEIGHT } from './sandbox-settings';
import type { Vec3Like } from './vector-math';
import { quat, quatFromAxisAngle, vec3 } from './vector-math';

/** Where the app's six figures stand: (x, z) in metres, clear of the stairs, slope and wall. */
const FIGURE_SLOTS: readonly (readonly [number, number])[] = [
  [0, 0],
  [0.8, 0],
  [-0.8, 0],
  [0, 1],
  [0.8, 1],
  [-0.8, 1],
];

const upAxis = vec3(0, 1, 0);
const scratchRotation = quat();
const scratchDrop = vec3();

/** Where a figure drops from over its slot (the stage in use knows its floor there). */
export interface DropGround {
  /** Into `out`: {@link DROP_HEIGHT} above the floor under (`x`, `z`), metres. */
  dropPoint(x: number, z: number, out: Vec3Like): Vec3Like;
}

/**
 * The slot of the i-th figure: the six above, then (for load tests with more figures)
 * rows of seven, 0.8 m apart, further toward +Z.
 */
export function figureSlot(index: number): readonly [number, number] {
  if (index < FIGURE_SLOTS.length) return FIGURE_SLOTS[index]!;
  const extra = index - FIGURE_SLOTS.length;
  return [((extra % 7) - 3) * 0.8, 2 + Math.floor(extra / 7)];
}

/** The first slot none of `figures` stands in. */
export function freeSlot(figures: readonly Figure[]): readonly [number, number] {
  const used = new Set(figures.map((figure) => figure.slot.join()));
  for (let index = 0; ; index++) {
    const slot = figureSlot(index);
    if (!used.has(slot.join())) return slot;
  }
}

/** The lowest point of a doll at rest, relative to its origin (metres, ≤ 0 usually). */
export function lowestPoint(spec: DollSpec): number {
  return Math.min(...spec.parts.map((part) => part.center[1] - reachBelowCenter(part)));
}

/**
 * DROP for one figure: its rest pose at its slot, {@link DROP_HEIGHT} up, turned by a random
 * yaw of up to ±0.4 rad (one draw of `random`) so no two drops land the same.
 */
export function placeForDrop(figure: Figure, random: RandomSource, ground: DropGround): void {
  quatFromAxisAngle(upAxis, (random() - 0.5) * 0.8, scratchRotation);
  const at = ground.dropPoint(figure.slot[0], figure.slot[1], scratchDrop);
  figure.ragdoll.place({
    position: vec3(at.x, at.y, at.z),
    rotation: scratchRotation,
  });
  figure.mmd?.place();
}

/** RESET for one figure: its rest pose at its slot, standing on the floor, at rest. */
export function placeStanding(figure: Figure, ground: DropGround): void {
  const standHeight = -lowestPoint(figure.ragdoll.spec);
  const at = ground.dropPoint(figure.slot[0], figure.slot[1], scratchDrop);
  figure.ragdoll.place({
    position: vec3(at.x, at.y - DROP_HEIGHT + standHeight, at.z),
    rotation: quat(),
  });
  figure.mmd?.place();
}
