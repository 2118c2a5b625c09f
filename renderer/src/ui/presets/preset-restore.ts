import { z } from 'zod';
import type {
  HostApi,
  HostProblem,
  LoadedPreset,
  ModelFile,
  MotionNote,
} from '../../../../shared/host-contract';
import type {
  PresetContent,
  PresetModelRef,
  PresetMotionSettings,
} from '../../../../shared/preset-schema';
import { presetContentSchema } from '../../../../shared/preset-schema';
import { BOX_DOLL } from '../../physics/box-doll';
import type { DollSpec } from '../../physics/doll-spec';
import type { FigureTable } from '../../physics/sandbox';
import type { MmdPhysicsSpec } from '../../physics/mmd/mmd-physics-spec';
import { restoreScene, type PresetSandbox } from '../../physics/scene-preset';
import type { CameraPose } from '../../view/ragdoll-view';
import type { FileStrings } from '../files/file-strings';
import type { FigureModels, PreparedFigure } from '../../models/figure-models';
import type { PreparedProp, PropModels } from '../../models/prop-models';
import type { ModelPropSpec } from '../../physics/model-prop';
import type { PreparedMotion } from '../motion/motion-actions';

/** The scene's motion as presets save and restore it (`MotionActions` fits). */
export interface PresetMotions {
  /** What the figures play and how (MUSCLE, GET UP, Play/Pause). */
  presetSettings(): PresetMotionSettings;
  /** Seconds into the motion for `figure`. */
  timeOf(figureId: number): number;
  /** Reads and parses the preset's motion before anything changes. */
  prepareRestore(
    settings: PresetMotionSettings,
    note: MotionNote | undefined,
  ): Promise<PreparedMotion>;
  /** Plays it on the restored figures from their saved times; returns notes to show. */
  finishRestore(
    prepared: PreparedMotion,
    settings: PresetMotionSettings,
    times: readonly number[],
  ): readonly string[];
}

/** The view as presets use it (`RagdollView` fits). */
export interface PresetView {
  readonly cameraPose: CameraPose;
  setCameraPose(pose: CameraPose): void;
  showBodies: boolean;
  /** A small PNG data URL of the view, or undefined when it cannot be read. */
  thumbnail(): string | undefined;
  /** Figures were put somewhere new: avatars restart their spring bones. */
  figuresReplaced(): void;
}

/** A preset whose content this app cannot use (checked before anything changes). */
export class PresetContentError extends Error {
  override readonly name = 'PresetContentError';
}

/** What restoring needs. */
export interface RestoreDeps {
  /** The sandbox as presets restore it, and its figure table (the avatars' figures by id). */
  readonly sandbox: PresetSandbox & { readonly figureTable: FigureTable };
  readonly view: PresetView;
  readonly models: FigureModels;
  readonly host: HostApi;
  readonly text: FileStrings;
  /** A host problem as a reason in the interface's language (`UiStrings.problem`). */
  readonly problem: (problem: HostProblem) => string;
  /** The scene's motion. */
  readonly motions: PresetMotions;
  /** Called once everything is read, just before the scene is replaced (undo captures it). */
  readonly beforeChange?: () => void;
  /** Models opened as props; without them a preset's model props are left out with a note. */
  readonly props?: PropModels;
}

/** A model prop loaded ahead of the restore, or why it is left out (null: not a model prop). */
type PropPlan =
  | null
  | { readonly kind: 'ready'; readonly prepared: PreparedProp }
  | { readonly kind: 'replaced'; readonly note: string };

/** A figure's avatar loaded ahead of the restore, or why it becomes a box dummy. */
type FigurePlan =
  | { readonly kind: 'box' }
  | { readonly kind: 'avatar'; readonly prepared: PreparedFigure; readonly file: ModelFile }
  | { readonly kind: 'replaced'; readonly note: string };

/**
 * The preset's scene content, checked with the shared schema: the host checked the file,
 * but the bridge is a boundary and the renderer restores only what it has checked itself.
 *
 * @throws PresetContentError listing what is wrong
 */
export function checkedContent(loaded: LoadedPreset): PresetContent {
  const result = presetContentSchema.safeParse(loaded.preset);
  if (result.success) return result.data;
  throw new PresetContentError(z.prettifyError(result.error).replace(/\n/g, ' '));
}

/**
 * Replaces the scene with a loaded preset: every figure's model and the scene's motion are
 * read through the host and parsed first (a missing, changed or unusable model becomes a box
 * dummy with a note; such a motion becomes none with a note), then the sandbox is restored
 * with `restoreScene`, the avatars are put over their figures, the motion is played on them
 * from each figure's saved time, and the camera and BODIES come back. Throws, with the scene unchanged, when the preset
 * cannot be restored at all.
 *
 * @returns one sentence per figure that could not come back as saved
 */
export async function restorePreset(
  loaded: LoadedPreset,
  deps: RestoreDeps,
): Promise<readonly string[]> {
  const content = checkedContent(loaded);
  const plans = await planFigures(content, loaded, deps);
  let propPlans: PropPlan[];
  try {
    propPlans = await planProps(content, loaded, deps);
  } catch (error) {
    discardAll(plans);
    throw error;
  }
  let motion: PreparedMotion;
  try {
    motion = await deps.motions.prepareRestore(content.motion, loaded.motionNote);
  } catch (error) {
    discardAll(plans);
    discardProps(propPlans);
    throw error;
  }
  let notes: readonly string[];
  try {
    deps.beforeChange?.();
    notes = restoreScene(
      deps.sandbox,
      content,
      (_model, index) => specFor(plans[index]!),
      (_model, index) => propSpecFor(propPlans[index]),
    ).notes;
  } catch (error) {
    discardAll(plans);
    discardProps(propPlans);
    throw error;
  }
  showProps(content, propPlans, deps);
  deps.models.adoptRestored(
    plans.flatMap((plan, index) =>
      plan.kind === 'avatar'
        ? [
            {
              figureId: deps.sandbox.figureTable.figures[index]!.id,
              prepared: plan.prepared,
              bytes: plan.file.bytes,
              ref: content.figures[index]!.model,
            },
          ]
        : [],
    ),
  );
  const times = content.figures.map((figure) => figure.motionTime);
  const motionNotes = deps.motions.finishRestore(motion, content.motion, times);
  deps.view.setCameraPose(content.camera);
  deps.view.showBodies = content.settings.showBodies;
  deps.view.figuresReplaced();
  return [...notes, ...motionNotes];
}

