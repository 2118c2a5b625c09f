import type {
  PresetContent,
  PresetFileModelRef,
  PresetModelRef,
  PresetProp,
  PresetMotionSettings,
  PresetPin,
  PresetLink,
} from '../../../shared/preset-schema';
import { PRESET_MAX_PARTS_PER_FIGURE } from '../../../shared/preset-limits';
import type { BodyState } from './body-state';
import { BOX_DOLL } from './box-doll';
import type { DollSpec } from './doll-spec';
import { validateDollSpec } from './doll-spec';
import type { Figure, Sandbox } from './sandbox';
import { MAX_FIGURES, SandboxError } from './sandbox';
import { MAX_PROPS } from './props';
import { isFiniteBodyState } from './body-state';
import type { MmdPhysicsSpec } from './mmd/mmd-physics-spec';
import { validateMmdPhysicsSpec } from './mmd/validate-mmd-physics-spec';
import type { ModelProp, ModelPropSpec } from './model-prop';
import type { RigidBody } from './rapier-api';
import type { LinkRecord, PlaceLists } from './links/link-places';
import { linkRecords, restoreLinkRecords } from './links/link-places';

/** The sandbox as presets capture and restore it (the `Sandbox` class fits). */
export type PresetSandbox = Pick<
  Sandbox,
  | 'stiffness'
  | 'timeScale'
  | 'gravityScale'
  | 'figures'
  | 'props'
  | 'modelProps'
  | 'pins'
  | 'capture'
  | 'clearFigures'
  | 'clearProps'
  | 'setStiffness'
  | 'setTimeScale'
  | 'setGravityScale'
  | 'addFigure'
  | 'links'
>;

/** What the sandbox does not know but a preset holds: the view and the figures' models. */
export interface SceneExtras {
  readonly name: string;
  readonly camera: PresetContent['camera'];
  readonly showBodies: boolean;
  /** A PNG data URL of the view, when there is one. */
  readonly thumbnail?: string;
  /** Where the doll of the figure with this id came from (a model file, or the box dummy). */
  modelOf(figureId: number): PresetModelRef;
  /** What the figures play (a built-in motion, a motion file, or none) and how. */
  readonly motion: PresetMotionSettings;
  /** Seconds into the motion for the figure with this id (0 when it plays none). */
  motionTimeOf(figureId: number): number;
  /**
   * The file a model prop was opened from; undefined (or no function) leaves it out of the
   * preset, as a file the page read itself has no path to come back to.
   */
  modelPropOf?(prop: ModelProp): PresetFileModelRef | undefined;
}

/**
 * The whole scene as preset content: settings, every figure (its model and each part's
 * position, rotation and velocities, in spec order, then its MMD bodies' when they fit) and
 * every prop. Allocates: for saving.
 */
export function captureScene(sandbox: PresetSandbox, extras: SceneExtras): PresetContent {
  const saved = savedProps(sandbox, extras);
  return {
    name: extras.name,
    settings: {
      stiffness: sandbox.stiffness,
      timeScale: sandbox.timeScale,
      showBodies: extras.showBodies,
      gravity: sandbox.gravityScale,
    },
    camera: extras.camera,
    stage: { id: 'default' },
    motion: extras.motion,
    figures: sandbox.figures.map((figure) => ({
      model: extras.modelOf(figure.id),
      parts: savedStates(sandbox, figure),
      motionTime: extras.motionTimeOf(figure.id),
    })),
    props: saved.map((prop) => prop.entry),
    pins: capturePins(sandbox, saved),
    links: linkRecords(sandbox.links.list, presetLists(sandbox, saved)).map(presetLink),
    ...(extras.thumbnail === undefined ? {} : { thumbnail: extras.thumbnail }),
  };
}

/** A prop as saved, and the body a pin on it holds. */
interface SavedProp {
  readonly entry: PresetProp;
  readonly body: RigidBody;
  /** Its bodies a link may hold, in order: a ball's or box's one, a model prop's carrier parts. */
  readonly bodies: readonly RigidBody[];
}

/**
 * Every prop as a preset saves it: balls and boxes, then the model props that came from a file
 * (their carrier, then their own bodies, or none when that would be more than a preset holds:
 * they hang at rest beneath the carrier when loaded). Pins name props by this order.
 */
