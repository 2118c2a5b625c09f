import type { MmdBone } from '../../formats/mmd/mmd-model';
import type { MmdBodySpec } from '../../physics/mmd/mmd-physics-spec';
import type { Vec3 } from '../../physics/vector-math';
import { sub } from '../tuple-math';
import { validParent } from './bone-order';
import type { BoneParts } from './bone-parts';

/**
 * What moves one MMD bone each frame. MMD bones rest unrotated in model space, so a driver's
 * rest rotation is the identity and "its rotation" means "its rotation away from rest".
 * - `part`: the bone takes the ragdoll part's rotation (world rotation = part body rotation).
 *   When `position` is true it also takes a position: part body position + part rotation ×
 *   `offset` (doll space, metres; the bone's rest position minus the part's rest centre). One
 *   bone per model gets a position from the pelvis: the nearest common ancestor of 下半身 and
 *   上半身 (usually センター), so both halves of the body hang from the moving pelvis.
 * - `body`: the bone follows the dynamic rigid body `physics.bodies[body]`: world rotation =
 *   body rotation × (body rest rotation)⁻¹; with `position` (type 1) also world position = body
 *   position + that rotation × (bone rest position − body rest position). Type 2 bodies leave
 *   the position to the bone's parent.
 * - `parent`: the bone keeps its rest transform relative to its parent.
 */
export type MmdBoneDriver =
  | {
      readonly kind: 'part';
      readonly part: string;
      readonly position: boolean;
      readonly offset: Vec3;
    }
  | { readonly kind: 'body'; readonly body: number; readonly position: boolean }
  | { readonly kind: 'parent' };

/** The bone whose position the pelvis carries: the nearest common ancestor of hips and spine. */
export function positionBone(bones: readonly MmdBone[], hips: number, spine: number): number {
  const ancestorsOfHips = new Set<number>();
  for (let at = hips; at >= 0 && !ancestorsOfHips.has(at); at = validParent(bones, at)) {
    ancestorsOfHips.add(at);
  }
  const seen = new Set<number>();
  for (let at = spine; at >= 0 && !seen.has(at); at = validParent(bones, at)) {
    if (ancestorsOfHips.has(at)) return at;
    seen.add(at);
  }
  return -1;
}

/** Everything {@link boneDrivers} needs. */
export interface DriverContext {
  readonly bones: readonly MmdBone[];
  readonly parts: BoneParts;
  /** Doll-space rest position of each bone, metres. */
  readonly restPositions: readonly Vec3[];
  /** Doll-space rest centre of each part. */
  readonly partCenter: (part: string) => Vec3;
  readonly bodies: readonly MmdBodySpec[];
  /** The file body index → `bodies` index (−1 when left out); bones come from the file. */
  readonly boneOfBody: (body: MmdBodySpec) => number;
  readonly hips: number;
  readonly spine: number;
  readonly rootPart: string;
}

/**
 * The moving body that drives each bone: bone index → index in `bodies`. The first moving body
 * on a bone drives it; MMD does the same when several share one.
 */
export function movingBodyOfBone(
  bodies: readonly MmdBodySpec[],
  boneOfBody: (body: MmdBodySpec) => number,
): Map<number, number> {
  const dynamicBody = new Map<number, number>();
  bodies.forEach((body, index) => {
    const bone = boneOfBody(body);
    if (body.motion !== 'follow' && bone >= 0 && !dynamicBody.has(bone))
      dynamicBody.set(bone, index);
  });
  return dynamicBody;
}

/** One driver per MMD bone, by bone index. */
export function boneDrivers(c: DriverContext): MmdBoneDriver[] {
  const dynamicBody = movingBodyOfBone(c.bodies, c.boneOfBody);
  const anchor = positionBone(c.bones, c.hips, c.spine);
  const partDriver = (bone: number, part: string, position: boolean): MmdBoneDriver => ({
    kind: 'part',
    part,
    position,
    offset: sub(c.restPositions[bone]!, c.partCenter(part)),
  });
  return c.bones.map((_, i): MmdBoneDriver => {
    // With no common ancestor, each half takes its own position.
    const positioned = i === anchor || (anchor < 0 && (i === c.hips || i === c.spine));
    const owned = c.parts.owned[i];
    if (owned !== undefined) return partDriver(i, owned, positioned);
    if (positioned) return partDriver(i, c.rootPart, true);
    const body = dynamicBody.get(i);
    if (body !== undefined)
      return { kind: 'body', body, position: c.bodies[body]!.motion === 'dynamic' };
    return { kind: 'parent' };
  });
}
