/**
 * `npm run bench:mmd-bones`: what finishing an MMD skeleton costs per frame (inheritance and
 * IK after physics, `MmdBoneFinisher`), on Gene_light.pmx (224 bones) from the real-model
 * fixtures when present, else the generated humanoid with a sleeve on helper bones, or any
 * `--model PATH`. The bones are posed from ragdoll parts held in a sweep of arm poses
 * (`armPoses`), once with the model as it is and once with its inheritance and IK chains left
 * out, alternating blocks of frames; medians of µs per frame are printed, and the difference.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { MmdModel } from '../renderer/src/formats/mmd/mmd-model';
import { parseMmdModel } from '../renderer/src/formats/mmd/parse-mmd-model';
import { humanoidMmdModel } from '../tools/fixtures/mmd/mmd-fixture-models';
import { sleevedArmHelpers, withHelperBones } from '../tools/fixtures/mmd/helper-bones';
import { realFixture } from '../tools/fixtures/real-fixtures';
import { posedMmdAvatar } from '../tools/loaders/posed-mmd-avatar';
import { armPoses } from '../tools/physics/arm-poses';
import { median } from './lib/bench-stats';

const BLOCKS = 40;
const FRAMES_PER_BLOCK = 200;

function pickModel(): { name: string; model: MmdModel } {
  const flag = process.argv.indexOf('--model');
  const path = flag >= 0 ? process.argv[flag + 1] : realFixture('pmx/gene_light/Gene_light.pmx');
  if (path && existsSync(path)) return { name: path, model: parseMmdModel(readFileSync(path)) };
  if (flag >= 0) {
    console.error(`bench:mmd-bones: no model file at ${path ?? '(no path given)'}`);
    process.exit(1);
  }
  const generated = humanoidMmdModel({ pose: 'A' });
  return {
    name: 'generated sleeved humanoid',
    model: withHelperBones(generated, sleevedArmHelpers(generated)),
  };
}

function withoutFinishing(model: MmdModel): MmdModel {
  return { ...model, bones: model.bones.map((bone) => ({ ...bone, append: null, ik: null })) };
}

async function frameTimer(model: MmdModel): Promise<() => number> {
  const posed = await posedMmdAvatar(model, false);
  const poses = armPoses(1);
  const [left, right] = [posed.partOf('左腕'), posed.partOf('左ひじ')];
  let at = 0;
  return () => {
    const start = performance.now();
    for (let f = 0; f < FRAMES_PER_BLOCK; f++) {
      const pose = poses[(at++ >> 3) % poses.length]!;
      posed.parts.turn(left, pose.upper);
      posed.parts.turn(right, pose.lower);
      posed.avatar.update();
    }
    return ((performance.now() - start) * 1000) / FRAMES_PER_BLOCK;
  };
}

const { name, model } = pickModel();
const finished = await frameTimer(model);
const plain = await frameTimer(withoutFinishing(model));
for (let warm = 0; warm < 5; warm++) {
  finished();
  plain();
}
const withFinish: number[] = [];
const without: number[] = [];
for (let b = 0; b < BLOCKS; b++) {
  withFinish.push(finished());
  without.push(plain());
}
const steps = model.bones.filter((bone) => bone.append || bone.ik).length;
console.log(`model: ${name} (${model.bones.length} bones, ${steps} with 付与 or IK)`);
console.log(`pose write with finishing:    ${median(withFinish).toFixed(1)} µs/frame (median)`);
console.log(`pose write without finishing: ${median(without).toFixed(1)} µs/frame (median)`);
console.log(
  `finishing costs:              ${(median(withFinish) - median(without)).toFixed(1)} µs/frame`,
);
