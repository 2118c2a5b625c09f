import type { RagdollJoint } from '../../renderer/src/physics/ragdoll';

/**
 * The signed angle (radians) of a hinge: the child's rotation relative to the parent,
 * about the hinge axis. Used to check that limits hold.
 */
export function hingeAngle(joint: RagdollJoint): number {
  if (joint.spec.kind !== 'revolute') throw new Error(`${joint.spec.name} is not a hinge`);
  const qa = joint.parent.body.rotation();
  const qb = joint.child.body.rotation();
  // qRel = conjugate(qa) * qb
  const x = qa.w * qb.x - qa.x * qb.w - qa.y * qb.z + qa.z * qb.y;
  const y = qa.w * qb.y + qa.x * qb.z - qa.y * qb.w - qa.z * qb.x;
  const z = qa.w * qb.z - qa.x * qb.y + qa.y * qb.x - qa.z * qb.w;
  const w = qa.w * qb.w + qa.x * qb.x + qa.y * qb.y + qa.z * qb.z;
  const [ax, ay, az] = joint.spec.axis;
  return 2 * Math.atan2(x * ax + y * ay + z * az, w);
}
