import { Quaternion, Vector3 } from 'three';

/** Arm poses to sweep (world rotations of the upper arm and forearm parts): hang, raise, wave. */
export function armPoses(side: 1 | -1): { upper: Quaternion; lower: Quaternion }[] {
  const forward = new Vector3(0, 0, 1);
  const across = new Vector3(1, 0, 0);
  const poses: { upper: Quaternion; lower: Quaternion }[] = [];
  for (const raise of [-0.6, 0, 0.6, 1.2]) {
    for (const bend of [0, 0.8, 1.6]) {
      const upper = new Quaternion().setFromAxisAngle(forward, side * raise);
      upper.multiply(new Quaternion().setFromAxisAngle(across, -0.3 * raise));
      const lower = upper.clone().multiply(new Quaternion().setFromAxisAngle(forward, side * bend));
      poses.push({ upper, lower });
    }
  }
  return poses;
}
