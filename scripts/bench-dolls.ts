/**
 * `npm run bench:dolls`: how many simulated seconds one thread steps per second with many box
 * dolls all moving, the sandbox alone (no drawing, no page), in Node on the real Rapier WASM.
 *
 * Each count of dolls is dropped, then BLASTed (power 8) every 2 simulated seconds for 20
 * simulated seconds at the app's fixed 1/120 s steps, stepped back to back. It prints ms per
 * step (median, p95) and the simulated seconds per wall second and per CPU second of this
 * process: at or above 1, one thread could keep that scene in real time; below, no thread
 * could, worker or not, on this machine. The physics-worker target is 100 dolls in real time
 * while the page draws. `--json` prints one JSON object; `--dolls 50,100` picks the counts.
 */
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import RAPIER from '@dimforge/rapier3d-simd-compat';
import { Sandbox } from '../renderer/src/physics/sandbox';
import { FIXED_STEP } from '../renderer/src/physics/sandbox-settings';
import { median, quantile } from './lib/bench-stats';

const SIMULATED_SECONDS = 20;
const BLAST_EVERY_SECONDS = 2;
const BLAST_POWER = 8;

interface DollsRow {
  readonly dolls: number;
  readonly bodies: number;
  readonly stepMsMedian: number;
  readonly stepMsP95: number;
  /** Simulated seconds per wall second, stepping back to back. */
  readonly realTimeWall: number;
  /** Simulated seconds per CPU second of this process (less sensitive to other load). */
  readonly realTimeCpu: number;
}

const round = (value: number, digits = 3): number => Number(value.toFixed(digits));

function measure(dolls: number): DollsRow {
  const sandbox = new Sandbox(RAPIER, { seed: 7, maxFigures: dolls });
  try {
    for (let i = 0; i < dolls; i++) sandbox.addFigure();
    sandbox.drop();
    const steps = Math.round(SIMULATED_SECONDS / FIXED_STEP);
    const blastEvery = Math.round(BLAST_EVERY_SECONDS / FIXED_STEP);
    const stepMs: number[] = [];
    const cpuStart = process.cpuUsage();
    const wallStart = performance.now();
    for (let i = 0; i < steps; i++) {
      if (i > 0 && i % blastEvery === 0) sandbox.blast(BLAST_POWER);
      const start = performance.now();
      sandbox.step();
      stepMs.push(performance.now() - start);
    }
    const wallSeconds = (performance.now() - wallStart) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    return {
      dolls,
      bodies: sandbox.bodies.length,
      stepMsMedian: round(median(stepMs)),
      stepMsP95: round(quantile(stepMs, 0.95)),
      realTimeWall: round(SIMULATED_SECONDS / wallSeconds),
      realTimeCpu: round(SIMULATED_SECONDS / cpuSeconds),
    };
  } finally {
    sandbox.dispose();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      json: { type: 'boolean', default: false },
      dolls: { type: 'string', default: '6,50,100' },
    },
  });
  const counts = values.dolls.split(',').map(Number);
  if (counts.some((count) => !Number.isInteger(count) || count < 1)) {
    console.error(`bench:dolls: --dolls ${values.dolls} is not a list of counts`);
    process.exitCode = 2;
    return;
  }
  await RAPIER.init();
  const loadStart = loadavg()[0]!;
  measure(counts[0]!); // compiles the step path; thrown away
  const rows = counts.map(measure);
  const loadEnd = loadavg()[0]!;
  if (values.json) {
    const hundred = rows.find((row) => row.dolls === 100);
    console.log(
      JSON.stringify({
        rows,
        ...(hundred ? { dolls100OneThreadRealTime: hundred.realTimeWall } : {}),
        load: [loadStart, loadEnd],
      }),
    );
    return;
  }
  console.log(
    `load average (1 min) at start ${loadStart.toFixed(2)}, at end ${loadEnd.toFixed(2)}`,
  );
  console.log(
    '| dolls | bodies | ms per step, median / p95 | simulated s per wall s | per CPU s |',
  );
  console.log(
    '| ----: | -----: | ------------------------- | ---------------------: | --------: |',
  );
  for (const row of rows) {
    console.log(
      `| ${row.dolls} | ${row.bodies} | ${row.stepMsMedian} / ${row.stepMsP95} | ${row.realTimeWall} | ${row.realTimeCpu} |`,
    );
  }
  console.log(
    `(${SIMULATED_SECONDS} simulated s each at 1/120 s steps, BLAST ${BLAST_POWER} every ${BLAST_EVERY_SECONDS} s, one thread; 1 or more keeps real time)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
