/**
 * Motion costs, printed as JSON: reading a dance-sized VMD (parse and conversion to a clip),
 * binding a clip to a figure, and one sample (every part's target and the root) for
 * built-ins on the box dummy and a 15-part humanoid, and for that dance (Bézier curves, leg
 * IK) on a T-pose VRM-like and an A-pose MMD-like figure.
 *
 *   npm run bench:motion
 */
import { performance } from 'node:perf_hooks';
import { parseVmd } from '../renderer/src/formats/vmd/parse-vmd';
import { builtinMotion } from '../renderer/src/motion/builtin-motions';
import type { MotionClip } from '../renderer/src/motion/motion-clip';
import { retargetMotion } from '../renderer/src/motion/retarget-motion';
import { vmdToClip } from '../renderer/src/motion/vmd-clip';
import { BOX_DOLL } from '../renderer/src/physics/box-doll';
import type { DollSpec } from '../renderer/src/physics/doll-spec';
import { createDollPose } from '../renderer/src/physics/motion/doll-motion';
import { specFromHumanoidBones } from '../renderer/src/rig/spec-from-humanoid-bones';
import { HUMAN_T, lowerArms } from '../tools/fixtures/fixture-skeletons';
import type { VmdKeySpec } from '../tools/fixtures/motion/vmd-writer';
import { writeVmd } from '../tools/fixtures/motion/vmd-writer';
import { median } from './lib/bench-stats';

/** A dance-sized VMD: 3 minutes, 38 bones keyed every 2 frames (about 100,000 keys, 11 MB). */
function danceVmd(): Uint8Array {
  const bones = [
    'センター',
    'グルーブ',
    '下半身',
    '上半身',
    '上半身2',
    '首',
    '頭',
    '左足ＩＫ',
    '右足ＩＫ',
    ...['左', '右'].flatMap((s) =>
      ['肩', '腕', '腕捩', 'ひじ', '手捩', '手首', '足', 'ひざ', '足首'].map((b) => s + b),
    ),
    '両目',
    '左目',
    '右目',
    '前髪',
    '後髪',
    '左親指１',
    '右親指１',
    'スカート',
    '左つま先ＩＫ',
    '右つま先ＩＫ',
    '腰',
  ];
  const keys: VmdKeySpec[] = [];
  for (const name of bones) {
    for (let frame = 0; frame <= 5400; frame += 2) {
      const a = 0.2 * Math.sin(frame / 17 + name.length);
      keys.push({
        name,
        frame,
        position: [0.5 * Math.sin(frame / 40), 0.3 * Math.sin(frame / 13), 0],
        rotation: [Math.sin(a / 2), 0, 0, Math.cos(a / 2)],
        curves: { rotation: [40, 10, 87, 117] },
      });
    }
  }
  return writeVmd({ keys });
}

function timeMs(run: () => void, repeats: number): number {
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return median(times);
}

/** Median µs per sample over blocks of 1/120 s steps, after warming up. */
function sampleMicros(clip: MotionClip, spec: DollSpec, kind: 'box' | 'vrm' | 'mmd'): number {
  const motion = retargetMotion(clip, spec, { figureKind: kind });
  const pose = createDollPose(spec.parts.length);
  const block = 2000;
  let step = 0;
  const run = () => {
    for (let i = 0; i < block; i++) motion.sample(step++ / 120, pose);
  };
  for (let i = 0; i < 20; i++) run();
  return (timeMs(run, 30) * 1000) / block;
}

const vmdBytes = danceVmd();
let clip: MotionClip | undefined;
const readMs = timeMs(() => (clip = vmdToClip(parseVmd(vmdBytes), 'dance.vmd')), 5);
const humanoid = specFromHumanoidBones(HUMAN_T).spec;
const mmdFigure = specFromHumanoidBones(lowerArms(HUMAN_T, (37 * Math.PI) / 180)).spec;
const bindMs = timeMs(() => retargetMotion(clip!, humanoid, { figureKind: 'vrm' }), 20);
console.log(
  JSON.stringify(
    {
      vmd: {
        keys: parseVmd(vmdBytes).boneKeys.count,
        megabytes: vmdBytes.byteLength / 1e6,
        readMs,
      },
      bindMs,
      sampleMicroseconds: {
        standOnBox: sampleMicros(builtinMotion('stand'), BOX_DOLL, 'box'),
        marchOnHumanoid: sampleMicros(builtinMotion('march'), humanoid, 'vrm'),
        danceVmdOnVrm: sampleMicros(clip!, humanoid, 'vrm'),
        danceVmdOnMmd: sampleMicros(clip!, mmdFigure, 'mmd'),
      },
    },
    null,
    2,
  ),
);
