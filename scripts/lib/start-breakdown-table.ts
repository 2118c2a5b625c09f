/**
 * Prints `npm run bench:renderer -- --breakdown`: medians over the traced starts of each
 * build, cold and warm side by side, ms after navigation start (see tools/browser/start-breakdown.ts).
 */
import { median } from './bench-stats';
import type { StartBreakdown } from '../../tools/browser/start-breakdown';
import { MAIN_THREAD_KINDS } from '../../tools/browser/start-breakdown';
import type { TracedStartPair } from './start-trace';

type Column = { readonly title: string; readonly starts: readonly StartBreakdown[] };

const cell = (values: readonly (number | null | undefined)[]): string => {
  const known = values.filter((value): value is number => typeof value === 'number');
  return known.length === 0 ? '—' : String(Math.round(median(known)));
};

/** Prints the breakdown of every build's traced starts. */
export function printStartBreakdown(
  traced: Readonly<Record<string, readonly TracedStartPair[]>>,
): void {
  const columns: Column[] = Object.entries(traced).flatMap(([build, pairs]) => [
    { title: `${build}, cold`, starts: pairs.map((pair) => pair.cold) },
    { title: `${build}, warm`, starts: pairs.map((pair) => pair.warm) },
  ]);
  const row = (label: string, read: (start: StartBreakdown) => number | null | undefined) => [
    label,
    ...columns.map((column) => cell(column.starts.map(read))),
  ];
  const rows: string[][] = [
    row('shell shown (mark)', (s) => s.marks['ragdoll:shell']),
    row('first frame: callback starts', (s) => s.firstFrame.start),
    row('first frame: drawn (callback ends)', (s) => s.firstFrame.end),
    row('Rapier: startPhysics called (mark)', (s) => s.marks['ragdoll:physics-start']),
    row('  before the compile: base64 decode, or the fetch', (s) => s.physics.beforeCompileMs),
    row('  WebAssembly compile + instantiate', (s) => s.physics.wasmMs),
    row('  startPhysics, whole', (s) => s.physics.totalMs),
    row('app whole, panel live (mark)', (s) => s.marks['ragdoll:ready']),
    ['**main thread, navigation → first frame drawn (ms, adds up)**', ...columns.map(() => '')],
    ...MAIN_THREAD_KINDS.map((kind) => row(`  ${kind}`, (s) => s.beforeFirstFrame[kind])),
    ['**of which inside the first frame callback**', ...columns.map(() => '')],
    ...MAIN_THREAD_KINDS.filter((kind) => !kind.startsWith('idle')).map((kind) =>
      row(`  ${kind}`, (s) => s.inFirstFrame[kind]),
    ),
    row('  shader programs waited for (count)', (s) => s.firstFramePrograms),
    ['**counts up to the first frame (load does not change them)**', ...columns.map(() => '')],
    row('  main thread stopped for the GPU process', (s) => s.counts.gpuWaits),
    row('  functions compiled on the main thread', (s) => s.counts.mainThreadCompiles),
  ];
  printTable(['where the start goes, median ms', ...columns.map((c) => c.title)], rows);
  printChunks(columns);
  const counts = columns.map((column) => `${column.title}: ${column.starts.length}`).join(', ');
  console.log(
    `(traced starts: ${counts}; tracing slows a start, so read the split here and the times from the untraced starts above)`,
  );
}

function printChunks(columns: readonly Column[]): void {
  const names = [
    ...new Set(
      columns.flatMap((column) => column.starts.flatMap((s) => s.chunks.map((c) => c.name))),
    ),
  ];
  const rows = names.map((name) => {
    const of = (column: Column) =>
      column.starts.map((s) => s.chunks.find((chunk) => chunk.name === name));
    const first = columns[0]!;
    return [
      name,
      cell(
        of(first).map((chunk) => ((chunk?.bytes ?? null) === null ? null : chunk!.bytes! / 1000)),
      ),
      ...columns.map((column) => {
        const chunks = of(column);
        return `${cell(chunks.map((c) => c?.fetchEnd))} / ${cell(chunks.map((c) => c?.compileMs))} / ${cell(chunks.map((c) => c?.cacheWriteMs))}`;
      }),
    ];
  });
  printTable(
    [
      'chunk (fetched at start)',
      'kB',
      ...columns.map((column) => `${column.title}: fetched at / compile ms / cache write ms`),
    ],
    rows,
  );
}

function printTable(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((text, i) => text.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const cells of rows) console.log(line(cells));
}