function savedProps(sandbox: PresetSandbox, extras: SceneExtras): SavedProp[] {
  const saved: SavedProp[] = sandbox.props.map((prop) => ({
    entry: { kind: prop.kind, ...sandbox.capture.captureProp(prop) },
    body: prop.body,
    bodies: [prop.body],
  }));
  for (const prop of sandbox.modelProps) {
    const model = extras.modelPropOf?.(prop);
    if (!model) continue;
    const { carrier, bodies } = sandbox.capture.captureModelProp(prop);
    saved.push({
      entry: {
        kind: 'model',
        model,
        ...carrier,
        bodies: bodies.length <= PRESET_MAX_PARTS_PER_FIGURE ? bodies : [],
      },
      body: prop.body,
      bodies: prop.ragdoll.parts.map((part) => part.body),
    });
  }
  return saved;
}

/**
 * A figure's states for a preset: its parts and then its MMD bodies, or its parts alone when
 * that would be more than a preset may hold per figure ({@link PRESET_MAX_PARTS_PER_FIGURE});
 * loading then puts the MMD bodies back on their parts at rest (see `SandboxCapture.restoreFigure`).
 */
function savedStates(sandbox: PresetSandbox, figure: Figure): BodyState[] {
  const states = sandbox.capture.captureFigure(figure);
  return states.length <= PRESET_MAX_PARTS_PER_FIGURE
    ? states
    : states.slice(0, figure.ragdoll.parts.length);
}

/**
 * The doll for a preset's figure: the spec its model gives (and, for an MMD model, its own
 * rigid bodies and joints), or, when the model cannot be used (missing, changed,
 * unreadable), the box dummy and a note saying why.
 */
export type FigureSpecResolver = (
  model: PresetModelRef,
  index: number,
) => { readonly spec: DollSpec; readonly mmd?: MmdPhysicsSpec } | { readonly replacement: string };

/**
 * The physics of a preset's model prop, or, when its file cannot be used (missing, changed,
 * unreadable), a note saying why it is left out.
 */
export type PropSpecResolver = (
  model: PresetFileModelRef,
  index: number,
) => { readonly spec: ModelPropSpec } | { readonly replacement: string };

/** What loading a preset changed that the person should hear about. */
export interface RestoreReport {
  /** One line per figure that could not come back as saved, e.g. replaced by a box dummy. */
  readonly notes: readonly string[];
}

/**
 * Replaces the scene with a preset's: settings, figures in their saved poses and motion,
 * props. Everything is checked first; a preset that cannot be restored throws a
 * {@link SandboxError} (or a `DollSpecError` for a model's spec) and the scene is left as it was.
 *
 * A figure whose model is replaced by the box dummy (see {@link FigureSpecResolver}), or
 * whose saved part count does not match its doll, is dropped from its place instead of
 * posed, with a note.
 */
