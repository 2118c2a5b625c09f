import type { Quat } from '../../physics/vector-math';
import type { HumanoidBoneName } from '../../rig/humanoid-bones';
import { chainQuats } from '../quat-tuple';
import type { AuthoredMotion, WorldPose } from './author-motion';
import { bentForearm, pulse, rotX, rotY, rotZ } from './body-rotations';
import { plantedLegs, relaxedArms } from './stand-motion';

const DURATION = 4;
/** One wave (forearm out and back) per this many seconds. */
const WAVE_PERIOD = 0.8;
/** Elbow bend at the middle of the wave and how far it swings each way (radians). */
const WAVE_BEND = 1.3;
const WAVE_SWING = 0.35;

/**
 * The raised right upper arm: first turned 90° about its own length (so the elbow's forward
 * bend lifts the forearm up instead of forward), then raised 20° above the horizontal and
 * brought 20° forward. The shoulder is a free ball joint on every figure, so this is reachable.
 */
const RAISED_RIGHT_ARM: Quat = chainQuats(rotY(0.35), rotZ(-0.35), rotX(-Math.PI / 2));

/**
 * *Wave*: standing (as {@link STAND_MOTION}, with a smaller, faster weight shift) with the
 * right upper arm raised to the side and the forearm up, waving at the elbow within its range
 * (bend 0.95 to 1.65 rad of the elbow's 0 to 2.4).
 */
export const WAVE_MOTION: AuthoredMotion = {
  name: 'wave',
  duration: DURATION,
  poseAt(time: number): WorldPose {
    const chest = rotX(-0.02 * pulse(time, DURATION));
    const bend = WAVE_BEND + WAVE_SWING * Math.sin((2 * Math.PI * time) / WAVE_PERIOD);
    const upper = RAISED_RIGHT_ARM;
    const lower = bentForearm('right', upper, bend);
    const legs = plantedLegs(0.01 * Math.sin((2 * Math.PI * time) / DURATION));
    return {
      rotations: new Map<HumanoidBoneName, Quat>([
        ['hips', [0, 0, 0, 1]],
        ['spine', [0, 0, 0, 1]],
        ['chest', chest],
        // A slight turn of the head toward the waving hand.
        ['head', rotY(-0.15)],
        ...relaxedArms(chest, ['left']),
        ['rightUpperArm', upper],
        ['rightLowerArm', lower],
        ['rightHand', lower],
        ...legs.rotations,
      ]),
      hipsOffset: legs.hipsOffset,
    };
  },
};
