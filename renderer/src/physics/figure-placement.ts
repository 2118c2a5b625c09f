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

/** Where a figure drops from over its slot: the stage in use knows its floor and ceilings. */
export interface DropGround {
  /**
   * Into `out`: the floor under (`x`, `z`), metres, or where figures go instead when there is
   * no floor there (the stage's centre).
   */
  floorPoint(x: number, z: number, out: Vec3Like): Vec3Like;
  /** How far up from `point` the stage leaves free, metres, up to `limit`. */
  headroom(point: Vec3Like, limit: number): number;
}

/** Room a dropped figure keeps under a ceiling, metres. */
const CEILING_MARGIN = 0.1;
/** Gap under a figure placed standing because the room is too low to drop it, metres. */
const STANDING_GAP = 0.02;

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
 * The highest point of a doll at rest, relative to its origin (metres): a part reaches as far
 * above its centre as below it.
 */
export function highestPoint(spec: DollSpec): number {
  return Math.max(...spec.parts.map((part) => part.center[1] + reachBelowCenter(part)));
}

/**
 * How high over the floor at `floor` a figure's origin drops from, metres: {@link DROP_HEIGHT},
 * or lower where a ceiling (a room's, a bridge's) is closer than the figure's head would be,
 * down to standing on the floor when the room is too low to drop it at all.
 */
function dropLift(spec: DollSpec, floor: Vec3Like, ground: DropGround): number {
  const top = highestPoint(spec);
  const free = ground.headroom(floor, DROP_HEIGHT + top + CEILING_MARGIN);
  return Math.max(
    Math.min(DROP_HEIGHT, free - top - CEILING_MARGIN),
    STANDING_GAP - lowestPoint(spec),
  );
}

/**
 * DROP for one figure: its rest pose at its slot, {@link DROP_HEIGHT} up (less under a low
 * ceiling), turned by a random yaw of up to ±0.4 rad (one draw of `random`) so no two drops
 * land the same.
 */
export function placeForDrop(figure: Figure, random: RandomSource, ground: DropGround): void {
  quatFromAxisAngle(upAxis, (random() - 0.5) * 0.8, scratchRotation);
  const floor = ground.floorPoint(figure.slot[0], figure.slot[1], scratchDrop);
  const lift = dropLift(figure.ragdoll.spec, floor, ground);
  figure.ragdoll.place({
    position: vec3(floor.x, floor.y + lift, floor.z),
    rotation: scratchRotation,
  });
  figure.mmd?.place();
}

/** RESET for one figure: its rest pose at its slot, standing on the floor, at rest. */
export function placeStanding(figure: Figure, ground: DropGround): void {
  const standHeight = -lowestPoint(figure.ragdoll.spec);
  const at = ground.floorPoint(figure.slot[0], figure.slot[1], scratchDrop);
  figure.ragdoll.place({
    position: vec3(at.x, at.y + standHeight, at.z),
    rotation: quat(),
  });
  figure.mmd?.place();
}
