import type { MmdPhysicsSpec } from './mmd-physics-spec';

/**
 * Rapier's interaction groups are one 32-bit value, `(membership << 16) | filter`; two
 * colliders interact only if each one's membership meets the other's filter. Collision groups
 * decide whether contacts exist at all; solver groups (a second value of the same form)
 * decide whether existing contacts push the bodies apart.
 */
function pack(membership: number, filter: number): number {
  return (((membership & 0xffff) << 16) | (filter & 0xffff)) >>> 0;
}

/** Every bit set: the default of both kinds of groups (stage, props, dolls without MMD bodies). */
export const ALL_GROUPS = 0xffffffff;

/**
 * The collision groups of an MMD body, as PMX defines them: membership `1 << group`, and the file's
 * 16-bit mask as the filter, where a set bit means "collides with that group". So `fffe` on
 * group 0 keeps group-0 bodies from touching each other, and a mask of 0 collides with
 * nothing at all: other MMD bodies, ragdoll parts, and also the stage and props (MMD has no
 * floor of its own; we follow the file rather than invent an exception).
 */
export function mmdCollisionGroups(group: number, collisionMask: number): number {
  return pack(1 << group, collisionMask);
}

/**
 * The collision groups of a ragdoll part in a figure with MMD bodies: a member of MMD group
 * `group` (so the model's bodies collide with it as their masks say), colliding with
 * everything itself (stage, props, other figures).
 */
export function partCollisionGroups(group: number): number {
  return pack(1 << group, 0xffff);
}

/**
 * Solver classes (bits of the solver-group membership). Contacts between an MMD `follow`
 * collider (attached to its ragdoll part) and a ragdoll part are computed but never solved: a
 * follow body overlaps its own part and often the neighbouring ones (a chest body reaching
 * into the upper arms), and solving those contacts would push the ragdoll apart from inside.
 */
export const SolverClass = {
  part: 1,
  mmdFollow: 2,
  mmdDynamic: 4,
  /** Stage and props. */
  other: 8,
} as const;

const EVERY_CLASS = 0xffff;

/** Solver groups of a ragdoll part: solved against everything that solves against it. */
export const PART_SOLVER_GROUPS = pack(SolverClass.part, EVERY_CLASS);
/**
 * Solver groups of a `follow` collider: it pushes dynamic MMD bodies (hair, skirts), and the
 * stage and props push it (and so its part), but never a ragdoll part.
 */
export const MMD_FOLLOW_SOLVER_GROUPS = pack(
  SolverClass.mmdFollow,
  SolverClass.mmdDynamic | SolverClass.other,
);
/** Solver groups of a dynamic MMD body: solved against everything. */
export const MMD_DYNAMIC_SOLVER_GROUPS = pack(SolverClass.mmdDynamic, EVERY_CLASS);
/** Solver groups of the stage and props. */
export const OTHER_SOLVER_GROUPS = pack(SolverClass.other, EVERY_CLASS);

/**
 * The MMD group of each ragdoll part: {@link MmdPhysicsSpec.partGroups} where given, else
 * the group most `follow` bodies are in (ties: the lowest), else 0.
 */
export function partGroupOf(spec: MmdPhysicsSpec, partName: string): number {
  return spec.partGroups?.[partName] ?? defaultPartGroup(spec);
}

/** The group most used by `follow` bodies (the model's own body), 0 when there is none. */
export function defaultPartGroup(spec: MmdPhysicsSpec): number {
  const counts = new Array<number>(16).fill(0);
  for (const body of spec.bodies) if (body.motion === 'follow') counts[body.group]!++;
  let best = 0;
  for (let group = 1; group < 16; group++) if (counts[group]! > counts[best]!) best = group;
  return best;
}

/**
 * The filter bits a `follow` collider can drop without changing anything the model can see:
 * the MMD groups the ragdoll's parts are in that hold no dynamic body. Its contacts with parts
 * are never solved (see {@link SolverClass}), so with its own figure's other parts, which it
 * often overlaps, they would be computed every step for nothing; the stage and props are in
 * every group, so any bit left keeps it on them. Returns a 16-bit mask of groups to clear.
 */
export function followFilterDrop(spec: MmdPhysicsSpec, partNames: readonly string[]): number {
  let partBits = 0;
  for (const name of partNames) partBits |= 1 << partGroupOf(spec, name);
  let dynamicBits = 0;
  for (const body of spec.bodies) if (body.motion !== 'follow') dynamicBits |= 1 << body.group;
  return partBits & ~dynamicBits & 0xffff;
}