function specFor(
  plan: FigurePlan,
): { readonly spec: DollSpec; readonly mmd?: MmdPhysicsSpec } | { readonly replacement: string } {
  if (plan.kind === 'avatar') {
    const { spec, mmd } = plan.prepared;
    return mmd ? { spec, mmd } : { spec };
  }
  if (plan.kind === 'replaced') return { replacement: plan.note };
  return { spec: BOX_DOLL };
}

function propSpecFor(
  plan: PropPlan | undefined,
): { readonly spec: ModelPropSpec } | { readonly replacement: string } {
  if (plan?.kind === 'ready') return { spec: plan.prepared.spec };
  return { replacement: plan?.kind === 'replaced' ? plan.note : 'A model prop was left out.' };
}

/** Draws each restored model prop (restored in preset order, the left-out ones skipped). */
function showProps(content: PresetContent, plans: readonly PropPlan[], deps: RestoreDeps): void {
  const restored = deps.sandbox.modelProps;
  let next = 0;
  plans.forEach((plan, index) => {
    if (plan?.kind !== 'ready') return;
    const prop = restored[next++];
    const saved = content.props[index];
    if (!prop || !deps.props || saved?.kind !== 'model') {
      plan.prepared.discard();
      return;
    }
    deps.props.show(prop, plan.prepared, saved.model);
  });
}

/** Frees the props loaded for a restore that will not happen. */
function discardProps(plans: readonly PropPlan[]): void {
  for (const plan of plans) if (plan?.kind === 'ready') plan.prepared.discard();
}

/**
 * Reads, parses and draws each model prop, one after another; a prop whose file the host
 * noted (moved, changed), cannot read or cannot parse is left out with a note.
 */
async function planProps(
  content: PresetContent,
  loaded: LoadedPreset,
  deps: RestoreDeps,
): Promise<PropPlan[]> {
  const plans: PropPlan[] = [];
  try {
    for (const [index, prop] of content.props.entries()) {
      if (prop.kind !== 'model') {
        plans.push(null);
        continue;
      }
      const hostNote = loaded.propNotes?.find((note) => note.propIndex === index);
      if (hostNote) {
        plans.push({ kind: 'replaced', note: hostNote.message });
        continue;
      }
      const left = (detail: string): PropPlan => ({
        kind: 'replaced',
        note: `Prop ${index + 1} (${prop.model.title || prop.model.path}) was left out: ${detail}`,
      });
      if (!deps.props) {
        plans.push(left('this window cannot open model props.'));
        continue;
      }
      const outcome = await deps.host.readModel(prop.model.path);
      if (!outcome.ok) plans.push(left(deps.problem(outcome.problem)));
      else if (outcome.value.sha256 !== prop.model.sha256)
        plans.push(left(deps.text.modelChanged(prop.model.path)));
      else {
        try {
          const file = outcome.value;
          const prepared = await deps.props.prepareFile(file.bytes, file.fileName, prop.model);
          plans.push({ kind: 'ready', prepared });
        } catch (error) {
          plans.push(left(error instanceof Error ? error.message : String(error)));
        }
      }
    }
  } catch (error) {
    discardProps(plans);
    throw error;
  }
  return plans;
}

/** Reads and parses each figure's model, one after another (parsing holds the main thread). */
async function planFigures(
  content: PresetContent,
  loaded: LoadedPreset,
  deps: RestoreDeps,
): Promise<FigurePlan[]> {
  const plans: FigurePlan[] = [];
  try {
    for (const [index, figure] of content.figures.entries()) {
      const hostNote = loaded.notes.find((note) => note.figureIndex === index);
      plans.push(
        hostNote
          ? { kind: 'replaced', note: hostNote.message }
          : await planFigure(figure.model, index, deps),
      );
    }
  } catch (error) {
    discardAll(plans);
    throw error;
  }
  return plans;
}

/** Frees the models loaded for a restore that will not happen. */
function discardAll(plans: readonly FigurePlan[]): void {
  for (const plan of plans) if (plan.kind === 'avatar') plan.prepared.discard();
}

async function planFigure(
  ref: PresetModelRef,
  index: number,
  deps: RestoreDeps,
): Promise<FigurePlan> {
  if (ref.kind === 'box') return { kind: 'box' };
  const replaced = (detail: string): FigurePlan => ({
    kind: 'replaced',
    note: deps.text.figureBecameBox(index + 1, ref.title, detail),
  });
  const outcome = await deps.host.readModel(ref.path);
  if (!outcome.ok) return replaced(deps.problem(outcome.problem));
  const file = outcome.value;
  if (file.sha256 !== ref.sha256) return replaced(deps.text.modelChanged(ref.path));
  try {
    const prepared = await deps.models.prepare(file.bytes, file.fileName, ref, file.format);
    return { kind: 'avatar', prepared, file };
  } catch (error) {
    return replaced(error instanceof Error ? error.message : String(error));
  }
}
