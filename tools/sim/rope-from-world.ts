import type { Link } from '../../renderer/src/physics/links/sandbox-links';
import type { Sandbox } from '../../renderer/src/physics/sandbox';

/** How high above the part's rest position the rope is tied, metres. */
export const ROPE_TIE_HEIGHT = 1;
/** How far the figure is lifted from its rest pose to hang, metres: the rope's length below the tie. */
export const ROPE_HANG_LIFT = 0.5;

/** What `--rope-from-world` adds to the simulator's JSON. */
export interface RopeReport {
  /** The part the rope holds. */
  readonly ropePart: string;
  /** The rope's length, metres. */
  readonly ropeLengthM: number;
  /** Its largest stretch past that length at the end of any step (what is shown), metres. */
  readonly ropeMaxStretchM: number;
  /** Its largest stretch the solver left before the rope was put back to length, metres. */
  readonly ropeSolverStretchM: number;
}

/**
 * Hangs the first figure (standing in its rest pose) from a rope tied {@link ROPE_TIE_HEIGHT}
 * above part `part`'s rest position: the figure is lifted {@link ROPE_HANG_LIFT} so the rope is
 * taut from the start and its feet are off the floor. Throws when the figure has no such part.
 */
export function hangFromRope(sandbox: Sandbox, part: string): Link {
  const figure = sandbox.figures[0]!;
  const held = figure.ragdoll.parts.find((candidate) => candidate.spec.name === part);
  if (!held) {
    const names = figure.ragdoll.parts.map((candidate) => candidate.spec.name).join(', ');
    throw new Error(`the doll has no part "${part}"; its parts are ${names}`);
  }
  const rest = { ...held.body.translation() };
  for (const { body } of figure.ragdoll.parts) {
    const at = body.translation();
    body.setTranslation({ x: at.x, y: at.y + ROPE_HANG_LIFT, z: at.z }, true);
  }
  for (const body of figure.mmd?.rigidBodies() ?? []) {
    const at = body.translation();
    body.setTranslation({ x: at.x, y: at.y + ROPE_HANG_LIFT, z: at.z }, true);
  }
  const tie = { x: rest.x, y: rest.y + ROPE_TIE_HEIGHT, z: rest.z };
  const start = { x: rest.x, y: rest.y + ROPE_HANG_LIFT, z: rest.z };
  return sandbox.links.make(
    'rope',
    { handle: null, point: tie },
    { handle: held.body.handle, point: start },
  );
}

/** The rope's report at the end of a run. */
export function ropeReport(part: string, rope: Link): RopeReport {
  return {
    ropePart: part,
    ropeLengthM: rope.geometry.length,
    ropeMaxStretchM: rope.maxStretch,
    ropeSolverStretchM: rope.maxSolverStretch,
  };
}
