import { VMD_FRAMES_PER_SECOND } from '../../formats/vmd/vmd-motion';
import { shiftJisField } from '../../formats/mmd/shift-jis-encoding';
import { MMD_UNIT_METRES } from '../../rig/mmd/mmd-coordinates';
import type { HumanoidBoneName } from '../../rig/humanoid-bones';
import { HUMANOID_PARENTS } from '../humanoid-hierarchy';
import { MMD_STANDARD_HIPS_HEIGHT } from '../mmd-a-pose';
import type { FaceKeys } from './face-keys';
import { faceKeyTrack } from './face-keys';
import type { HumanoidKeys } from './humanoid-keys';
import { localRotations } from './humanoid-keys';

const SIGNATURE = 'Vocaloid Motion Data 0002';
const MODEL_NAME_BYTES = 20;
const NAME_BYTES = 15;
const KEY_BYTES = NAME_BYTES + 4 + 12 + 16 + 64;
/** A morph key: name, frame, weight. */
const MORPH_KEY_BYTES = NAME_BYTES + 4 + 4;

/** The MMD standard bone for each exported humanoid bone, with its name in Shift_JIS. */
const MMD_BONES: ReadonlyMap<HumanoidBoneName | 'center', readonly number[]> = new Map<
  HumanoidBoneName | 'center',
  readonly number[]
>([
  ['center', [0x83, 0x5a, 0x83, 0x93, 0x83, 0x5e, 0x81, 0x5b]], // センター
  ['hips', [0x89, 0xba, 0x94, 0xbc, 0x90, 0x67]], // 下半身
  ['spine', [0x8f, 0xe3, 0x94, 0xbc, 0x90, 0x67]], // 上半身
  ['head', [0x93, 0xaa]], // 頭
  ['leftUpperArm', [0x8d, 0xb6, 0x98, 0x72]], // 左腕
  ['rightUpperArm', [0x89, 0x45, 0x98, 0x72]], // 右腕
  ['leftLowerArm', [0x8d, 0xb6, 0x82, 0xd0, 0x82, 0xb6]], // 左ひじ
  ['rightLowerArm', [0x89, 0x45, 0x82, 0xd0, 0x82, 0xb6]], // 右ひじ
  ['leftHand', [0x8d, 0xb6, 0x8e, 0xe8, 0x8e, 0xf1]], // 左手首
  ['rightHand', [0x89, 0x45, 0x8e, 0xe8, 0x8e, 0xf1]], // 右手首
  ['leftUpperLeg', [0x8d, 0xb6, 0x91, 0xab]], // 左足
  ['rightUpperLeg', [0x89, 0x45, 0x91, 0xab]], // 右足
  ['leftLowerLeg', [0x8d, 0xb6, 0x82, 0xd0, 0x82, 0xb4]], // 左ひざ
  ['rightLowerLeg', [0x89, 0x45, 0x82, 0xd0, 0x82, 0xb4]], // 右ひざ
  ['leftFoot', [0x8d, 0xb6, 0x91, 0xab, 0x8e, 0xf1]], // 左足首
  ['rightFoot', [0x89, 0x45, 0x91, 0xab, 0x8e, 0xf1]], // 右足首
]);

/**
 * MMD's hierarchy as the exported bones see it: like the humanoid one, except that 上半身
 * (spine) hangs from 腰, not from 下半身 (hips), so it carries its own world rotation.
 */
const MMD_PARENTS: ReadonlyMap<HumanoidBoneName, HumanoidBoneName | null> = new Map([
  ...HUMANOID_PARENTS,
  ['spine', null],
]);

/** MMD's linear interpolation curve for all four channels, as MikuMikuDance writes it. */
const LINEAR_CURVE = [20, 20, 20, 20, 20, 20, 20, 20, 107, 107, 107, 107, 107, 107, 107, 107];

/**
 * A VMD (MMD motion) of humanoid keys made relative to MMD's A-pose (`rest: 'mmd'`): MMD's
 * standard bones (センター for the root motion, 下半身, 上半身, 頭, and the arms and legs
 * down to 手首 and 足首), one linear key per bone per frame at 30 per second, in MMD's axes
 * (rotations (−x, −y, z, w), positions (x, y, −z) in 8 cm units) and Shift_JIS names. Root
 * motion is scaled to a standard MMD model's hip height, as playing a VMD scales it back.
 * `modelName` fills the 20-byte model-name field in Shift_JIS, cut at a whole character.
 * With `face` (an MMD model's morphs over the same frames), the morph section holds its
 * weights by the model's morph names in Shift_JIS, keyed where they change (MMD joins keys
 * linearly, so a key inside a run of equal weights adds nothing). A name too long for the
 * 15-byte field is cut at a whole character, as MMD itself cuts it.
 */
