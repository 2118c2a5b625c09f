/** `npm run sim -- --model FILE.pmx --report --json` for MMD models without a humanoid skeleton. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';
import { ribbonPropModel } from '../../tools/fixtures/mmd/prop-fixture-models';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { simInProcess, simJson } from '../support/sim-process';

const ribbon = ribbonPropModel(6);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mmd-sim-prop-'));
  await writeFile(join(dir, 'ribbon.pmx'), writePmx(ribbon));
  await writeFile(join(dir, 'figure.pmx'), writePmx(humanoidMmdModel()));
  await writeFile(
    join(dir, 'boneless.pmx'),
    writePmx({ ...ribbon, bones: [], rigidBodies: [], joints: [] }),
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npm run sim -- --model for a model that is not a humanoid', () => {
  it('runs it as a prop beside the box dummy and reports its physics with "kind": "prop"', async () => {
    const result = await simJson('--model', join(dir, 'ribbon.pmx'), '--report', '--seconds', '2');
    const moving = ribbon.rigidBodies.filter((b) => b.physicsMode !== 0).length;
    expect(result).toMatchObject({
      kind: 'prop',
      format: 'pmx',
      parts: 1,
      joints: 0,
      mmdBodies: ribbon.rigidBodies.length,
      mmdJoints: ribbon.joints.length,
      dolls: 1,
      props: 1,
      // The box dummy's parts, the prop's carrier and its moving bodies, all measured.
      bodies: BOX_DOLL.parts.length + 1 + moving,
      nanCount: 0,
    });
    expect(result.report).toMatchObject({
      bodies: ribbon.rigidBodies.length,
      types: { follow: 1, dynamic: moving, dynamicRotation: 0 },
      joints: { total: ribbon.joints.length, rotationSprings: ribbon.joints.length },
    });
    expect(result.report.capsuleOrders.orders.map((o: { order: string }) => o.order)).toContain(
      'YXZ',
    );
    expect(result.maxSpeed).toBeLessThan(20);
  });

  it('says "kind": "figure" for a humanoid, and the table names the kind', async () => {
    const json = await simInProcess(
      '--model',
      join(dir, 'figure.pmx'),
      '--seconds',
      '0.5',
      '--json',
    );
    expect(json.status, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ kind: 'figure', parts: 15 });
    const table = await simInProcess(
      '--model',
      join(dir, 'ribbon.pmx'),
      '--report',
      '--seconds',
      '0.5',
    );
    expect(table.status, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/kind\s+prop/);
    expect(table.stdout).toMatch(/types 0 \/ 1 \/ 2\s+1 \/ 6 \/ 0/);
  });

  it('still refuses a model with no bones at all, naming the bones a figure needs', async () => {
    const run = await simInProcess('--model', join(dir, 'boneless.pmx'), '--json');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/boneless\.pmx: Missing bones: 下半身 \(lower body\)/);
  });
});
