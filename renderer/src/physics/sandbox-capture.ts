import type { BodyState } from './body-state';
import { anyAsleep, captureBodyState, isFiniteBodyState, restoreBodyState } from './body-state';
import type { Figure } from './figure-runtime';
import type { Grab } from './grab';
import type { ModelProp, ModelPropSpec } from './model-prop';
import type { MotionFigures } from './motion/motion-figures';
import type { PropKind } from './props';
import type { RestoredSleep } from './restored-sleep';
import { SandboxError } from './sandbox-error';
import type { Prop, SceneContents } from './scene-contents';

/** How the capture adds what it restores: the sandbox's own adding, limits included. */
export interface CaptureAdding {
  addProp(kind: PropKind): Prop;
  addModelProp(spec: ModelPropSpec): ModelProp;
}

/** The sandbox's parts a capture works with. */
export interface CaptureParts {
  readonly contents: SceneContents;
  readonly grab: Grab;
  readonly motions: MotionFigures;
  readonly restoredSleep: RestoredSleep;
}

/**
 * Saving and restoring the scene's bodies (presets, undo): each figure's, prop's and model
 * prop's states, checked before anything changes, and bodies restored asleep kept asleep
 * ({@link RestoredSleep}). The sandbox holds one as `sandbox.capture`.
 */
export class SandboxCapture {
  private readonly contents: SceneContents;
  private readonly grab: Grab;
  private readonly motions: MotionFigures;
  private readonly sleep: RestoredSleep;

  constructor(
    parts: CaptureParts,
    private readonly adding: CaptureAdding,
  ) {
    this.contents = parts.contents;
    this.grab = parts.grab;
    this.motions = parts.motions;
    this.sleep = parts.restoredSleep;
  }

  /**
   * The state of each part of a figure, in its spec's part order, followed by its MMD bodies
   * in their spec order (for presets).
   */
  captureFigure(figure: Figure): BodyState[] {
    const parts = figure.ragdoll.parts.map((part) => captureBodyState(part.body));
    return figure.mmd ? [...parts, ...figure.mmd.capture()] : parts;
  }

  /** How many states {@link restoreFigure} accepts for a figure: parts only, or parts and MMD bodies. */
  savedStateCounts(figure: Figure): readonly number[] {
    const parts = figure.ragdoll.parts.length;
    return figure.mmd ? [parts, parts + figure.mmd.count] : [parts];
  }

  /**
   * Puts a figure into saved states: one per part in spec order, then (optionally) one per MMD
   * body. Given only the parts (a preset from before MMD bodies), the MMD bodies are put at
   * their rest offsets from their parts, at rest. Throws a {@link SandboxError}, changing
   * nothing, when the count fits neither or a number is not finite.
   */
  restoreFigure(figure: Figure, states: readonly BodyState[]): void {
    const parts = figure.ragdoll.parts;
    const counts = this.savedStateCounts(figure);
    if (!counts.includes(states.length)) {
      const expected = figure.mmd
        ? `${parts.length} parts (or ${counts[1]} with its ${figure.mmd.count} MMD bodies)`
        : `${parts.length} parts`;
      throw new SandboxError(
        `The saved figure has ${states.length} parts but "${figure.ragdoll.spec.name}" has ${expected}.`,
      );
    }
    if (!states.every(isFiniteBodyState))
      throw new SandboxError('The saved figure has a position or velocity that is not a number.');
    this.grab.releaseIfHoldingAny(parts.map((part) => part.body));
    parts.forEach((part, i) => restoreBodyState(part.body, states[i]!));
    if (figure.mmd) {
      if (states.length > parts.length) figure.mmd.restore(states.slice(parts.length));
      else figure.mmd.place();
    }
    if (anyAsleep(states)) this.sleep.addAsleep(figure);
    figure.ragdoll.notePlaced();
    this.motions.replaced(figure.ragdoll);
  }

  /** The state of a prop (for presets). */
  captureProp(prop: Prop): BodyState {
    return captureBodyState(prop.body);
  }

  /** Adds a prop of `kind` in a saved state (respecting the 12-prop limit like `addProp`). */
  restoreProp(kind: PropKind, state: BodyState): Prop {
    if (!isFiniteBodyState(state))
      throw new SandboxError('The saved prop has a position or velocity that is not a number.');
    const prop = this.adding.addProp(kind);
    restoreBodyState(prop.body, state);
    if (state.asleep === true) this.sleep.add(prop.body);
    return prop;
  }

  /** A model prop's carrier state and its MMD bodies' states in spec order (for presets). */
  captureModelProp(prop: ModelProp): { carrier: BodyState; bodies: BodyState[] } {
    return prop.capture();
  }

  /**
   * Adds a model prop (see `addModelProp`) in a saved state: the carrier's, and the MMD
   * bodies' when there is one per body (else they hang at rest beneath the carrier). Throws a
   * {@link SandboxError}, adding nothing, when a number is not finite.
   */
  restoreModelProp(
    spec: ModelPropSpec,
    carrier: BodyState,
    bodies?: readonly BodyState[],
  ): ModelProp {
    if (!isFiniteBodyState(carrier) || !(bodies ?? []).every(isFiniteBodyState))
      throw new SandboxError('The saved prop has a position or velocity that is not a number.');
    const prop = this.adding.addModelProp(spec);
    prop.restore(carrier, bodies);
    if (anyAsleep([carrier, ...(bodies ?? [])])) this.sleep.addAsleep(prop);
    return prop;
  }

  /**
   * Bodies were put to sleep behind the sandbox's back after their poses were written (undo,
   * the end of a clip export): Rapier wakes such a body in the next step (see
   * {@link RestoredSleep}), so every body asleep now is put to sleep again after it, and
   * MMD figures are watched for a split wake, as after the still-scene sleep.
   */
  noteBodiesPutToSleep(): void {
    for (const member of this.contents.restMembers) this.sleep.addAsleep(member);
    for (const prop of this.contents.props) if (prop.body.isSleeping()) this.sleep.add(prop.body);
  }
}
