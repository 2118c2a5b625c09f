/**
 * The headless simulator's command line (`npm run sim -- [options]`, scripts/sim.ts): builds
 * the app's scene in Node with the same physics code, runs it and prints measurements (see
 * CONTRIBUTING.md). Here rather than in the script so the tests run it in their own process, with the
 * output collected, and start a child process only to check the exit status.
 */
import RAPIER from '@dimforge/rapier3d-simd-compat';
import type { ModelDoll } from '../loaders/load-model-doll';
import { loadModelDoll, modelReport } from '../loaders/load-model-doll';
import { VrmLoadError } from '../loaders/load-vrm-bones';
import type { MmdDoll } from '../loaders/load-mmd-doll';
import type { MmdModelReport } from '../loaders/load-mmd-doll';
import {
  MmdLoadError,
  mmdDollFromModel,
  mmdModelReport,
  readMmdModel,
} from '../loaders/load-mmd-doll';
import type { MmdProp } from './load-mmd-prop';
import { addMmdProp, mmdPropFromModel, mmdPropReport } from './load-mmd-prop';
import { mmdModelKind } from '../../renderer/src/rig/mmd/mmd-prop-rig';
import { runSimulation } from './run-simulation';
import type { SimRopeResult } from './run-simulation';
import type { SimMotionResult, SimResult } from './run-simulation';
import { loadMotionSource } from '../loaders/load-motion';
import type { MotionClip } from '../../renderer/src/motion/motion-clip';
import { MotionFileError } from '../../renderer/src/motion/motion-file-error';
import { retargetMotion } from '../../renderer/src/motion/retarget-motion';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import type { SimOptions } from './sim-options';
import { SIM_USAGE, SimUsageError, isMmdPath, parseSimOptions } from './sim-options';
import type { ExportedReport } from './export-recorded-motion';
import { exportRecordedMotion, recordWholeRun } from './export-recorded-motion';
import type { ExportedFigure } from '../../renderer/src/motion/export/export-figure-motion';
import type { SceneRecorder } from '../../renderer/src/physics/recording/scene-recorder';
import type { Sandbox } from '../../renderer/src/physics/sandbox';
import type { VmcOutFigure } from '../../renderer/src/motion/vmc-out-pose';
import { VmcSimError, runVmcIn, runVmcOut } from './run-vmc';
import { loadStageFile } from '../loaders/load-stage';
import type { StageFile } from '../../renderer/src/rig/stage/stage-file';
import { StageFileError } from '../../renderer/src/rig/stage/stage-file';
import type { StageBounds } from '../../renderer/src/physics/stage/stage-shape';

/**
 * A --model file, loaded: a VRM, an MMD model with its own bodies and joints, or an MMD model
 * without a humanoid skeleton, which stands as a prop beside the box dummies.
 */
/** Where the simulator's lines go: `console` for the command, a collector in the tests. */
export interface SimOutput {
  /** A line of results (stdout). */
  log(line: string): void;
  /** A note or an error (stderr). */
  error(line: string): void;
}

type LoadedModel =
  | { readonly kind: 'vrm'; readonly doll: ModelDoll }
  | { readonly kind: 'mmd'; readonly doll: MmdDoll }
  | { readonly kind: 'mmd-prop'; readonly prop: MmdProp };

function printTable(
  out: SimOutput,
  result: SimResult,
  model: LoadedModel | undefined,
  options: SimOptions,
): void {
  const rows: [string, string][] = [
    ...modelTableRows(model, options.report),
    ['dolls', String(result.dolls)],
    ['props', String(result.props)],
    ['bodies', String(result.bodies)],
    ['simulated', `${result.seconds} s in ${result.steps} steps`],
    ['stiffness', `${result.stiffness} (${result.stiffnessMethod})`],
    ['blast', result.blast === null ? 'none' : `power ${result.blast}`],
    ['ms per step', result.msPerStep.toFixed(3)],
    ['largest joint gap', `${(result.maxJointGapM * 1000).toFixed(2)} mm`],
    ['NaN bodies', String(result.nanCount)],
    ['mean pose deviation', `${result.meanPoseDeviationRad.toFixed(3)} rad`],
    ['top speed', `${result.maxSpeed.toFixed(2)} m/s`],
    ['speed at the end', `${result.finalMaxSpeed.toFixed(3)} m/s`],
    ...motionRows(result),
    ...ropeRows(result),
  ];
  for (const [name, value] of rows) out.log(`${name.padEnd(22)}${value}`);
}

