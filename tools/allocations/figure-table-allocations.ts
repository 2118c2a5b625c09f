/**
 * Measures what the page's per-frame readers of the figure table allocate on the JavaScript
 * heap: over 10,000 frames with six figures (one playing a motion), what BODIES colours, the
 * music clock and VMC out read each frame: the table, a figure by id (`indexOf`, `entryOf`), its
 * part and root handles, and its motion by id (`sandbox.motion.state`, `of`, `time`). A sample
 * counts when its stack passes through `renderer/src/physics/`; a control that makes a new table
 * each frame there (what a change of the figures does) proves such samples are seen. No step
 * runs while measuring:
 * the table does not change across steps (tests/unit/physics-figure-table.test.ts), and a step's
 * own allocations are `step-allocations.ts`'s.
 *
 *   npx tsx --no-turbo-inlining tools/allocations/figure-table-allocations.ts   (one JSON object)
 */
import RAPIER from '@dimforge/rapier3d-simd-compat';
import { builtinMotion } from '../../renderer/src/motion/builtin-motions';
import { retargetMotion } from '../../renderer/src/motion/retarget-motion';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { figureTableOf } from '../../renderer/src/physics/figure-table';
import type { FigureTable } from '../../renderer/src/physics/sandbox';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { bytesUnder, sampleAllocations, withHeapProfiler } from './heap-sampling';

const FRAMES = 10_000;
const FIGURES = 6;

export interface FigureTableAllocations {
  frames: number;
  /** Bytes per frame allocated under renderer/src/physics/ by the readers. */
  bytesPerFrame: number;
  /** The same count for a new table made each frame, to show the profile sees physics code. */
  controlBytesPerFrame: number;
}

const isPhysicsCode = (url: string) => url.includes('/renderer/src/physics/');

/** One frame of the readers, as the page runs them; returns a sum so nothing is optimised away. */
function readFrame(sandbox: Sandbox, frame: number): number {
  const table = sandbox.figureTable;
  const figures = table.figures;
  // BODIES colours: each figure's motion state by id.
  let sum = 0;
  for (let i = 0; i < figures.length; i++) {
    if (sandbox.motion.state(figures[i]!.id) !== 'passive') sum++;
  }
  // The music clock: the first figure with a motion, and its time.
  for (let i = 0; i < figures.length; i++) {
    const id = figures[i]!.id;
    if (sandbox.motion.of(id)) {
      sum += sandbox.motion.time(id);
      break;
    }
  }
  // VMC out: the focused figure by id (or the first), its part and root handles.
  const focused = figures[frame % figures.length]!.id;
  const sent = table.entryOf(focused) ?? figures[0];
  if (sent) {
    for (let p = 0; p < sent.parts.length; p++) sum += sent.parts[p]!.handle;
    sum += sent.rootHandle + sent.slot[0] + table.indexOf(focused);
  }
  return sum;
}

/** Runs the measurement in this process. */
export async function measureFigureTableAllocations(): Promise<FigureTableAllocations> {
  await RAPIER.init();
  const sandbox = new Sandbox(RAPIER, { seed: 5 });
  try {
    for (let i = 0; i < FIGURES; i++) sandbox.addFigure();
    const first = sandbox.figureTable.figures[0]!;
    sandbox.motion.set(
      first.id,
      retargetMotion(builtinMotion('stand'), BOX_DOLL, { figureKind: 'box' }),
    );
    sandbox.run(0.25);
    let sink = 0;
    // Warm up on the same reads, so V8 has settled as a running app has.
    for (let pass = 0; pass < 5; pass++)
      for (let i = 0; i < FRAMES; i++) sink += readFrame(sandbox, i);
    return await withHeapProfiler(async (session) => {
      const read = await sampleAllocations(session, FRAMES, (i) => {
        sink += readFrame(sandbox, i);
      });
      const entries = sandbox.figureTable.figures;
      const tables: FigureTable[] = [];
      const control = await sampleAllocations(session, FRAMES, (i) => {
        tables[i % 8] = figureTableOf(entries, i);
      });
      return {
        frames: FRAMES + (sink === Infinity ? 1 : 0),
        bytesPerFrame: bytesUnder(read, isPhysicsCode) / FRAMES,
        controlBytesPerFrame: bytesUnder(control, isPhysicsCode) / FRAMES,
      };
    });
  } finally {
    sandbox.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureFigureTableAllocations()));
}
