import type {
  MmdReadWarningCode,
  MmdWarning,
  MmdWarningFacts,
} from '../../formats/mmd/read-warnings';
import type { MmdRigWarningCode } from '../../rig/mmd/rig-warnings';
import { ikChainDroppedSentence } from '../../formats/mmd/ik-checks';

/** Every code an MMD model's parser or rig can report. */
export type MmdWarningCode = MmdReadWarningCode | MmdRigWarningCode;

/**
 * One sentence per MMD warning code, in one language, built from the facts the warning
 * carries (count, names, numbers). Undefined when a fact the sentence needs is missing; the
 * caller then shows the warning's English message.
 */
export type WarningStrings = Readonly<
  Record<MmdWarningCode, (facts: MmdWarningFacts) => string | undefined>
>;

/** A sentence about `count` bodies or joints, the first named `example`. */
function counted(
  sentence: (count: number, example: string) => string,
): (facts: MmdWarningFacts) => string | undefined {
  return ({ count, names }) => {
    const example = names?.[0];
    return count === undefined || example === undefined ? undefined : sentence(count, example);
  };
}

/** A sentence using the named numbers `keys`, all of which must be present. */
function numbered<K extends string>(
  keys: readonly K[],
  sentence: (numbers: Readonly<Record<K, number>>) => string,
): (facts: MmdWarningFacts) => string | undefined {
  return ({ numbers }) =>
    numbers && keys.every((key) => typeof numbers[key] === 'number')
      ? sentence(numbers as Readonly<Record<K, number>>)
      : undefined;
}

/**
 * A sentence about `count` morphs of the model `model` (the first `morph`) naming vertex
 * `vertex` of a model with `vertexCount` vertices.
 */
function badVertexMorphs(
  sentence: (facts: {
    readonly count: number;
    readonly morph: string;
    readonly model: string;
    readonly vertex: number;
    readonly vertexCount: number;
  }) => string,
): (facts: MmdWarningFacts) => string | undefined {
  return ({ count, names, numbers }) => {
    const [morph, model] = names ?? [];
    const vertex = numbers?.['vertex'];
    const vertexCount = numbers?.['vertexCount'];
    if (count === undefined || morph === undefined || model === undefined) return undefined;
    if (vertex === undefined || vertexCount === undefined) return undefined;
    return sentence({ count, morph, model, vertex, vertexCount });
  };
}

/** The English sentences: the same words as the parser's and rig's own messages. */
export const WARNING_STRINGS_EN: WarningStrings = {
  'pmd-no-physics': ({ names }) =>
    names?.[0] === undefined
      ? undefined
      : `The PMD file ends before its ${names[0]} section, so it has no rigid bodies or joints: ` +
        'hair and clothes will not move on their own.',
  'material-index-count': numbered(
    ['drawn', 'indices'],
    ({ drawn, indices }) =>
      `The materials draw ${drawn} face indices but the mesh has ${indices}; ` +
      'faces past the end are not drawn.',
  ),
  'vertex-missing-bone': numbered(
    ['vertex', 'bone', 'boneCount'],
    ({ vertex, bone, boneCount }) =>
      `Vertex ${vertex} is weighted to bone ${bone}, but the model has ` +
      `${boneCount} bones; such weights are ignored.`,
  ),
  'soft-bodies-ignored': ({ count }) =>
    count === undefined
      ? undefined
      : `The model has ${count} soft bodies (PMX 2.1); they are not simulated.`,
  'morph-bad-vertex': badVertexMorphs(
    ({ count, morph, model, vertex, vertexCount }) =>
      `${count} ${count === 1 ? 'morph' : 'morphs'} of "${model}" (the first: "${morph}") ` +
      `name vertex ${vertex}, but the model has ${vertexCount} vertices; ` +
      `${count === 1 ? 'it was' : 'they were'} left out and the face does not use ${count === 1 ? 'it' : 'them'}.`,
  ),
  'ik-chain-dropped': counted(ikChainDroppedSentence),
  'body-not-finite': counted(
    (n, example) =>
      `${n} rigid bod${n > 1 ? 'ies have' : 'y has'} a value that is not a number (first: "${example}"); ` +
      'left out, with the joints that use them',
  ),
  'joint-not-finite': counted(
    (n, example) =>
      `${n} joint${n > 1 ? 's have' : ' has'} a value that is not a number (first: "${example}"); left out`,
  ),
  'joint-missing-body': counted(
    (n, example) =>
      `${n} joint${n > 1 ? 's name' : ' names'} a rigid body that does not exist or was left out ` +
      `(first: "${example}"); left out`,
  ),
  'joint-same-body': counted(
    (n, example) =>
      `${n} joint${n > 1 ? 's join' : ' joins'} a rigid body to itself (first: "${example}"); left out`,
  ),
  'joint-negative-spring': counted(
    (n, example) =>
      `${n} joint${n > 1 ? 's have' : ' has'} a negative spring constant (first: "${example}"); ` +
      'those springs were set to 0',
  ),
  'body-no-bone': counted(
    (n, example) =>
      `${n} rigid bod${n > 1 ? 'ies belong' : 'y belongs'} to no bone (first: "${example}"); ` +
      'each moves with the nearest ragdoll part',
  ),
  'body-mass-floored': counted(
    (n, example) =>
      `${n} moving rigid bod${n > 1 ? 'ies have' : 'y has'} a mass of zero or less (first: "${example}"); ` +
      'given a small mass instead',
  ),
  'body-size-floored': counted(
    (n, example) =>
      `${n} rigid bod${n > 1 ? 'ies have' : 'y has'} a size of zero or less (first: "${example}"); ` +
      'made 1 mm instead',
  ),
  'dynamic-on-ragdoll-bone': counted(
    (n, example) =>
      `${n} physics-driven rigid bod${n > 1 ? 'ies sit' : 'y sits'} on bones the ragdoll moves ` +
      `(first: "${example}"); they follow the ragdoll instead`,
  ),
  'body-mask-narrowed': counted(
    (n, example) =>
      `${n} moving rigid bod${n > 1 ? 'ies start' : 'y starts'} inside a ragdoll part together with ` +
      `bodies of other groups (first: "${example}"); ${n > 1 ? 'they' : 'it'} no longer collide ` +
      `with that part's group, so the part does not fling ${n > 1 ? 'them' : 'it'} away`,
  ),
};

