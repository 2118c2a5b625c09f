import type { JointSpec } from '../physics/doll-spec';
import type { BodyLandmarks } from './body-landmarks';
import type { Side } from './build-parts';
import { SIDE_SUFFIX } from './build-parts';
import { hingeAxis } from './hinge-axis';
import { ANKLE_LIMITS, ELBOW_RANGE, KNEE_RANGE, NECK_LIMITS, WRIST_LIMITS } from './joint-limits';
import { sub } from './tuple-math';

function armJoints(l: BodyLandmarks, side: Side): JointSpec[] {
  const s = SIDE_SUFFIX[side];
  const shoulder = l.required(`${side}UpperArm`);
  const elbow = l.required(`${side}LowerArm`);
  const wrist = l.required(`${side}Hand`);
  return [
    {
      name: `shoulder${s}`,
      kind: 'spherical',
      parent: 'torso',
      child: `arm${s}_up`,
      anchor: shoulder,
    },
    {
      name: `elbow${s}`,
      kind: 'revolute',
      parent: `arm${s}_up`,
      child: `arm${s}_lo`,
      anchor: elbow,
      ...hingeAxis(sub(elbow, shoulder), ELBOW_RANGE),
    },
    {
      name: `wrist${s}`,
      kind: 'spherical',
      parent: `arm${s}_lo`,
      child: `hand${s}`,
      anchor: wrist,
      limits: WRIST_LIMITS,
    },
  ];
}

function legJoints(l: BodyLandmarks, side: Side): JointSpec[] {
  const s = SIDE_SUFFIX[side];
  const hip = l.required(`${side}UpperLeg`);
  const knee = l.required(`${side}LowerLeg`);
  const ankle = l.required(`${side}Foot`);
  return [
    { name: `hip${s}`, kind: 'spherical', parent: 'pelvis', child: `leg${s}_up`, anchor: hip },
    {
      name: `knee${s}`,
      kind: 'revolute',
      parent: `leg${s}_up`,
      child: `leg${s}_lo`,
      anchor: knee,
      ...hingeAxis(sub(knee, hip), KNEE_RANGE),
    },
    {
      name: `ankle${s}`,
      kind: 'spherical',
      parent: `leg${s}_lo`,
      child: `foot${s}`,
      anchor: ankle,
      limits: ANKLE_LIMITS,
    },
  ];
}

/**
 * The doll's 14 joints, each anchored exactly at a bone (the spine, the neck or head, the upper
 * arms and legs, elbows, knees, hands and feet), so the drawn skeleton, which turns about its
 * bones, pivots where the physics does. Names follow the box dummy (waist, neck, shoulderL,
 * elbowL, hipL, kneeL) plus wristL/R and ankleL/R.
 */
export function buildJoints(l: BodyLandmarks): JointSpec[] {
  return [
    {
      name: 'waist',
      kind: 'spherical',
      parent: 'pelvis',
      child: 'torso',
      anchor: l.required('spine'),
    },
    {
      name: 'neck',
      kind: 'spherical',
      parent: 'torso',
      child: 'head',
      anchor: l.headPivot,
      limits: NECK_LIMITS,
    },
    ...armJoints(l, 'left'),
    ...armJoints(l, 'right'),
    ...legJoints(l, 'left'),
    ...legJoints(l, 'right'),
  ];
}
