/**
 * `npm run fuzz -- [seed] [file cases per format] [requests] [burst size] [chained sequences]`:
 * the long fuzz pass over every file format and host channel, and chained sequences of
 * requests (see tools/fuzz/run-fuzz.ts). Prints the counts as a table and JSON, then every
 * failure with the seed and case that repeat it; exits 1 when there is one. Defaults: seed 1,
 * 2000 files per format, 5000 requests, a burst of 10,000 that also writes, 300 sequences.
 */

import { failuresOf, runFuzz, type FuzzReport } from '../tools/fuzz/run-fuzz';

function numberArgument(index: number, fallback: number): number {
  const text = process.argv[index];
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) {
    console.error(`fuzz: argument ${index - 1} must be a whole number, not "${text}"`);
    process.exit(2);
  }
  return value;
}

function printTable(report: FuzzReport): void {
  console.log(
    'format                        cases  accepted  refused  crashes  unnamed  loose  slowest ms',
  );
  for (const f of report.formats) {
    console.log(
      `${f.target.padEnd(28)} ${String(f.cases).padStart(6)} ${String(f.accepted).padStart(9)} ` +
        `${String(f.refused).padStart(8)} ${String(f.crashes.length).padStart(8)} ` +
        `${String(f.unnamed.length).padStart(8)} ${String(f.loose.length).padStart(6)} ` +
        `${String(Math.round(f.slowestMs)).padStart(11)}`,
    );
  }
  const c = report.channels;
  console.log(
    `\nrequests ${c.requests}: answered ${c.answered} (problems ${c.problems}), refused at the door ` +
      `${c.refusedAtDoor}, crashes ${c.crashes.length}, unclear ${c.unclear.length}, ` +
      `over 5 s ${c.slow.length}, slowest ${Math.round(c.slowestMs)} ms`,
  );
  console.log(
    `burst of ${c.burst.requests}: all settled in ${c.burst.ms} ms, crashes ${c.burst.crashes}, ` +
      `over 5 s ${c.burst.overLimit}`,
  );
  console.log(
    `outside the data folder: ${report.formatsOutsideTouched.length + c.outsideTouched.length} ` +
      `paths opened; ${report.formatsOutsideLookedUp} looked up (entries of damaged library ` +
      `files); outside files ${c.outsideUnchanged ? 'unchanged' : 'CHANGED'}, ` +
      `Object.prototype keys added: ${c.polluted.length}; total ${report.ms} ms`,
  );
  const chains = report.chains;
  console.log(
    `chained sequences: preset then load ${chains.sequences.preset}, drop then texture ` +
      `${chains.sequences.drop}, restart then read ${chains.sequences.restart} (${chains.steps} ` +
      `calls): leaks ${chains.leaks.length}, outside paths touched ${chains.outsideTouched.length}`,
  );
}

const report = await runFuzz({
  seed: numberArgument(2, 1),
  fileCases: numberArgument(3, 2000),
  requests: numberArgument(4, 5000),
  burstSize: numberArgument(5, 10_000),
  burstWrites: true,
  chainRounds: numberArgument(6, 300),
});
printTable(report);
console.log(JSON.stringify({ ...report, channels: { ...report.channels, perChannel: undefined } }));
const failures = failuresOf(report);
for (const line of failures) console.error(line);
process.exitCode = failures.length > 0 ? 1 : 0;