function ropeRows(result: SimResult | SimRopeResult): [string, string][] {
  if (!('ropePart' in result)) return [];
  return [
    ['rope', `from the world to ${result.ropePart}, ${result.ropeLengthM.toFixed(3)} m`],
    ['rope largest stretch', `${(result.ropeMaxStretchM * 1000).toFixed(2)} mm`],
    ['rope solver stretch', `${(result.ropeSolverStretchM * 1000).toFixed(2)} mm`],
  ];
}

function motionRows(result: SimResult | SimMotionResult): [string, string][] {
  if (!('motion' in result)) return [];
  const radians = (value: number | null): string =>
    value === null ? 'never followed' : `${value.toFixed(3)} rad`;
  return [
    ['motion', result.motion],
    ['hit ball', result.hitBall === null ? 'none' : `${result.hitBall} m/s`],
    ['tracking error', radians(result.trackingErrorRad)],
    [
      'lowest pelvis height',
      result.pelvisHeightRatio === null
        ? 'never followed'
        : `${(result.pelvisHeightRatio * 100).toFixed(1)}% of the motion's`,
    ],
    ['falls / recoveries', `${result.falls} / ${result.recoveries}`],
    [
      'slowest recovery',
      result.maxSecondsToRecover === null ? 'none' : `${result.maxSecondsToRecover.toFixed(2)} s`,
    ],
  ];
}

/** Reads --motion, or explains on stderr why it cannot be used. */
async function loadMotion(out: SimOutput, source: string): Promise<MotionClip | number> {
  try {
    return await loadMotionSource(source);
  } catch (error) {
    if (!(error instanceof MotionFileError)) throw error;
    out.error(`sim: ${error.message}`);
    return 1;
  }
}

function modelRows(model: ModelDoll | undefined): [string, string][] {
  if (!model) return [];
  const report = modelReport(model);
  return [
    ['model', `${model.spec.name} (${report.format})`],
    ['parts / joints', `${report.parts} / ${report.joints}`],
    ['bones missing', report.bonesMissing.join(', ') || 'none'],
  ];
}

function modelTableRows(model: LoadedModel | undefined, withReport: boolean): [string, string][] {
  if (model?.kind === 'mmd')
    return mmdRows(model.doll.spec.name, mmdModelReport(model.doll, withReport));
  if (model?.kind === 'mmd-prop')
    return mmdRows(model.prop.rig.rig.spec.name, mmdPropReport(model.prop, withReport));
  return modelRows(model?.doll);
}

function mmdRows(name: string, report: MmdModelReport): [string, string][] {
  const rows: [string, string][] = [
    ['model', `${name} (${report.format})`],
    ['kind', report.kind],
    ['parts / joints', `${report.parts} / ${report.joints}`],
    ['bones missing', report.bonesMissing.join(', ') || 'none'],
    ['MMD bodies / joints', `${report.mmdBodies} / ${report.mmdJoints}`],
  ];
  const r = report.report;
  if (!r) return rows;
  const masks = r.masks.map((m) => `${m.mask}×${m.count}`).join(' ');
  const orders = r.capsuleOrders.orders.map(
    (o) => `${o.order} ${o.medianDegrees.toFixed(2)}° (${o.within5Degrees} within 5°)`,
  );
  return [
    ...rows,
    ['shapes', `sphere ${r.shapes.sphere}, box ${r.shapes.box}, capsule ${r.shapes.capsule}`],
    ['types 0 / 1 / 2', `${r.types.follow} / ${r.types.dynamic} / ${r.types.dynamicRotation}`],
    ['groups', r.groups.join(', ')],
    ['masks', masks],
    [
      'joints',
      `${r.joints.total}: translation locked ${r.joints.lockedTranslation}, rotation locked ` +
        `${r.joints.lockedRotation}, translation springs ${r.joints.translationSprings}, ` +
        `rotation springs ${r.joints.rotationSprings}`,
    ],
    [`capsules (${r.capsuleOrders.capsules})`, `best ${r.capsuleOrders.best ?? 'none'}`],
    ...orders.map((o): [string, string] => ['', o]),
  ];
}

