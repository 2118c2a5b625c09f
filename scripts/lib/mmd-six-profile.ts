/**
 * `npm run bench:mmd -- --profile`: where a step of six moving MMD figures goes inside Rapier.
 * The same scene as the six-figure levers (`--lever TEXT` profiles those variants too, one
 * after another) (dropped, 1 s, then a power-6 blast every simulated
 * second for `seconds`), with Rapier's profiler on: its mean wall ms per step for every phase
 * it times (`World.timing*`), the process's CPU ms per step (median of blocks), and a census
 * read from the narrow phase every {@link CENSUS_EVERY} steps (outside the timed blocks):
 * collider pairs the narrow phase holds and the solver contacts they make, by what touches
 * what, awake bodies and the impulse joints between awake bodies. The profiler's own clock
 * reads make the wall times a little larger than the unprofiled step.
 */
import type { Collider } from '../../renderer/src/physics/rapier-api';
import type { Sandbox } from '../../renderer/src/physics/sandbox';
import { median } from './bench-stats';
import { BLOCK_STEPS, STEPS_PER_SECOND } from './step-bench';
import { SIX_BLAST_POWER } from './mmd-six-figures';

/** Steps between two censuses (a census walks every collider's pairs; not timed). */
const CENSUS_EVERY = 10;

/** Rapier's profiler phases, in the order it nests them. */
const PHASES = [
  ['step', (w: Sandbox['world']) => w.timingStep()],
  ['  collision detection', (w: Sandbox['world']) => w.timingCollisionDetection()],
  ['    broad phase', (w: Sandbox['world']) => w.timingBroadPhase()],
  ['    narrow phase', (w: Sandbox['world']) => w.timingNarrowPhase()],
  ['  island construction', (w: Sandbox['world']) => w.timingIslandConstruction()],
  ['  solver', (w: Sandbox['world']) => w.timingSolver()],
  ['    velocity assembly', (w: Sandbox['world']) => w.timingVelocityAssembly()],
  ['    velocity resolution', (w: Sandbox['world']) => w.timingVelocityResolution()],
  ['    velocity update', (w: Sandbox['world']) => w.timingVelocityUpdate()],
  ['    velocity writeback', (w: Sandbox['world']) => w.timingVelocityWriteback()],
  ['  CCD', (w: Sandbox['world']) => w.timingCcd()],
  ['    CCD TOI computation', (w: Sandbox['world']) => w.timingCcdToiComputation()],
  ['    CCD broad phase', (w: Sandbox['world']) => w.timingCcdBroadPhase()],
  ['    CCD narrow phase', (w: Sandbox['world']) => w.timingCcdNarrowPhase()],
  ['    CCD solver', (w: Sandbox['world']) => w.timingCcdSolver()],
  ['  user changes', (w: Sandbox['world']) => w.timingUserChanges()],
] as const;

/** What a collider is, for the census. */
type Kind = 'part' | 'follow' | 'hair' | 'stage';

interface Owner {
  readonly figure: number;
  readonly kind: Kind;
}

/** One kind of pair: mean per step of pairs held, pairs touching and solver contacts. */
export interface PairCount {
  readonly pair: string;
  readonly pairs: number;
  readonly touching: number;
  readonly solverContacts: number;
}

/** What the profile measured. */
export interface SixProfile {
  readonly cpuMsPerStep: number;
  /** Phase name (indented as Rapier nests them) and mean wall ms per step. */
  readonly phases: readonly (readonly [string, number])[];
  readonly pairs: readonly PairCount[];
  /** Means per census: awake dynamic bodies, impulse joints with an awake body. */
  readonly awakeBodies: number;
  readonly activeJoints: number;
  readonly bodies: number;
  readonly joints: number;
}

function owners(sandbox: Sandbox): Map<number, Owner> {
  const map = new Map<number, Owner>();
  sandbox.figures.forEach((figure, index) => {
    for (const part of figure.ragdoll.parts)
      map.set(part.collider.handle, { figure: index, kind: 'part' });
    for (const mmd of figure.mmd?.bodies ?? [])
      map.set(mmd.collider.handle, {
        figure: index,
        kind: mmd.spec.motion === 'follow' ? 'follow' : 'hair',
      });
  });
  return map;
}

const STAGE: Owner = { figure: -1, kind: 'stage' };