export function writeVmd(
  keys: HumanoidKeys,
  modelName = 'Ragdoll Playground',
  face: FaceKeys | null = null,
): Uint8Array {
  if (keys.rest !== 'mmd') throw new Error("writeVmd: the keys must be relative to MMD's A-pose");
  if (keys.frameRate !== VMD_FRAMES_PER_SECOND)
    throw new Error(`writeVmd: VMD keys are ${VMD_FRAMES_PER_SECOND} a second`);
  const { locals } = localRotations(keys, MMD_PARENTS);
  const bones = keys.bones.filter((bone) => MMD_BONES.has(bone));
  const n = keys.bones.length;
  const frames = keys.frameCount;
  const count = frames * (bones.length + 1);
  const morphs = face ? morphKeys(face) : [];
  const bytes = new Uint8Array(
    30 + MODEL_NAME_BYTES + 4 + count * KEY_BYTES + 4 + morphs.length * MORPH_KEY_BYTES + 3 * 4,
  );
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < SIGNATURE.length; i++) bytes[i] = SIGNATURE.charCodeAt(i);
  // MMD compares this field with the model's own name when the motion is loaded.
  bytes.set(shiftJisField(modelName, MODEL_NAME_BYTES), 30);
  view.setUint32(50, count, true);
  let at = 54;
  const scale = MMD_STANDARD_HIPS_HEIGHT / keys.restHipsHeight / MMD_UNIT_METRES;
  const writeKey = (
    name: readonly number[],
    frame: number,
    p: readonly number[],
    q: readonly number[],
  ) => {
    bytes.set(name, at);
    view.setUint32(at + NAME_BYTES, frame, true);
    for (let c = 0; c < 3; c++) view.setFloat32(at + 19 + c * 4, p[c]!, true);
    for (let c = 0; c < 4; c++) view.setFloat32(at + 31 + c * 4, q[c]!, true);
    for (let row = 0; row < 4; row++)
      for (let i = 0; i < 16; i++)
        bytes[at + 47 + row * 16 + i] = i + row < 16 ? LINEAR_CURVE[i + row]! : 0;
    at += KEY_BYTES;
  };
  for (let f = 0; f < frames; f++) {
    const h = f * 3;
    writeKey(
      MMD_BONES.get('center')!,
      f,
      [
        keys.hips[h]! * scale,
        (keys.hips[h + 1]! - keys.restHipsHeight) * scale,
        -keys.hips[h + 2]! * scale,
      ],
      [0, 0, 0, 1],
    );
    for (const bone of bones) {
      const o = (f * n + keys.bones.indexOf(bone)) * 4;
      writeKey(
        MMD_BONES.get(bone)!,
        f,
        [0, 0, 0],
        [-locals[o]!, -locals[o + 1]!, locals[o + 2]!, locals[o + 3]!],
      );
    }
  }
  view.setUint32(at, morphs.length, true);
  at += 4;
  const names = face ? face.names.map((name) => shiftJisField(name, NAME_BYTES)) : [];
  for (const { morph, frame, weight } of morphs) {
    bytes.set(names[morph]!, at);
    view.setUint32(at + NAME_BYTES, frame, true);
    view.setFloat32(at + NAME_BYTES + 4, weight, true);
    at += MORPH_KEY_BYTES;
  }
  // Camera, light and shadow sections: none.
  return bytes;
}

/**
 * Each morph's keys, morph after morph: at the first and last frame and wherever its weight
 * starts or stops changing.
 */
function morphKeys(face: FaceKeys): { morph: number; frame: number; weight: number }[] {
  const out: { morph: number; frame: number; weight: number }[] = [];
  const last = face.frameCount - 1;
  face.names.forEach((_, morph) => {
    const track = faceKeyTrack(face, morph);
    for (let f = 0; f <= last; f++) {
      const w = track[f]!;
      const inRun = f > 0 && f < last && track[f - 1] === w && track[f + 1] === w;
      if (!inRun) out.push({ morph, frame: f, weight: w });
    }
  });
  return out;
}
