import type { MmdBone } from '../../formats/mmd/mmd-model';
import type { MmdBodySpec } from '../../physics/mmd/mmd-physics-spec';
import type { Vec3 } from '../../physics/vector-math';
import { sub } from '../tuple-math';
import type { MmdBoneDriver } from './bone-drivers';
import { movingBodyOfBone } from './bone-drivers';
import { boneHierarchy } from './bone-order';

/** Everything {@link propBoneDrivers} needs. */
export interface PropDriverContext {
  readonly bones: readonly MmdBone[];
  /** Doll-space rest position of each bone, metres. */
  readonly restPositions: readonly Vec3[];
  readonly bodies: readonly MmdBodySpec[];
  /** The file bone a converted body sits on (−1 for none). */
  readonly boneOfBody: (body: MmdBodySpec) => number;
  /** The prop's one part (its carrier) and its rest centre, doll space. */
  readonly part: string;
  readonly partCenter: Vec3;
}

/**
 * One driver per bone of a prop (a model without a humanoid skeleton): a bone with a moving
 * body follows that body (as in a figure); a bone below such a bone keeps its rest offset from
 * its parent, so it swings with it; every other bone is carried rigidly by the prop's one part,
 * position and rotation, because nothing else moves it (a prop has no bones a ragdoll drives).
 */
export function propBoneDrivers(c: PropDriverContext): MmdBoneDriver[] {
  const dynamicBody = movingBodyOfBone(c.bodies, c.boneOfBody);
  const { parents, order } = boneHierarchy(c.bones);
  const swings: boolean[] = new Array<boolean>(c.bones.length).fill(false);
  const drivers: MmdBoneDriver[] = new Array<MmdBoneDriver>(c.bones.length);
  for (const i of order) {
    const parent = parents[i]!;
    const body = dynamicBody.get(i);
    if (body !== undefined) {
      swings[i] = true;
      drivers[i] = { kind: 'body', body, position: c.bodies[body]!.motion === 'dynamic' };
    } else if (parent >= 0 && swings[parent]) {
      swings[i] = true;
      drivers[i] = { kind: 'parent' };
    } else {
      drivers[i] = {
        kind: 'part',
        part: c.part,
        position: true,
        offset: sub(c.restPositions[i]!, c.partCenter),
      };
    }
  }
  return drivers;
}
