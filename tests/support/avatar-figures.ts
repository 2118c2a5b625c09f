/** What the view's avatars are told of the figure they draw, as the app tells them. */
import type { Figure, Sandbox } from '../../renderer/src/physics/sandbox';
import type { MmdAvatarFigure } from '../../renderer/src/view/mmd/mmd-avatar';
import type { AvatarFigure } from '../../renderer/src/view/vrm/vrm-avatar';

/** Each part's body handle by part name: how an avatar finds the bodies it follows. */
function partHandlesOf(figure: Figure): Map<string, number> {
  return new Map(figure.ragdoll.parts.map((part) => [part.spec.name, part.body.handle] as const));
}

/**
 * `figure` as a VRM avatar sees it: its id, parts and placement count, and what `more` adds
 * (the face's cues, the motion whose face tracks it shows).
 */
export function avatarFigure(
  figure: Figure,
  more: Pick<AvatarFigure, 'face' | 'motion'> = {},
): AvatarFigure {
  return {
    id: figure.id,
    partHandles: partHandlesOf(figure),
    placements: () => figure.ragdoll.placements,
    ...more,
  };
}

/**
 * `figure` as an MMD avatar sees it: its id, parts and own MMD bodies, and what `more` adds
 * (the face's cues, the motion whose other bones it turns).
 */
export function mmdAvatarFigure(
  figure: Figure,
  more: Pick<MmdAvatarFigure, 'face' | 'motion'> = {},
): MmdAvatarFigure {
  return { id: figure.id, partHandles: partHandlesOf(figure), bodies: figure.mmd, ...more };
}

/** The motion `figure` plays in `sandbox` and its time, as an avatar follows them. */
export function playedMotion(sandbox: Sandbox, figure: Figure) {
  return {
    current: () => sandbox.motion.of(figure),
    time: () => sandbox.motion.time(figure),
  };
}
