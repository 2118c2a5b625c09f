import { PROP_BLAST_RADIUS, blastBody, randomSpin } from './blast';
import { blastDoll } from './doll-blast';
import type { MotionFigures } from './motion/motion-figures';
import type { SceneContents } from './scene-contents';
import type { RandomSource } from './seeded-random';
import type { ImpactSounds } from './sound/impact-sounds';
import type { Vec3Like } from './vector-math';
import { vec3 } from './vector-math';

/**
 * Steps after a blast in which every figure's joints are checked, however slowly its root
 * flies: each part's own spin opens joints in the first steps, before the joint projection's
 * idle check would look (docs/physics.md#projection-measurements).
 */
const BLAST_CHECK_STEPS = 12;

const scratchPosition = vec3();
const scratchSpin = vec3();

/** What a blast reaches: the scene, and the parts that hear of it. */
export interface BlastParts {
  readonly contents: SceneContents;
  readonly motions: MotionFigures;
  readonly random: RandomSource;
  readonly sounds: ImpactSounds | null;
}

/**
 * BLAST: pushes every doll, and every prop within 4 m, away from `center`; each doll takes the
 * sum of its parts' pushes as one rigid motion and each part a random spin (see `blastDoll`),
 * and its joints are watched closely for the next steps. `power` is the speed change, m/s,
 * the push gives a body at the centre (see `blastImpulse`). Figures draw their random numbers
 * in the user's order, props after them, so a seed blasts the same way every time.
 */
export function blastScene(parts: BlastParts, power: number, center: Vec3Like): void {
  const { contents, random } = parts;
  for (const figure of contents.figures) {
    parts.motions.knockDown(figure.ragdoll);
    const runtime = contents.runtimeOf(figure);
    runtime?.joints?.checkNextSteps(BLAST_CHECK_STEPS);
    runtime?.limits?.agitate();
    const motion = blastDoll(
      figure.ragdoll.parts.map((part) => part.body),
      center,
      power,
      random,
      !figure.mmd,
    );
    // Hair and skirts get the doll's motion, or the joints would tear them off in one step.
    if (motion) figure.mmd?.addRigidMotion(motion.velocity, motion.omega, motion.com);
  }
  for (const prop of contents.props) {
    randomSpin(random, scratchSpin);
    blastBody(prop.body, center, power, scratchSpin, PROP_BLAST_RADIUS);
  }
  for (const prop of contents.modelProps) {
    randomSpin(random, scratchSpin);
    prop.blast(center, power, scratchSpin);
  }
  parts.sounds?.blast(center, power);
}

/** The floor point under the figures' mean root position (the origin without figures). */
export function defaultBlastCenter(contents: SceneContents): Vec3Like {
  const center = vec3();
  const figures = contents.figures;
  for (const figure of figures) {
    figure.ragdoll.root.body.translation(scratchPosition);
    center.x += scratchPosition.x / figures.length;
    center.z += scratchPosition.z / figures.length;
  }
  return center;
}