/** Loads --model (VRM, PMX or PMD), or explains on stderr why it cannot be used. */
async function loadModel(out: SimOutput, path: string): Promise<LoadedModel | number> {
  try {
    if (isMmdPath(path)) {
      const { model, fileName } = await readMmdModel(path);
      const loaded: LoadedModel =
        mmdModelKind(model) === 'prop'
          ? { kind: 'mmd-prop', prop: mmdPropFromModel(model, fileName) }
          : { kind: 'mmd', doll: mmdDollFromModel(model, fileName) };
      const warnings = loaded.kind === 'mmd' ? loaded.doll.rig.warnings : loaded.prop.rig.warnings;
      for (const w of warnings) out.error(`sim: note: ${fileName}: ${w.message}`);
      return loaded;
    }
    const doll = await loadModelDoll(path);
    // Said once per run, on stderr so --json output stays one JSON object.
    for (const warning of doll.loaded.warnings) out.error(`sim: note: ${warning}`);
    return { kind: 'vrm', doll };
  } catch (error) {
    if (!(error instanceof VrmLoadError) && !(error instanceof MmdLoadError)) throw error;
    out.error(`sim: ${error.message}`);
    return 1;
  }
}

function modelJson(model: LoadedModel, options: SimOptions): object {
  if (model.kind === 'mmd') return mmdModelReport(model.doll, options.report);
  if (model.kind === 'mmd-prop') return mmdPropReport(model.prop, options.report);
  return modelReport(model.doll);
}

/** The figures' doll: the model's for a figure, else the box dummy (a prop stands beside it). */
function figureDoll(model: LoadedModel | undefined): {
  spec: DollSpec;
  kind: 'vrm' | 'mmd' | 'box';
} {
  if (model?.kind === 'vrm' || model?.kind === 'mmd')
    return { spec: model.doll.spec, kind: model.kind };
  return { spec: BOX_DOLL, kind: 'box' };
}

/**
 * Runs the simulator on the command line's arguments `args` (without `node` and the script),
 * writing to `out`. Returns the exit status: 0 done, 1 a model, motion or export that cannot
 * be used (said on `out.error`), 2 bad arguments (with the usage).
 */
export async function runSimCli(args: readonly string[], out: SimOutput): Promise<number> {
  let options;
  try {
    options = parseSimOptions(args);
  } catch (error) {
    if (!(error instanceof SimUsageError)) throw error;
    out.error(`sim: ${error.message}\n\n${SIM_USAGE}`);
    return 2;
  }
  if (options.help) {
    out.log(SIM_USAGE);
    return 0;
  }
  const model = options.model === undefined ? undefined : await loadModel(out, options.model);
  if (typeof model === 'number') return model;
  const clip = options.motion === undefined ? undefined : await loadMotion(out, options.motion);
  if (typeof clip === 'number') return clip;
  const stage = options.stage === undefined ? undefined : await loadStage(out, options.stage);
  if (typeof stage === 'number') return stage;
  await RAPIER.init();
  const mmd = model?.kind === 'mmd' ? model.doll.rig.physics : undefined;
  const { spec, kind: figureKind } = figureDoll(model);
  if (options.vmcIn !== undefined || options.vmcOut !== undefined)
    return runVmc(out, options, { spec, figure: vmcFigure(model), ...(mmd ? { mmd } : {}) }, clip);
  const ropePart = options.ropeFromWorld;
  if (ropePart !== undefined && !spec.parts.some((part) => part.name === ropePart)) {
    const names = spec.parts.map((part) => part.name).join(', ');
    out.error(
      `sim: --rope-from-world: ${spec.name} has no part "${ropePart}"; its parts are ${names}`,
    );
    return 1;
  }
  let recorder: SceneRecorder | undefined;
  let stageReport: StageReport | undefined;
  const finish = (sandbox: Sandbox) => {
    if (stage) stageReport = stageReportOf(sandbox);
  };
  const prepare = (sandbox: Sandbox) => {
    if (stage) sandbox.scenery.use(stage.shape);
    if (options.exportMotion) recorder = recordWholeRun(sandbox, options.seconds);
    if (model?.kind === 'mmd-prop') addMmdProp(sandbox, model.prop);
  };
  let result: SimResult | SimMotionResult;
  if (clip) {
    const motion = retargetMotion(clip, spec, { figureKind });
    if (motion.skippedBones.length > 0)
      out.error(
        `sim: note: ${spec.name} cannot show these bones of ${clip.name}: ${motion.skippedBones.join(', ')}`,
      );
    result = runSimulation(RAPIER, options, spec, mmd, motion, prepare, finish);
  } else {
    result = runSimulation(RAPIER, options, spec, mmd, undefined, prepare, finish);
  }
  let exported: ExportedReport | undefined;
  if (recorder && options.exportMotion) {
    try {
      exported = await exportRecordedMotion(
        recorder,
        spec,
        exportedFigure(model),
        options.exportMotion,
        options.exportRange,
      );
    } catch (error) {
      out.error(`sim: ${options.exportMotion}: ${(error as Error).message}`);
      return 1;
    }
  }
  const full = {
    ...result,
    ...(model ? modelJson(model, options) : {}),
    ...(exported ? { exported } : {}),
    ...(stageReport ?? {}),
  };
  if (options.json) {
    out.log(JSON.stringify(full));
  } else {
    printTable(out, result, model, options);
    if (stageReport) printStage(out, stageReport);
    if (exported)
      out.log(
        `${'exported'.padEnd(22)}${exported.path} (${exported.frames} frames, ${exported.bones.length} bones)`,
      );
  }
  return 0;
}

