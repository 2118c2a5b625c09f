import type { PartSpec } from '../physics/doll-spec';
import type { Vec3 } from '../physics/vector-math';
import { angleBetween, distanceBetween, lerp, quatFromYTo, sub } from './tuple-math';

/**
 * A part's shape while the rig is sizing it, in doll space (metres). Capsules keep the two
 * bone positions they span, so a thinner radius still ends exactly at the bones.
 */
export type RigShape =
  | {
      readonly kind: 'capsule';
      readonly from: Vec3;
      readonly to: Vec3;
      radius: number;
    }
  | { readonly kind: 'sphere'; readonly center: Vec3; radius: number }
  /** An axis-aligned box. `narrowable` boxes (feet) may lose width to make room. */
  | { readonly kind: 'box'; min: Vec3; max: Vec3; readonly narrowable: boolean };

/** A part being sized. */
export interface RigPart {
  readonly name: string;
  readonly shape: RigShape;
}

/** The capsule's core segment (its axis without the caps), doll space. */
export function capsuleSegment(shape: Extract<RigShape, { kind: 'capsule' }>): [Vec3, Vec3] {
  const span = distanceBetween(shape.from, shape.to);
  const t = span > 0 ? shape.radius / span : 0.5;
  return [lerp(shape.from, shape.to, t), lerp(shape.from, shape.to, 1 - t)];
}

/** Turns a sized part into the spec the physics builds. */
export function toPartSpec(part: RigPart): PartSpec {
  const shape = part.shape;
  switch (shape.kind) {
    case 'sphere':
      return {
        name: part.name,
        shape: { kind: 'sphere', radius: shape.radius },
        center: shape.center,
      };
    case 'box':
      return {
        name: part.name,
        shape: { kind: 'box', halfExtents: scaleHalf(sub(shape.max, shape.min)) },
        center: lerp(shape.min, shape.max, 0.5),
      };
    case 'capsule': {
      const direction = sub(shape.to, shape.from);
      const halfHeight = Math.max(0, distanceBetween(shape.from, shape.to) / 2 - shape.radius);
      const spec: PartSpec = {
        name: part.name,
        shape: { kind: 'capsule', halfHeight, radius: shape.radius },
        center: lerp(shape.from, shape.to, 0.5),
      };
      // Upright capsules need no collider rotation; everything else is turned along its bone.
      return angleBetween(direction, [0, 1, 0]) < 1e-6
        ? spec
        : { ...spec, colliderRotation: quatFromYTo(direction) };
    }
  }
}

function scaleHalf(size: Vec3): Vec3 {
  return [size[0] / 2, size[1] / 2, size[2] / 2];
}
