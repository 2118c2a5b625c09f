import type { Ragdoll } from '../ragdoll';
import type { MmdBody } from './mmd-body';

/** What the scene's rest watch (`SceneRest`, `SplitWakeWatch`) reads of a figure. */
export interface RestFigure {
  readonly ragdoll: Ragdoll;
  /** `isSettling`: every part of the ragdoll is slow (see `settling-iterations.ts`). */
  readonly mmd: { readonly bodies: readonly MmdBody[]; readonly isSettling: boolean } | null;
}
