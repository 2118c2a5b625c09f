import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import type { DollMotion, DollPose } from '../../renderer/src/physics/motion/doll-motion';

/**
 * Small hand-made motions for physics tests, written against the DollMotion contract: a
 * motion is only "which rotation each part has at time t" and "where the root is".
 */

function setAxisAngle(
  out: Float64Array,
  index: number,
  x: number,
  y: number,
  z: number,
  angle: number,
): void {
  const s = Math.sin(angle / 2);
  out[4 * index] = x * s;
  out[4 * index + 1] = y * s;
  out[4 * index + 2] = z * s;
  out[4 * index + 3] = Math.cos(angle / 2);
}

function setIdentity(pose: DollPose): void {
  pose.rotations.fill(0);
  for (let i = 3; i < pose.rotations.length; i += 4) pose.rotations[i] = 1;
  pose.rootOffset.fill(0);
}

/** Standing still in the doll's rest pose (the box dummy's arms hang down). */
export function restMotion(spec: DollSpec, duration = 4): DollMotion {
  return { name: 'rest', duration, spec, sample: (_time, out) => setIdentity(out) };
}

/**
 * Both upper arms swinging forward and back about X (amplitude radians, period seconds), the
 * forearms with them and bent forward at the elbow by `elbow` radians.
 */
export function armSwingMotion(
  spec: DollSpec,
  amplitude = 0.6,
  period = 2,
  elbow = 0.5,
): DollMotion {
  const index = (name: string): number => spec.parts.findIndex((part) => part.name === name);
  const upper = [index('armL_up'), index('armR_up')];
  const lower = [index('armL_lo'), index('armR_lo')];
  return {
    name: 'arm swing',
    duration: period,
    spec,
    sample: (time, out) => {
      setIdentity(out);
      const swing = -amplitude * Math.sin((2 * Math.PI * time) / period);
      for (const i of upper) setAxisAngle(out.rotations, i, 1, 0, 0, swing);
      // A forearm's rotation is in doll space: the swing plus its own bend about the same axis.
      for (const i of lower) setAxisAngle(out.rotations, i, 1, 0, 0, swing - elbow);
    },
  };
}

/** A fixed pose: each named part turned by an axis-angle (doll space), the rest at rest. */
export function fixedPoseMotion(
  spec: DollSpec,
  turns: Readonly<Record<string, readonly [number, number, number, number]>>,
): DollMotion {
  const entries = Object.entries(turns).map(([name, turn]) => {
    const i = spec.parts.findIndex((part) => part.name === name);
    if (i < 0) throw new Error(`fixedPoseMotion: no part "${name}" in ${spec.name}`);
    return [i, turn] as const;
  });
  return {
    name: 'fixed pose',
    duration: 1,
    spec,
    sample: (_time, out) => {
      setIdentity(out);
      for (const [i, [x, y, z, angle]] of entries) setAxisAngle(out.rotations, i, x, y, z, angle);
    },
  };
}