function pairName(a: Owner, b: Owner): string {
  const [first, second] = a.kind <= b.kind ? [a, b] : [b, a];
  const where =
    first.kind === 'stage' || second.kind === 'stage'
      ? ''
      : first.figure === second.figure
        ? ', same figure'
        : ', other figures';
  return `${first.kind} – ${second.kind}${where}`;
}

interface Tally {
  pairs: number;
  touching: number;
  solverContacts: number;
}

function census(sandbox: Sandbox, byHandle: Map<number, Owner>, tallies: Map<string, Tally>): void {
  const world = sandbox.world;
  world.forEachCollider((collider: Collider) => {
    const h1 = collider.handle;
    world.narrowPhase.contactPairsWith(h1, (h2) => {
      if (h2 <= h1) return; // each pair once
      const name = pairName(byHandle.get(h1) ?? STAGE, byHandle.get(h2) ?? STAGE);
      const tally = tallies.get(name) ?? { pairs: 0, touching: 0, solverContacts: 0 };
      tallies.set(name, tally);
      tally.pairs++;
      let contacts = 0;
      let solver = 0;
      world.narrowPhase.contactPair(h1, h2, world.bodies, (manifold) => {
        contacts += manifold.numContacts();
        solver += manifold.numSolverContacts();
      });
      if (contacts > 0) tally.touching++;
      tally.solverContacts += solver;
    });
  });
}

function activity(sandbox: Sandbox): { awake: number; joints: number } {
  let awake = 0;
  sandbox.world.bodies.forEach((body) => {
    if (body.isDynamic() && !body.isSleeping()) awake++;
  });
  let joints = 0;
  sandbox.world.impulseJoints.forEach((joint) => {
    const a = joint.body1();
    const b = joint.body2();
    if ((a.isDynamic() && !a.isSleeping()) || (b.isDynamic() && !b.isSleeping())) joints++;
  });
  return { awake, joints };
}

/**
 * Profiles a scene of figures just dropped (e.g. `buildLeverScene`, `mmd-six-levers.ts`) kept
 * moving for `seconds` after 1 s of falling; disposes it. Allocates freely (a benchmark).
 */
export function profileSixFigures(sandbox: Sandbox, seconds: number): SixProfile {
  sandbox.run(1);
  sandbox.world.profilerEnabled = true;
  const byHandle = owners(sandbox);
  const sums = PHASES.map(() => 0);
  const tallies = new Map<string, Tally>();
  const ms: number[] = [];
  let censuses = 0;
  let awake = 0;
  let activeJoints = 0;
  const blocks = (seconds * STEPS_PER_SECOND) / BLOCK_STEPS;
  for (let block = 0; block < blocks; block++) {
    if ((block * BLOCK_STEPS) % STEPS_PER_SECOND === 0) sandbox.blast(SIX_BLAST_POWER);
    let cpu = 0;
    for (let i = 0; i < BLOCK_STEPS; i++) {
      const start = process.cpuUsage();
      sandbox.step();
      const used = process.cpuUsage(start);
      cpu += used.user + used.system;
      for (let p = 0; p < PHASES.length; p++) sums[p]! += PHASES[p]![1](sandbox.world);
      if (i % CENSUS_EVERY === 0) {
        census(sandbox, byHandle, tallies);
        const now = activity(sandbox);
        awake += now.awake;
        activeJoints += now.joints;
        censuses++;
      }
    }
    ms.push(cpu / 1000 / BLOCK_STEPS);
  }
  const steps = blocks * BLOCK_STEPS;
  let bodies = 0;
  sandbox.world.bodies.forEach((body) => {
    if (body.isDynamic()) bodies++;
  });
  let joints = 0;
  sandbox.world.impulseJoints.forEach(() => joints++);
  sandbox.dispose();
  const pairs = [...tallies]
    .map(([pair, t]) => ({
      pair,
      pairs: t.pairs / censuses,
      touching: t.touching / censuses,
      solverContacts: t.solverContacts / censuses,
    }))
    .sort((a, b) => b.pairs - a.pairs);
  return {
    cpuMsPerStep: median(ms),
    phases: PHASES.map(([name], p) => [name, sums[p]! / steps] as const),
    pairs,
    awakeBodies: awake / censuses,
    activeJoints: activeJoints / censuses,
    bodies,
    joints,
  };
}