export function restoreScene(
  sandbox: PresetSandbox,
  preset: PresetContent,
  specFor: FigureSpecResolver,
  propSpecFor: PropSpecResolver = () => ({ replacement: 'A model prop cannot be restored here.' }),
): RestoreReport {
  if (preset.figures.length > MAX_FIGURES)
    throw new SandboxError(
      `The preset has ${preset.figures.length} figures; at most ${MAX_FIGURES} fit.`,
    );
  if (preset.props.length > MAX_PROPS)
    throw new SandboxError(
      `The preset has ${preset.props.length} props; at most ${MAX_PROPS} fit.`,
    );
  const everyState = [
    ...preset.figures.flatMap((figure) => figure.parts),
    ...preset.props,
    ...preset.props.flatMap((prop) => (prop.kind === 'model' ? prop.bodies : [])),
  ];
  if (!everyState.every(isFiniteBodyState))
    throw new SandboxError('The preset has a position or velocity that is not a number.');
  const notes: string[] = [];
  const dolls = preset.figures.map((figure, index) => {
    const resolved = specFor(figure.model, index);
    if ('spec' in resolved) return { spec: resolved.spec, mmd: resolved.mmd, states: figure.parts };
    notes.push(resolved.replacement);
    return { spec: BOX_DOLL, mmd: undefined, states: null };
  });
  const models = preset.props.map((prop, index) => {
    if (prop.kind !== 'model') return null;
    const resolved = propSpecFor(prop.model, index);
    if ('spec' in resolved) return resolved.spec;
    notes.push(resolved.replacement);
    return null;
  });
  // A spec that cannot be built must fail here, before the scene is cleared.
  for (const { spec, mmd } of dolls) {
    validateDollSpec(spec);
    if (mmd) validateMmdPhysicsSpec(mmd, new Set(spec.parts.map((part) => part.name)));
  }
  for (const model of models) {
    if (!model) continue;
    validateDollSpec(model.carrier);
    validateMmdPhysicsSpec(model.mmd, new Set(model.carrier.parts.map((part) => part.name)));
  }

  sandbox.clearProps();
  sandbox.clearFigures();
  sandbox.setStiffness(preset.settings.stiffness);
  sandbox.setTimeScale(preset.settings.timeScale);
  sandbox.setGravityScale(preset.settings.gravity);
  dolls.forEach(({ spec, mmd, states }, index) => {
    const figure = sandbox.addFigure(spec, mmd ? { mmd } : {});
    if (states === null) return;
    // Parts only (older presets, MMD bodies then re-placed on their parts) or parts and MMD bodies.
    if (sandbox.capture.savedStateCounts(figure).includes(states.length)) {
      sandbox.capture.restoreFigure(figure, states);
      return;
    }
    notes.push(
      `Figure ${index + 1} was saved with ${states.length} parts but its doll has ${figure.ragdoll.parts.length}; it was dropped in again instead.`,
    );
  });
  const restored = preset.props.map((prop, index) => {
    if (prop.kind !== 'model') {
      const body = sandbox.capture.restoreProp(prop.kind, prop).body;
      return { body, bodies: [body] };
    }
    const model = models[index];
    if (!model) return { body: undefined, bodies: [] };
    const bodies = prop.bodies.length > 0 ? prop.bodies : undefined;
    const made = sandbox.capture.restoreModelProp(model, prop, bodies);
    return { body: made.body, bodies: made.ragdoll.parts.map((part) => part.body) };
  });
  restorePins(
    sandbox,
    preset.pins,
    restored.map((prop) => prop.body),
  );
  const lists: PlaceLists = {
    figures: sandbox.figures.map((figure) => figure.ragdoll.parts.map((part) => part.body)),
    props: restored.map((prop) => prop.bodies),
  };
  const skipped = restoreLinkRecords(sandbox.links, preset.links.map(linkRecord), lists);
  if (skipped === 1) notes.push('1 link was left out: one of its ends is not in the scene.');
  else if (skipped > 1)
    notes.push(`${skipped} links were left out: one of their ends is not in the scene.`);
  return { notes };
}

/** Where a preset counts link ends: figures' parts, then the saved props' bodies. */
function presetLists(sandbox: PresetSandbox, props: readonly SavedProp[]): PlaceLists {
  return {
    figures: sandbox.figures.map((figure) => figure.ragdoll.parts.map((part) => part.body)),
    props: props.map((prop) => prop.bodies),
  };
}

function presetLink(record: LinkRecord): PresetLink {
  return { ...record.geometry, a: record.a, b: record.b };
}

function linkRecord(link: PresetLink): LinkRecord {
  const { a, b, ...geometry } = link;
  return { a, b, geometry };
}

/** Each pinned body as a preset names it: a figure's part, or a prop, by its saved position. */
function capturePins(sandbox: PresetSandbox, props: readonly SavedProp[]): PresetPin[] {
  const pinned = new Set(sandbox.pins.handles);
  const pins: PresetPin[] = [];
  sandbox.figures.forEach((figure, f) =>
    figure.ragdoll.parts.forEach((part, p) => {
      if (pinned.has(part.body.handle)) pins.push({ kind: 'part', figure: f, part: p });
    }),
  );
  props.forEach((prop, p) => {
    if (pinned.has(prop.body.handle)) pins.push({ kind: 'prop', prop: p });
  });
  return pins;
}

/** Pins the restored bodies a preset names; a pin naming nothing restored is skipped. */
function restorePins(
  sandbox: PresetSandbox,
  pins: readonly PresetPin[],
  props: readonly (RigidBody | undefined)[],
): void {
  for (const pin of pins) {
    const body =
      pin.kind === 'part'
        ? sandbox.figures[pin.figure]?.ragdoll.parts[pin.part]?.body
        : props[pin.prop];
    if (body) sandbox.pins.add(body.handle);
  }
}
