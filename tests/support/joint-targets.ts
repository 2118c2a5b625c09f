import type { DollSpec, JointSpec, RevoluteJointSpec } from '../../renderer/src/physics/doll-spec';
import type { DollPose } from '../../renderer/src/physics/motion/doll-motion';
import type { Quat, Vec3 } from '../../renderer/src/physics/vector-math';
import { conjugateQuat, multiplyQuats } from '../../renderer/src/motion/quat-tuple';
import { partRotation } from './motion-clips';

/** The rotation vector (axis × angle, radians) of a unit quaternion, on the short way round. */
export function rotationVector(q: Quat): Vec3 {
  const sign = q[3] < 0 ? -1 : 1;
  const s = Math.hypot(q[0], q[1], q[2]);
  if (s < 1e-12) return [0, 0, 0];
  const angle = 2 * Math.atan2(s, Math.abs(q[3]));
  return [(sign * q[0] * angle) / s, (sign * q[1] * angle) / s, (sign * q[2] * angle) / s];
}

/** A joint's target: the child's rotation relative to the parent's, from a pose. */
export function jointRotation(spec: DollSpec, pose: DollPose, joint: JointSpec): Quat {
  const at = (name: string) =>
    partRotation(
      pose.rotations,
      spec.parts.findIndex((p) => p.name === name),
    );
  return multiplyQuats(conjugateQuat(at(joint.parent)), at(joint.child));
}

/** A hinge's target split into its angle about the hinge axis and what lies off that axis (radians). */
export function hingeTarget(
  spec: DollSpec,
  pose: DollPose,
  joint: RevoluteJointSpec,
): { along: number; off: number } {
  const v = rotationVector(jointRotation(spec, pose, joint));
  const along = v[0] * joint.axis[0] + v[1] * joint.axis[1] + v[2] * joint.axis[2];
  const off = Math.hypot(
    v[0] - along * joint.axis[0],
    v[1] - along * joint.axis[1],
    v[2] - along * joint.axis[2],
  );
  return { along, off };
}
