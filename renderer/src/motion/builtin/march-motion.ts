import type { Quat } from '../../physics/vector-math';
import type { HumanoidBoneName } from '../../rig/humanoid-bones';
import { multiplyQuats } from '../quat-tuple';
import type { AuthoredMotion, WorldPose } from './author-motion';
import type { Side } from './body-rotations';
import { armDown, bentForearm, hipDropFor, legTiltFor, rotX, rotY, rotZ } from './body-rotations';
import { RELAXED_ARM_SPREAD } from './stand-motion';

/** One step with each foot per this many seconds. */
const STEP_CYCLE = 1.2;
/**
 * At the top of a step: hip flexion, knee bend, and how far the ankle flexes (toes up against
 * the shin) so the raised foot hangs nearly level (radians).
 */
const HIP_LIFT = 0.55;
const KNEE_LIFT = 0.9;
const ANKLE_FLEX = 0.2;
/** Hips move this far over the standing foot (metres). */
const WEIGHT_SHIFT = 0.03;
/** Arm swing each way (radians) and the elbow's bend while marching. */
const ARM_SWING = 0.4;
const ELBOW_BEND = 0.6;
/** Shoulders turn against the stepping leg by this much (radians). */
const TORSO_TWIST = 0.08;

/** How high a side's foot is raised at `phase` (0..1 over a cycle): left first, then right. */
function liftOf(side: Side, phase: number): number {
  const s = Math.sin(2 * Math.PI * phase);
  const own = side === 'left' ? s : -s;
  // Squared, so each lift starts and ends with zero speed.
  return own > 0 ? own * own : 0;
}

function leg(side: Side, lift: number, tilt: number): [HumanoidBoneName, Quat][] {
  const hip = -HIP_LIFT * lift;
  const shin = hip + KNEE_LIFT * lift;
  return [
    [`${side}UpperLeg`, multiplyQuats(rotZ(tilt), rotX(hip))],
    [`${side}LowerLeg`, multiplyQuats(rotZ(tilt), rotX(shin))],
    [`${side}Foot`, multiplyQuats(rotZ(tilt), rotX(shin - ANKLE_FLEX * lift))],
  ];
}

function swingingArm(side: Side, swing: number): [HumanoidBoneName, Quat][] {
  const upper = multiplyQuats(rotX(swing), armDown(side, RELAXED_ARM_SPREAD));
  const lower = bentForearm(side, upper, ELBOW_BEND);
  return [
    [`${side}UpperArm`, upper],
    [`${side}LowerArm`, lower],
    [`${side}Hand`, lower],
  ];
}

/**
 * *March*: marching in place. Each knee comes up in turn (the foot about 9 cm off the
 * floor on the box dummy) while the hips move 3 cm over the standing foot, the arms swing
 * against the legs with bent elbows and the shoulders turn slightly. The knee bends 0.9 rad of
 * its 2.5, the ankle flexes 0.2 rad of its 0.35; the pelvis stays level.
 */
export const MARCH_MOTION: AuthoredMotion = {
  name: 'march',
  duration: 2 * STEP_CYCLE,
  poseAt(time: number): WorldPose {
    const phase = (time % STEP_CYCLE) / STEP_CYCLE;
    const wave = Math.sin(2 * Math.PI * phase);
    const dx = -WEIGHT_SHIFT * wave;
    const tilt = legTiltFor(dx);
    const torso = rotY(TORSO_TWIST * wave);
    return {
      rotations: new Map<HumanoidBoneName, Quat>([
        ['hips', [0, 0, 0, 1]],
        ['spine', torso],
        ['head', [0, 0, 0, 1]],
        ...swingingArm('left', ARM_SWING * wave),
        ...swingingArm('right', -ARM_SWING * wave),
        ...leg('left', liftOf('left', phase), tilt),
        ...leg('right', liftOf('right', phase), tilt),
      ]),
      hipsOffset: [dx, -hipDropFor(tilt, 0), 0],
    };
  },
};
