import type { Ragdoll } from '../ragdoll';
import type { RigidBody } from '../rapier-api';
import type { MmdBody } from './mmd-body';

/**
 * A figure or model prop as the still-scene sleep (`scene-rest.ts`) and the split-wake watch
 * (`split-wake.ts`) read it: its ragdoll and its MMD bodies.
 */
export interface RestFigure {
  readonly ragdoll: Ragdoll;
  /** `isSettling`: every part of the ragdoll is slow (see `settling-iterations.ts`). */
  readonly mmd: { readonly bodies: readonly MmdBody[]; readonly isSettling: boolean } | null;
}

/**
 * Calls `visit` with each body of the figure that sleeps and wakes with it: its ragdoll parts
 * and its MMD dynamic bodies (`follow` bodies are colliders on the parts, no bodies of their
 * own). Pass a function made once, not a new closure, where this runs often.
 */
export function forEachRestBody(figure: RestFigure, visit: (body: RigidBody) => void): void {
  const parts = figure.ragdoll.parts;
  for (let i = 0; i < parts.length; i++) visit(parts[i]!.body);
  const bodies = figure.mmd?.bodies;
  if (!bodies) return;
  for (let i = 0; i < bodies.length; i++)
    if (bodies[i]!.spec.motion !== 'follow') visit(bodies[i]!.body);
}
