/**
 * The headless simulator: `npm run sim -- [options]`. Builds the app's scene in Node with
 * the same physics code, runs it and prints measurements (see README).
 */
import RAPIER from '@dimforge/rapier3d-compat';
import type { ModelDoll } from './lib/load-model-doll';
import { loadModelDoll, modelReport } from './lib/load-model-doll';
import { VrmLoadError } from './lib/load-vrm-bones';
import { runSimulation } from './lib/run-simulation';
import type { SimResult } from './lib/run-simulation';
import { SIM_USAGE, SimUsageError, parseSimOptions } from './lib/sim-options';

function printTable(result: SimResult, model: ModelDoll | undefined): void {
  const rows: [string, string][] = [
    ...modelRows(model),
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
  ];
  for (const [name, value] of rows) console.log(`${name.padEnd(22)}${value}`);
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

/** Loads --model, or explains on stderr why it cannot be used. */
async function loadModel(path: string): Promise<ModelDoll | number> {
  try {
    const model = await loadModelDoll(path);
    // Said once per run, on stderr so --json output stays one JSON object.
    for (const warning of model.loaded.warnings) console.error(`sim: note: ${warning}`);
    return model;
  } catch (error) {
    if (!(error instanceof VrmLoadError)) throw error;
    console.error(`sim: ${error.message}`);
    return 1;
  }
}

async function main(): Promise<number> {
  let options;
  try {
    options = parseSimOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof SimUsageError)) throw error;
    console.error(`sim: ${error.message}\n\n${SIM_USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(SIM_USAGE);
    return 0;
  }
  const model = options.model === undefined ? undefined : await loadModel(options.model);
  if (typeof model === 'number') return model;
  await RAPIER.init();
  const result = runSimulation(RAPIER, options, model?.spec);
  if (options.json) {
    console.log(JSON.stringify(model ? { ...result, ...modelReport(model) } : result));
  } else {
    printTable(result, model);
  }
  return 0;
}

process.exitCode = await main();
