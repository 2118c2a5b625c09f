/**
 * `npm run sim:motion-fixtures`: the powered-ragdoll numbers on every real fixture in one go,
 * the same runs as `npm run sim -- --model FILE --motion …` (one doll, MUSCLE 100, standing in
 * its rest pose at the start), printed as the table BENCHMARKS.md keeps, each cell checked
 * against its target (a `!` marks a miss):
 *
 * - Stand, 10 s: trackingErrorRad ≤ 0.10, pelvisHeightRatio ≥ 0.95, no fall;
 * - test.vrma, 10 s (VRM figures and the box dummy): trackingErrorRad ≤ 0.20, no fall;
 * - Stand with `--hit-ball 12`, 12 s, and with `--blast 8`, 12 s: falls ≥ 1, recoveries ≥ 1,
 *   maxSecondsToRecover ≤ 4.
 *
 *   npm run sim:motion-fixtures [-- --only SUBSTRING] [-- --json]
 *
 * Figures whose file is absent are left out with a note (the fixtures folder sits beside the
 * checkout; see tools/fixtures/real-fixtures.ts).
 */
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import RAPIER from '@dimforge/rapier3d-simd-compat';
import type { DollSpec } from '../renderer/src/physics/doll-spec';
import { BOX_DOLL } from '../renderer/src/physics/box-doll';
import type { MmdPhysicsSpec } from '../renderer/src/physics/mmd/mmd-physics-spec';
import type { MotionClip } from '../renderer/src/motion/motion-clip';
import type { FigureKind } from '../renderer/src/motion/retarget-motion';
import { retargetMotion } from '../renderer/src/motion/retarget-motion';
import { REAL_HUMANOID_MODELS, realFixture } from '../tools/fixtures/real-fixtures';
import { loadMmdDoll } from '../tools/loaders/load-mmd-doll';
import { loadModelDoll } from '../tools/loaders/load-model-doll';
import { loadMotionSource } from '../tools/loaders/load-motion';
import { runSimulation } from '../tools/sim/run-simulation';
import type { SimMotionResult } from '../tools/sim/run-simulation';
import { parseSimOptions } from '../tools/sim/sim-options';

/** The fixtures measured, relative to the fixtures folder; the box dummy comes first. */
const TEST_VRMA = 'vrma/test.vrma';

/** The targets each cell is checked against. */
const STAND_MAX_ERROR = 0.1;
const STAND_MIN_RATIO = 0.95;
const VRMA_MAX_ERROR = 0.2;
const MAX_SECONDS_TO_RECOVER = 4;

interface Figure {
  readonly name: string;
  readonly kind: FigureKind;
  readonly spec: DollSpec;
  readonly mmd?: MmdPhysicsSpec;
}

/** One figure's four runs. */
interface FigureRow {
  readonly figure: string;
  readonly stand: SimMotionResult;
  readonly vrma: SimMotionResult | null;
  readonly hitBall: SimMotionResult;
  readonly blast: SimMotionResult;
}

async function loadFigure(file: string): Promise<Figure> {
  const path = realFixture(file);
  if (/\.(pmx|pmd)$/i.test(file)) {
    const doll = await loadMmdDoll(path);
    return { name: basename(file), kind: 'mmd', spec: doll.spec, mmd: doll.rig.physics };
  }
  const doll = await loadModelDoll(path);
  return { name: basename(file), kind: 'vrm', spec: doll.spec };
}

function run(figure: Figure, clip: MotionClip, args: readonly string[]): SimMotionResult {
  const options = parseSimOptions(['--motion', 'builtin:stand', ...args]);
  const motion = retargetMotion(clip, figure.spec, { figureKind: figure.kind });
  return runSimulation(RAPIER, options, figure.spec, figure.mmd, motion);
}

function measure(figure: Figure, stand: MotionClip, vrma: MotionClip | null): FigureRow {
  return {
    figure: figure.name,
    stand: run(figure, stand, ['--seconds', '10']),
    vrma: vrma && figure.kind !== 'mmd' ? run(figure, vrma, ['--seconds', '10']) : null,
    hitBall: run(figure, stand, ['--seconds', '12', '--hit-ball', '12']),
    blast: run(figure, stand, ['--seconds', '12', '--blast', '8']),
  };
}

/** `value` with a `!` after it when `ok` is false. */
function mark(value: string, ok: boolean): string {
  return ok ? value : `${value}!`;
}

function fixed(value: number | null, digits: number): string {
  return value === null ? '–' : value.toFixed(digits);
}

function standCell(r: SimMotionResult): string {
  const error = r.trackingErrorRad;
  const ratio = r.pelvisHeightRatio;
  return [
    mark(fixed(error, 3), error !== null && error <= STAND_MAX_ERROR),
    mark(fixed(ratio, 3), ratio !== null && ratio >= STAND_MIN_RATIO),
    mark(String(r.falls), r.falls === 0),
  ].join(' / ');
}

function vrmaCell(r: SimMotionResult | null): string {
  if (!r) return '–';
  const error = r.trackingErrorRad;
  return [
    mark(fixed(error, 3), error !== null && error <= VRMA_MAX_ERROR),
    mark(String(r.falls), r.falls === 0),
  ].join(' / ');
}

function hitCell(r: SimMotionResult): string {
  const seconds = r.maxSecondsToRecover;
  return [
    mark(String(r.falls), r.falls >= 1),
    mark(String(r.recoveries), r.recoveries >= 1),
    mark(fixed(seconds, 2), seconds !== null && seconds <= MAX_SECONDS_TO_RECOVER),
  ].join(' / ');
}

function printTable(rows: readonly FigureRow[]): void {
  console.log(
    '| figure | Stand 10 s: error / ratio / falls | test.vrma 10 s: error / falls | hit-ball 12: falls / rec / s | BLAST 8: falls / rec / s |',
  );
  console.log('| --- | --- | --- | --- | --- |');
  for (const row of rows) {
    const cells = [
      row.figure,
      standCell(row.stand),
      vrmaCell(row.vrma),
      hitCell(row.hitBall),
      hitCell(row.blast),
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
  const misses = rows.flatMap((row) =>
    [standCell(row.stand), vrmaCell(row.vrma), hitCell(row.hitBall), hitCell(row.blast)].filter(
      (cell) => cell.includes('!'),
    ),
  ).length;
  console.log(`\n${misses === 0 ? 'every target met' : `${misses} cell(s) miss a target (!)`}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { only: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  const files = REAL_HUMANOID_MODELS.filter((file) => !values.only || file.includes(values.only));
  const present = files.filter((file) => existsSync(realFixture(file)));
  for (const file of files)
    if (!present.includes(file)) console.warn(`note: ${file} is absent; left out`);
  const stand = await loadMotionSource('builtin:stand');
  const vrma = existsSync(realFixture(TEST_VRMA))
    ? await loadMotionSource(realFixture(TEST_VRMA))
    : null;
  if (!vrma) console.warn(`note: ${TEST_VRMA} is absent; its column is left empty`);
  await RAPIER.init();
  const figures: Figure[] = [];
  if (!values.only || 'box dummy'.includes(values.only))
    figures.push({ name: 'box dummy', kind: 'box', spec: BOX_DOLL });
  for (const file of present) figures.push(await loadFigure(file));
  const rows: FigureRow[] = [];
  for (const figure of figures) {
    const row = measure(figure, stand, vrma);
    rows.push(row);
    if (!values.json) console.error(`measured ${figure.name}`);
  }
  if (values.json) console.log(JSON.stringify(rows));
  else printTable(rows);
}

await main();
