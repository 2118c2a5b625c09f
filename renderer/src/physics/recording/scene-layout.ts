import type { PropKind } from '../props';
import type { RigidBody } from '../rapier-api';
import type { Figure, Prop } from '../sandbox';

/** Where a figure's bodies sit in a recorded frame. */
export interface RecordedFigure {
  readonly id: number;
  /** Slot of its first ragdoll part; the parts follow in spec order. */
  readonly start: number;
  readonly partCount: number;
  /** Its moving MMD bodies (spec order, `follow` ones left out: they ride their parts). */
  readonly mmdCount: number;
}

/** Where a prop's body sits in a recorded frame. */
export interface RecordedProp {
  readonly id: number;
  readonly kind: PropKind;
  readonly slot: number;
}

/**
 * What a run of recorded frames holds, slot by slot: every figure's parts and moving MMD bodies,
 * then every prop. A new layout is made only when a figure or prop comes or goes.
 */
export interface SceneLayout {
  readonly figures: readonly RecordedFigure[];
  readonly props: readonly RecordedProp[];
  readonly bodyCount: number;
  /** The ids of the links (ropes, welds, springs, hinges) in the scene then. */
  readonly links: readonly number[];
}

/** A layout plus the live Rapier bodies in slot order (for recording the current scene). */
export interface LiveLayout {
  readonly layout: SceneLayout;
  readonly bodies: readonly RigidBody[];
}

/** The moving MMD bodies of a figure, in spec order (`follow` colliders have no body). */
export function movingMmdBodies(figure: Figure): RigidBody[] {
  return (figure.mmd?.bodies ?? [])
    .filter((body) => body.spec.motion !== 'follow')
    .map((body) => body.body);
}

/** The layout of the scene now. Allocates: call it when the scene's contents change. */
export function liveLayout(
  figures: readonly Figure[],
  props: readonly Prop[],
  links: readonly { readonly id: number }[] = [],
): LiveLayout {
  const bodies: RigidBody[] = [];
  const recordedFigures = figures.map((figure): RecordedFigure => {
    const start = bodies.length;
    for (const part of figure.ragdoll.parts) bodies.push(part.body);
    const mmd = movingMmdBodies(figure);
    bodies.push(...mmd);
    return { id: figure.id, start, partCount: figure.ragdoll.parts.length, mmdCount: mmd.length };
  });
  const recordedProps = props.map((prop): RecordedProp => {
    bodies.push(prop.body);
    return { id: prop.id, kind: prop.kind, slot: bodies.length - 1 };
  });
  return {
    layout: {
      figures: recordedFigures,
      props: recordedProps,
      bodyCount: bodies.length,
      links: links.map((link) => link.id),
    },
    bodies,
  };
}

/** True when two layouts hold the same figures (ids, in order). */
export function sameFigures(a: SceneLayout, b: SceneLayout): boolean {
  return (
    a.figures.length === b.figures.length && a.figures.every((f, i) => f.id === b.figures[i]!.id)
  );
}

/**
 * True when two layouts hold the same figures and the same links: a link made or removed is a
 * boundary like a figure added (the scene before it cannot be put back with the links now).
 */
export function sameFiguresAndLinks(a: SceneLayout, b: SceneLayout): boolean {
  return (
    sameFigures(a, b) &&
    a.links.length === b.links.length &&
    a.links.every((id, i) => id === b.links[i])
  );
}
