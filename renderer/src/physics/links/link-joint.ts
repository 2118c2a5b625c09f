import type { ImpulseJoint, RapierApi, RigidBody, World } from '../rapier-api';
import type { Quat, QuatLike, Vec3, Vec3Like } from '../vector-math';
import { conjugateQuat, quat, rotateVec, vec3 } from '../vector-math';
import type { LinkGeometry, LinkSettings, LinkType } from './link-geometry';
import { MIN_LINK_LENGTH } from './link-geometry';

/** One end as the tool clicked it: a body (null: the world) and the point clicked, metres. */
export interface LinkEndInput {
  readonly body: RigidBody | null;
  readonly point: Vec3Like;
}

const IDENTITY: Quat = [0, 0, 0, 1];

/**
 * The geometry of a new link between the clicked points: ROPE and SPRING hold each end at its
 * point, the rope's length (the spring's rest length) their distance; WELD and HINGE hold both
 * ends at the first point, the weld as the bodies are turned now, the hinge about `axis`
 * (a world direction, the view's). Allocates: made on a click.
 */
export function linkGeometry(
  type: LinkType,
  a: LinkEndInput,
  b: LinkEndInput,
  settings: LinkSettings,
  axis: Vec3Like,
): LinkGeometry {
  const pointB = type === 'rope' || type === 'spring' ? b.point : a.point;
  const length = Math.max(
    MIN_LINK_LENGTH,
    Math.hypot(b.point.x - a.point.x, b.point.y - a.point.y, b.point.z - a.point.z),
  );
  return {
    type,
    anchorA: localPoint(a.body, a.point),
    anchorB: localPoint(b.body, pointB),
    frameA: inverseRotation(a.body),
    frameB: inverseRotation(b.body),
    axisA: localDirection(a.body, axis),
    axisB: localDirection(b.body, axis),
    length,
    stiffness: settings.stiffness,
    damping: settings.damping,
    breakForce: settings.breakForce,
  };
}

/**
 * Creates the Rapier joint for `geometry` between `a` and `b` (each a body, or the world's
 * anchor body: a fixed body at the origin). WELD and HINGE ends do not collide with each
 * other (they touch at the joint); ROPE and SPRING ends do.
 */
export function createLinkJoint(
  rapier: RapierApi,
  world: World,
  geometry: LinkGeometry,
  a: RigidBody,
  b: RigidBody,
): ImpulseJoint {
  const anchorA = tupleVec(geometry.anchorA);
  const anchorB = tupleVec(geometry.anchorB);
  const data = jointData(rapier, geometry, anchorA, anchorB);
  const joint = world.createImpulseJoint(data, a, b, true);
  if (geometry.type === 'weld' || geometry.type === 'hinge') joint.setContactsEnabled(false);
  return joint;
}

function jointData(
  rapier: RapierApi,
  geometry: LinkGeometry,
  anchorA: Vec3Like,
  anchorB: Vec3Like,
) {
  switch (geometry.type) {
    case 'rope':
      return rapier.JointData.rope(geometry.length, anchorA, anchorB);
    case 'spring':
      return rapier.JointData.spring(
        geometry.length,
        geometry.stiffness,
        geometry.damping,
        anchorA,
        anchorB,
      );
    case 'weld':
      return rapier.JointData.fixed(
        anchorA,
        tupleQuat(geometry.frameA),
        anchorB,
        tupleQuat(geometry.frameB),
      );
    case 'hinge':
      return rapier.JointData.revoluteWithAxes(
        anchorA,
        anchorB,
        tupleVec(geometry.axisA),
        tupleVec(geometry.axisB),
      );
  }
}

/** `point` (world, metres) in the body's local frame; the world's own frame for null. */
function localPoint(body: RigidBody | null, point: Vec3Like): Vec3 {
  if (!body) return [point.x, point.y, point.z];
  const p = body.translation();
  const inverse = conjugateQuat(body.rotation(), quat());
  const local = rotateVec(inverse, vec3(point.x - p.x, point.y - p.y, point.z - p.z), vec3());
  return [local.x, local.y, local.z];
}

/** `direction` (world, unit) in the body's local frame. */
function localDirection(body: RigidBody | null, direction: Vec3Like): Vec3 {
  const length = Math.hypot(direction.x, direction.y, direction.z) || 1;
  const unit = vec3(direction.x / length, direction.y / length, direction.z / length);
  if (!body) return [unit.x, unit.y, unit.z];
  const local = rotateVec(conjugateQuat(body.rotation(), quat()), unit, vec3());
  return [local.x, local.y, local.z];
}

function inverseRotation(body: RigidBody | null): Quat {
  if (!body) return IDENTITY;
  const q: QuatLike = body.rotation();
  return [-q.x, -q.y, -q.z, q.w];
}

function tupleVec(t: Vec3): Vec3Like {
  return vec3(t[0], t[1], t[2]);
}

function tupleQuat(t: Quat): QuatLike {
  return quat(t[0], t[1], t[2], t[3]);
}
