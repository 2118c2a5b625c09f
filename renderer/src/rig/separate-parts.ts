import type { JointSpec } from '../physics/doll-spec';
import type { Vec3 } from '../physics/vector-math';
import { RigError } from './rig-error';
import { MIN_THICKNESS, PART_CLEARANCE } from './rig-proportions';
import type { RigPart, RigShape } from './rig-shape';
import { shapeGap } from './shape-distance';
import { distanceBetween, lerp } from './tuple-math';

/** Two parts that had to be thinned to stop touching, for the report. */
export interface ThinnedPair {
  readonly a: string;
  readonly b: string;
  /** Clearance before thinning, metres (≤ 0: they overlapped). */
  readonly gapBefore: number;
}

function canThin(shape: RigShape): boolean {
  if (shape.kind === 'box') return shape.narrowable && halfWidth(shape) > MIN_THICKNESS;
  return shape.radius > MIN_THICKNESS;
}

function halfWidth(box: Extract<RigShape, { kind: 'box' }>): number {
  return (box.max[0] - box.min[0]) / 2;
}

/** Takes `amount` metres off a round shape's radius or a foot's half width, not below the floor. */
function thin(shape: RigShape, amount: number): void {
  if (shape.kind === 'box') {
    const center = (shape.min[0] + shape.max[0]) / 2;
    const half = Math.max(MIN_THICKNESS, halfWidth(shape) - amount);
    shape.min = [center - half, shape.min[1], shape.min[2]];
    shape.max = [center + half, shape.max[1], shape.max[2]];
  } else {
    shape.radius = Math.max(MIN_THICKNESS, shape.radius - amount);
  }
}

/**
 * Makes room between parts that are not joined to each other (joined parts never collide, so
 * their overlap is harmless; unjoined ones starting inside each other would be flung apart on
 * the first step). Each touching pair is thinned, round shapes first and by their share of
 * the combined thickness, until it is {@link PART_CLEARANCE} apart. The pelvis and torso
 * boxes keep their size. Mutates the parts; returns the pairs it changed.
 *
 * Throws when a pair cannot be separated (e.g. two bones at the same place), naming both.
 */
export function separateParts(parts: RigPart[], joints: readonly JointSpec[]): ThinnedPair[] {
  const joined = new Map<string, Set<string>>();
  for (const { parent, child } of joints) {
    joinedTo(joined, parent).add(child);
    joinedTo(joined, child).add(parent);
  }
  // Each part's bounding sphere, made once and again only when the part is thinned.
  const spheres = parts.map((part) => boundingSphere(part.shape));
  const thinned: ThinnedPair[] = [];
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      const a = parts[i]!;
      const b = parts[j]!;
      if (joined.get(a.name)?.has(b.name) || farApart(spheres[i]!, spheres[j]!)) continue;
      const before = shapeGap(a.shape, b.shape);
      if (before >= PART_CLEARANCE) continue;
      thinned.push({ a: a.name, b: b.name, gapBefore: before });
      thinPair(a, b);
      spheres[i] = boundingSphere(a.shape);
      spheres[j] = boundingSphere(b.shape);
    }
  }
  return thinned;
}

function joinedTo(joined: Map<string, Set<string>>, name: string): Set<string> {
  let set = joined.get(name);
  if (!set) joined.set(name, (set = new Set()));
  return set;
}

interface Sphere {
  readonly center: Vec3;
  readonly radius: number;
}

/** A sphere holding the whole shape (conservative), for a cheap first test. */
function boundingSphere(shape: RigShape): Sphere {
  switch (shape.kind) {
    case 'sphere':
      return { center: shape.center, radius: shape.radius };
    case 'capsule':
      return {
        center: lerp(shape.from, shape.to, 0.5),
        radius: distanceBetween(shape.from, shape.to) / 2 + shape.radius,
      };
    case 'box':
      return {
        center: lerp(shape.min, shape.max, 0.5),
        radius: distanceBetween(shape.min, shape.max) / 2,
      };
  }
}

/**
 * True when two shapes' bounding spheres are already clear of each other: most pairs are
 * (a hand and a foot), and this skips the exact distance for them, which keeps building a
 * spec well under a millisecond.
 */
function farApart(sa: Sphere, sb: Sphere): boolean {
  return distanceBetween(sa.center, sb.center) - sa.radius - sb.radius >= PART_CLEARANCE;
}

function thinPair(a: RigPart, b: RigPart): void {
  for (let round = 0; round < 100; round++) {
    const gap = shapeGap(a.shape, b.shape);
    if (gap >= PART_CLEARANCE) return;
    const thinA = canThin(a.shape);
    const thinB = canThin(b.shape);
    if (!thinA && !thinB) break;
    // Overlap depth is not measured (a gap of 0 means "touching or inside"), so take at least
    // a step each round; the loop stops as soon as the pair is clear.
    const need = Math.max(PART_CLEARANCE - gap, 0.002);
    if (thinA && thinB) {
      thin(a.shape, need / 2);
      thin(b.shape, need / 2);
    } else {
      thin(thinA ? a.shape : b.shape, need);
    }
  }
  const gap = shapeGap(a.shape, b.shape);
  if (gap < PART_CLEARANCE) {
    throw new RigError(
      `rig: parts "${a.name}" and "${b.name}" overlap (clearance ${(gap * 1000).toFixed(1)} mm) ` +
        'even at their thinnest; their bones are too close together to build a ragdoll',
    );
  }
}