/** The PMD sections `pmd-no-physics` names, in Japanese (others are shown as the file has them). */
const PMD_SECTIONS_JA: Readonly<Record<string, string>> = {
  'English names': '英語名',
  'toon list': 'トゥーン一覧',
  physics: '物理',
};

export const WARNING_STRINGS_JA: WarningStrings = {
  'pmd-no-physics': ({ names }) =>
    names?.[0] === undefined
      ? undefined
      : `PMD ファイルが${PMD_SECTIONS_JA[names[0]] ?? names[0]}の部分の前で終わっているため、剛体もジョイントもありません。髪や服は自分では動きません`,
  'material-index-count': numbered(
    ['drawn', 'indices'],
    ({ drawn, indices }) =>
      `材質が描く面の頂点番号は ${drawn} 個ですが、メッシュには ${indices} 個あります。はみ出した面は描きません`,
  ),
  'morph-bad-vertex': badVertexMorphs(
    ({ count, morph, model, vertex, vertexCount }) =>
      `「${model}」のモーフ ${count} 個（最初は「${morph}」）が頂点 ${vertex} を指していますが、モデルの頂点は ${vertexCount} 個です。そのモーフは読み込まず、表情にも使いません`,
  ),
  'vertex-missing-bone': numbered(
    ['vertex', 'bone', 'boneCount'],
    ({ vertex, bone, boneCount }) =>
      `頂点 ${vertex} にボーン ${bone} のウェイトがありますが、モデルのボーンは ${boneCount} 本です。そのようなウェイトは無視します`,
  ),
  'soft-bodies-ignored': ({ count }) =>
    count === undefined
      ? undefined
      : `モデルにソフトボディが ${count} 個あります（PMX 2.1）。物理演算はしません`,
  'ik-chain-dropped': counted(
    (n, example) =>
      `IK ${n} 個が壊れています（最初:「${example}」）。除いたので、それらが回すはずのボーンは親に従います`,
  ),
  'body-not-finite': counted(
    (n, example) =>
      `剛体 ${n} 個に数値でない値があります（最初:「${example}」）。それらと、それらを使うジョイントを除きました`,
  ),
  'joint-not-finite': counted(
    (n, example) => `ジョイント ${n} 個に数値でない値があります（最初:「${example}」）。除きました`,
  ),
  'joint-missing-body': counted(
    (n, example) =>
      `ジョイント ${n} 個が、ないか除かれた剛体を指しています（最初:「${example}」）。除きました`,
  ),
  'joint-same-body': counted(
    (n, example) =>
      `ジョイント ${n} 個が剛体をそれ自身とつないでいます（最初:「${example}」）。除きました`,
  ),
  'joint-negative-spring': counted(
    (n, example) =>
      `ジョイント ${n} 個のばね定数が負です（最初:「${example}」）。そのばねは 0 にしました`,
  ),
  'body-no-bone': counted(
    (n, example) =>
      `剛体 ${n} 個がどのボーンにも属していません（最初:「${example}」）。それぞれ最も近いラグドールの部位と一緒に動きます`,
  ),
  'body-mass-floored': counted(
    (n, example) =>
      `動く剛体 ${n} 個の質量が 0 以下です（最初:「${example}」）。代わりに小さな質量にしました`,
  ),
  'body-size-floored': counted(
    (n, example) =>
      `剛体 ${n} 個の大きさが 0 以下です（最初:「${example}」）。代わりに 1 mm にしました`,
  ),
  'dynamic-on-ragdoll-bone': counted(
    (n, example) =>
      `物理演算の剛体 ${n} 個がラグドールの動かすボーンに付いています（最初:「${example}」）。代わりにラグドールに従います`,
  ),
  'body-mask-narrowed': counted(
    (n, example) =>
      `動く剛体 ${n} 個が、ほかのグループの剛体と一緒にラグドールの部位の中から始まります（最初:「${example}」）。その部位のグループとはぶつからないようにしたので、部位に弾き飛ばされません`,
  ),
};

/**
 * A warning in the language of `sentences`: its code's sentence with the warning's facts, or
 * its English message when the code is unknown (a newer parser or rig) or a fact is missing.
 */
export function warningText(sentences: WarningStrings, warning: MmdWarning): string {
  const code = warning.code as MmdWarningCode;
  const sentence = Object.hasOwn(sentences, code) ? sentences[code](warning) : undefined;
  return sentence ?? warning.message;
}