/** Reads --stage, or explains on stderr why it cannot be used. */
async function loadStage(out: SimOutput, path: string): Promise<StageFile | number> {
  try {
    const stage = await loadStageFile(path);
    for (const note of stage.notes) out.error(`sim: note: ${note}`);
    return stage;
  } catch (error) {
    if (!(error instanceof StageFileError)) throw error;
    out.error(`sim: ${error.message}`);
    return 1;
  }
}

/** The stage's keys of the JSON: its size and bounds, and where each figure came to rest. */
interface StageReport {
  readonly stage: { readonly triangles: number; readonly bounds: StageBounds };
  readonly restingAt: readonly (readonly [number, number, number])[];
}

function stageReportOf(sandbox: Sandbox): StageReport {
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const { triangles, bounds } = sandbox.scenery.inUse;
  const rounded = (v: StageBounds['min']) => [round(v[0]), round(v[1]), round(v[2])] as const;
  return {
    stage: { triangles, bounds: { min: rounded(bounds.min), max: rounded(bounds.max) } },
    restingAt: sandbox.figures.map((figure) => {
      const at = figure.ragdoll.root.body.translation();
      return [round(at.x), round(at.y), round(at.z)] as const;
    }),
  };
}

function printStage(out: SimOutput, report: StageReport): void {
  const b = report.stage.bounds;
  out.log(`${'stage triangles'.padEnd(22)}${report.stage.triangles}`);
  out.log(`${'stage bounds'.padEnd(22)}${b.min.join(', ')} to ${b.max.join(', ')} m`);
  for (const [i, at] of report.restingAt.entries())
    out.log(`${`figure ${i + 1} rests at`.padEnd(22)}${at.join(', ')} m`);
}

/** How the figures are seen by VMC: their kind, and a VRM avatar's bones. */
function vmcFigure(model: LoadedModel | undefined): VmcOutFigure {
  if (model?.kind !== 'vrm') return { kind: model?.kind === 'mmd' ? 'mmd' : 'box' };
  return {
    kind: 'vrm',
    boneOwners: model.doll.rig.boneOwners,
    hipsOffset: model.doll.rig.hipsOffset,
  };
}

/** --vmc-in or --vmc-out: a real-time run; prints its report like the others. */
async function runVmc(
  out: SimOutput,
  options: SimOptions,
  scene: Parameters<typeof runVmcIn>[2],
  clip: MotionClip | undefined,
): Promise<number> {
  let report: object;
  try {
    if (options.vmcIn !== undefined) {
      report = await runVmcIn(RAPIER, options, scene, options.vmcIn, out.error);
    } else {
      const motion = clip
        ? retargetMotion(clip, scene.spec, { figureKind: scene.figure.kind })
        : undefined;
      report = await runVmcOut(
        RAPIER,
        options,
        { ...scene, ...(motion ? { motion } : {}) },
        options.vmcOut!,
        out.error,
      );
    }
  } catch (error) {
    if (!(error instanceof VmcSimError)) throw error;
    out.error(`sim: ${error.message}`);
    return 1;
  }
  const full = { dolls: options.dolls, seconds: options.seconds, ...report };
  if (options.json) out.log(JSON.stringify(full));
  else
    for (const [name, value] of Object.entries(full))
      out.log(
        `${name.padEnd(22)}${typeof value === 'number' ? Number(value.toFixed(4)) : String(value)}`,
      );
  return 0;
}

/** How the first doll is exported: as the box dummy, an MMD model, or a VRM avatar with its rig. */
function exportedFigure(model: LoadedModel | undefined): ExportedFigure {
  if (model?.kind !== 'vrm') return { kind: model?.kind === 'mmd' ? 'mmd' : 'box' };
  const rig = model.doll.rig;
  return {
    kind: 'vrm',
    vrm: {
      boneOwners: rig.boneOwners,
      hipsOffset: rig.hipsOffset,
      restHipsHeight: model.doll.loaded.bones['hips']?.[1] ?? 1,
    },
  };
}
