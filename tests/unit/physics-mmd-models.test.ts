import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import type { Figure, Sandbox } from '../../renderer/src/physics/sandbox';
import { FIXED_STEP } from '../../renderer/src/physics/sandbox';
import { vec3 } from '../../renderer/src/physics/vector-math';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import { loadRapier } from '../support/rapier';
import { useSandboxes } from '../support/sandboxes';

/**
 * Real MMD models from ../shared/fixtures (parsed and rigged by the other MMD layers) running
 * in the sandbox with their own bodies and joints: no NaN, hair and skirts under 50 m/s through
 * a 60 s soak with the app's BLAST every 5 s, and the cost of a step beside bare Rapier.
 */
const FIXTURES = new URL('../../../shared/fixtures/', import.meta.url).pathname;
const MODELS = ['pmx/gene_light/Gene_light.pmx', 'pmd/mokou/mokou_B.pmd'].map(
  (path) => FIXTURES + path,
);
const present = MODELS.filter((path) => existsSync(path));
if (present.length < MODELS.length)
  console.log(
    `physics-mmd-models: skipping models not found in ${FIXTURES}: ${MODELS.filter((p) => !present.includes(p)).join(', ')}`,
  );

const makeSandbox = useSandboxes();

async function figureFor(
  path: string,
  seed: number,
): Promise<{ sandbox: Sandbox; figure: Figure }> {
  const rig = mmdRig(parseMmdModel(readFileSync(path)));
  const sandbox = await makeSandbox({ seed });
  const figure = sandbox.addFigure(rig.rig.spec, { mmd: rig.physics });
  return { sandbox, figure };
}

/** Fastest dynamic MMD body of the figure, m/s. */
function fastestMmd(figure: Figure): number {
  let speed = 0;
  const v = vec3();
  for (const mmd of figure.mmd!.bodies) {
    if (mmd.spec.motion === 'follow') continue;
    mmd.body.linvel(v);
    speed = Math.max(speed, Math.hypot(v.x, v.y, v.z));
  }
  return speed;
}

describe.skipIf(present.length === 0)('real MMD models with their own physics', () => {
  for (const path of present) {
    const name = path.split('/').pop()!;

    it(`${name}: drops and rests with no NaN; a 60 s soak with BLAST 14 every 5 s keeps its bodies under 50 m/s`, async () => {
      const { sandbox, figure } = await figureFor(path, 3);
      sandbox.drop();
      let nan = 0;
      sandbox.run(20, () => {
        if (sandbox.steps % 30 === 0) nan = Math.max(nan, sandbox.measure().nanCount);
      });
      const restSpeed = fastestMmd(figure);
      let fastest = 0;
      for (let second = 0; second < 60; second += 5) {
        sandbox.blast(14);
        sandbox.run(5, () => {
          fastest = Math.max(fastest, fastestMmd(figure));
        });
        nan = Math.max(nan, sandbox.measure().nanCount);
      }
      console.log(
        `${name}: ${figure.mmd!.count} bodies, ${figure.mmd!.joints.length} joints built; ` +
          `fastest MMD body 20 s after the drop ${restSpeed.toFixed(3)} m/s; in the soak ${fastest.toFixed(1)} m/s; NaN ${nan}`,
      );
      expect(nan).toBe(0);
      expect(fastest).toBeLessThan(50);
    });

    it(`${name}: ms per step, the sandbox beside bare Rapier stepping the same world`, async () => {
      const rapier = await loadRapier();
      const { sandbox } = await figureFor(path, 4);
      sandbox.drop();
      sandbox.run(1); // warm up, and mid-fall: everything moving
      const snapshot = sandbox.world.takeSnapshot();
      const steps = 240;
      let start = performance.now();
      for (let i = 0; i < steps; i++) sandbox.step();
      const ours = (performance.now() - start) / steps;
      const bare = rapier.World.restoreSnapshot(snapshot);
      bare.timestep = FIXED_STEP;
      start = performance.now();
      for (let i = 0; i < steps; i++) bare.step();
      const bareMs = (performance.now() - start) / steps;
      bare.free();
      console.log(
        `${name}: ${ours.toFixed(3)} ms per sandbox step, ${bareMs.toFixed(3)} ms bare Rapier (same bodies, mid-fall)`,
      );
      expect(ours).toBeGreaterThan(0);
    });
  }
});
