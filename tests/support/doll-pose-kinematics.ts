import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import type { DollPose } from '../../renderer/src/physics/motion/doll-motion';
import type { Quat, Vec3 } from '../../renderer/src/physics/vector-math';
import { shapeVolume } from '../../renderer/src/rig/segment-masses';
import { add, rotate, scale, sub } from '../../renderer/src/rig/tuple-math';
import { partRotation } from './motion-clips';

/** Where every part's centre is in a pose, by forward kinematics from the root through the joints. */
export function posedCenters(spec: DollSpec, pose: DollPose): Map<string, Vec3> {
  const index = new Map(spec.parts.map((part, i) => [part.name, i]));
  const rotationOf = (name: string): Quat => partRotation(pose.rotations, index.get(name)!);
  const restCenter = (name: string): Vec3 => spec.parts[index.get(name)!]!.center;
  const centers = new Map<string, Vec3>();
  centers.set(
    spec.rootPart,
    add(restCenter(spec.rootPart), [...pose.rootOffset] as unknown as Vec3),
  );
  let added = true;
  while (added) {
    added = false;
    for (const joint of spec.joints) {
      const parentCenter = centers.get(joint.parent);
      if (!parentCenter || centers.has(joint.child)) continue;
      const anchor = add(
        parentCenter,
        rotate(rotationOf(joint.parent), sub(joint.anchor, restCenter(joint.parent))),
      );
      centers.set(
        joint.child,
        add(anchor, rotate(rotationOf(joint.child), sub(restCenter(joint.child), joint.anchor))),
      );
      added = true;
    }
  }
  return centers;
}

/** The centre of mass of a posed doll, every part at the same density. */
export function centerOfMass(spec: DollSpec, pose: DollPose): Vec3 {
  const centers = posedCenters(spec, pose);
  let total = 0;
  let sum: Vec3 = [0, 0, 0];
  for (const part of spec.parts) {
    const v = shapeVolume(part.shape);
    total += v;
    sum = add(sum, scale(centers.get(part.name)!, v));
  }
  return scale(sum, 1 / total);
}

/** A point fixed to a part (given in rest doll space), where the pose puts it. */
export function posedPoint(spec: DollSpec, pose: DollPose, part: string, restPoint: Vec3): Vec3 {
  const i = spec.parts.findIndex((p) => p.name === part);
  const center = posedCenters(spec, pose).get(part)!;
  return add(
    center,
    rotate(partRotation(pose.rotations, i), sub(restPoint, spec.parts[i]!.center)),
  );
}
