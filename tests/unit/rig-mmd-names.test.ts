/**
 * MMD names become spec names trimmed: mokou_B.pmd's rigid-body names begin with a line feed,
 * and files pad names with spaces. The parser keeps the file's bytes; `mmdRig` trims.
 */
import { describe, expect, it } from 'vitest';
import type { MmdModel } from '../../renderer/src/formats/mmd/mmd-model';
import { mmdDisplayName } from '../../renderer/src/rig/mmd/display-name';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import { humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';

/** The generated humanoid with one body's and one joint's names padded as a file might. */
function paddedModel(): { model: MmdModel; bodyName: string; jointName: string } {
  const model = humanoidMmdModel({ hairSegments: 3 });
  const bodyIndex = model.rigidBodies.length - 1;
  const jointIndex = model.joints.length - 1;
  const bodyName = model.rigidBodies[bodyIndex]!.name;
  const jointName = model.joints[jointIndex]!.name;
  return {
    model: {
      ...model,
      rigidBodies: model.rigidBodies.map((b, i) =>
        i === bodyIndex ? { ...b, name: `\n${b.name}  ` } : b,
      ),
      joints: model.joints.map((j, i) =>
        i === jointIndex ? { ...j, name: `\u3000${j.name}\r\n\t` } : j,
      ),
    },
    bodyName,
    jointName,
  };
}

describe('MMD names in the physics spec', () => {
  it('a body name with a leading line feed and trailing spaces, and a padded joint name, come out trimmed', () => {
    const { model, bodyName, jointName } = paddedModel();
    expect(model.rigidBodies.at(-1)!.name).toBe(`\n${bodyName}  `);
    const spec = mmdRig(model).physics;
    const body = spec.bodies.find((b) => b.sourceIndex === model.rigidBodies.length - 1);
    expect(body?.name).toBe(bodyName);
    expect(spec.joints.at(-1)?.name).toBe(jointName);
    for (const b of spec.bodies) expect(b.name).toBe(b.name.trim());
    for (const j of spec.joints) expect(j.name).toBe(j.name.trim());
  });

  it('mmdDisplayName strips whitespace and control characters at the ends only', () => {
    expect(mmdDisplayName('\n髪1  ')).toBe('髪1');
    expect(mmdDisplayName('\u0000\u0007 左 髪\u3000\u001f')).toBe('左 髪');
    expect(mmdDisplayName('  ')).toBe('');
    expect(mmdDisplayName('スカート')).toBe('スカート');
  });
});
