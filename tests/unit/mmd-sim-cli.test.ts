/** `npm run sim -- --model FILE.pmx|.pmd [--report] --json`: MMD models in the simulator. */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';
import { SimUsageError, parseSimOptions } from '../../tools/sim/sim-options';
import { expectModelRefused, simInProcess, simJson } from '../support/sim-process';
import { REAL_FIXTURES } from '../../tools/fixtures/real-fixtures';

const FIXTURES = REAL_FIXTURES;
const MOKOU = join(FIXTURES, 'pmd', 'mokou', 'mokou_B.pmd');
if (!existsSync(MOKOU))
  console.warn(`mmd-sim-cli: ${MOKOU} not found; the real-model run is skipped`);

const model = humanoidMmdModel({ hairSegments: 5, skirt: {} });
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mmd-sim-'));
  const bytes = writePmx(model);
  await writeFile(join(dir, 'figure.pmx'), bytes);
  await writeFile(join(dir, 'truncated.pmx'), bytes.subarray(0, Math.floor(bytes.length / 2)));
  await writeFile(join(dir, 'not-a-model.pmd'), new TextEncoder().encode('hello, not a model'));
  await writeFile(join(dir, 'no-elbow.pmx'), writePmx(humanoidMmdModel({ omitBones: ['左ひじ'] })));
  await writeFile(
    join(dir, 'bad-data.pmx'),
    writePmx(humanoidMmdModel({ jointToMissingBody: true, bodyWithoutBone: true })),
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npm run sim -- --model FILE.pmx', () => {
  it('runs the ragdoll with the model’s own bodies and adds the MMD keys and the report', async () => {
    const result = await simJson('--model', join(dir, 'figure.pmx'), '--report', '--seconds', '2');
    expect(result).toMatchObject({
      format: 'pmx',
      parts: 15,
      joints: 14,
      bonesMissing: [],
      mmdBodies: model.rigidBodies.length,
      mmdJoints: model.joints.length,
      warnings: [],
      // Every moving MMD body is a Rapier body measured with the parts; follow bodies are
      // colliders on the parts (type 0 in the file).
      bodies: 15 + model.rigidBodies.filter((b) => b.physicsMode !== 0).length,
      nanCount: 0,
      steps: 240,
    });
    expect(result.report.bodies).toBe(model.rigidBodies.length);
    expect(result.report.joints.total).toBe(model.joints.length);
    expect(result.report.masks.map((m: { mask: string }) => m.mask)).toContain('fffe');
    expect(result.report.capsuleOrders.orders).toHaveLength(6);
  });

  it('reports tolerated bad data once per kind, in the JSON and on stderr', async () => {
    const run = await simInProcess(
      '--model',
      join(dir, 'bad-data.pmx'),
      '--seconds',
      '0.5',
      '--json',
    );
    expect(run.status, run.stderr).toBe(0);
    const { warnings } = JSON.parse(run.stdout) as { warnings: string[] };
    expect(warnings.map((w) => w.split(':')[0])).toEqual(['body-no-bone', 'joint-missing-body']);
    expect(run.stderr).toMatch(/sim: note: bad-data\.pmx: 1 joint names a rigid body/);
  });

  it('prints the report in the table', async () => {
    const run = await simInProcess(
      '--model',
      join(dir, 'figure.pmx'),
      '--report',
      '--seconds',
      '0.5',
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/MMD bodies \/ joints\s+\d+ \/ \d+/);
    expect(run.stdout).toMatch(/types 0 \/ 1 \/ 2/);
    expect(run.stdout).toMatch(/YXZ [\d.]+° \(\d+ within 5°\)/);
  });

  it.each([
    ['truncated.pmx', /ends early/],
    ['not-a-model.pmd', /not a PMX or PMD file/],
    ['no-elbow.pmx', /Missing bones: 左ひじ \(left elbow\)/],
    ['no-such-file.pmx', /cannot be read/],
  ])('exits 1 for %s with the reason on stderr and nothing on stdout', async (file, reason) => {
    await expectModelRefused(join(dir, file), file, reason);
  });

  it('refuses --report without an MMD model as a usage error (status 2)', async () => {
    expect(() => parseSimOptions(['--report'])).toThrow(SimUsageError);
    expect(() => parseSimOptions(['--report', '--model', 'a.vrm'])).toThrow(/\.pmx or \.pmd/);
    expect(parseSimOptions(['--report', '--model', 'A.PMD']).report).toBe(true);
    expect((await simInProcess('--report', '--json')).status).toBe(2);
  });

  it.skipIf(!existsSync(MOKOU))(
    'runs mokou_B.pmd (125 bodies, 117 joints); YXZ lays its capsules best',
    async () => {
      const result = await simJson('--model', MOKOU, '--report', '--seconds', '1');
      expect(result).toMatchObject({ format: 'pmd', mmdBodies: 125, mmdJoints: 117, nanCount: 0 });
      expect(result.report.capsuleOrders.best).toBe('YXZ');
    },
  );
});
