/** `npm run sim -- --model FILE.vrm`: the model's ragdoll in the simulator, and its refusals. */
import { describe, expect, it } from 'vitest';
import { SimUsageError, parseSimOptions } from '../../tools/sim/sim-options';
import { REPORTED_OPTIONAL_BONES } from '../../renderer/src/rig/humanoid-bones';
import { expectModelRefused, simInProcess, simJson } from '../support/sim-process';
import { useVrmFixtures } from '../support/vrm-fixtures';

const vrmFiles = useVrmFixtures('vrm-sim-');

describe('npm run sim -- --model', () => {
  it('runs every doll as the model and adds format, parts, joints and bonesMissing', async () => {
    const result = await simJson(
      '--model',
      vrmFiles.path('vrm1-tpose-15bones.vrm'),
      '--dolls',
      '2',
      '--seconds',
      '3',
      '--blast',
      '30',
    );
    expect(result.format).toBe('vrm1');
    expect(result.parts).toBe(15);
    expect(result.joints).toBe(14);
    expect(result.bonesMissing).toEqual([...REPORTED_OPTIONAL_BONES]);
    // The existing keys are still there and mean the same.
    expect(result.dolls).toBe(2);
    expect(result.bodies).toBe(30);
    expect(result.steps).toBe(360);
    expect(result.nanCount).toBe(0);
    expect(result.maxSpeed).toBeGreaterThan(10);
  });

  it('says vrm0 for a VRM 0.x file and prints the model in the table', async () => {
    const json = await simInProcess(
      '--model',
      vrmFiles.path('vrm0-chibi.vrm'),
      '--seconds',
      '1',
      '--json',
    );
    expect(json.status, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ format: 'vrm0', parts: 15, joints: 14 });
    const table = await simInProcess('--model', vrmFiles.path('vrm0-chibi.vrm'), '--seconds', '1');
    expect(table.status, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/model\s+Fixture vrm0-chibi \(vrm0\)/);
    expect(table.stdout).toMatch(/parts \/ joints\s+15 \/ 14/);
  });

  it.each([
    ['broken-truncated.vrm', /truncated/],
    ['broken-wrong-magic.vrm', /glTF signature/],
    ['broken-damaged-json.vrm', /damaged JSON chunk/],
    ['broken-nan-bone.vrm', /leftLowerArm.*not a finite number/],
    ['broken-missing-bones.vrm', /no rightHand, leftLowerLeg bones; a ragdoll needs/],
    ['no-such-file.vrm', /cannot be read/],
  ])('exits 1 for %s with the reason on stderr and nothing on stdout', async (file, reason) => {
    await expectModelRefused(vrmFiles.path(file), file, reason);
  });

  it('parses --model and refuses an empty path as a usage error', async () => {
    expect(parseSimOptions(['--model', 'a.vrm']).model).toBe('a.vrm');
    expect(parseSimOptions([])).not.toHaveProperty('model');
    expect(() => parseSimOptions(['--model', ''])).toThrow(SimUsageError);
  });
});
