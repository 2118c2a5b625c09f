import { withReason } from '../files/reason-sentence';

/**
 * The words of the motion controls (the motion list, Play/Pause, MUSCLE, GET UP) and their
 * messages, in English and Japanese. Reached through `strings(language).motion` (ui/i18n.ts).
 * Messages that carry values are functions.
 */
export interface MotionStrings {
  /** The motion list's accessible name. */
  readonly listLabel: string;
  /** The list's first choice: no motion, the passive ragdoll. */
  readonly none: string;
  /** The live VMC entry of the list. */
  readonly live: string;
  /** The live stream stopped for 5 s: the figures play `name` again. */
  liveEnded(name: string): string;
  /** A built-in motion's name in the list (`stand` → `Stand`). */
  readonly builtin: (name: string) => string;
  /** The opened file's entry in the list. */
  readonly fileChoice: (fileName: string) => string;
  readonly muscle: string;
  readonly muscleHint: string;
  readonly getUpOn: string;
  readonly getUpOff: string;
  readonly playing: string;
  readonly paused: string;
  readonly fileInput: string;
  /** Status: the figures now play `name` (or nothing). */
  readonly chosen: (name: string, figures: number) => string;
  readonly chosenNone: string;
  readonly muscleSet: (value: number) => string;
  readonly getUpSet: (on: boolean) => string;
  readonly playingSet: (playing: boolean) => string;
  /**
   * Note: bones the motion moves that the ragdoll does not follow; `drawn` the model still
   * turns with the motion alone, `still` stay as they are (either list may be empty, not both).
   */
  readonly unfollowedBones: (
    name: string,
    drawn: readonly string[],
    still: readonly string[],
  ) => string;
  /** Note: bones the motion names that the model does not have. */
  readonly missingBones: (name: string, bones: readonly string[]) => string;
  /** Alert: a motion file that cannot be used; `current` is what keeps playing. */
  readonly failed: (detail: string, current: string) => string;
  readonly opening: (fileName: string) => string;
  /** Note: a preset's motion file that could not be read again, and why. */
  readonly presetFileNotPlayed: (fileName: string, why: string) => string;
  /** Alert: a preset's built-in motion this app does not have. */
  readonly unknownBuiltin: (name: string) => string;
}

/** Built-in motions' names as shown; an unknown name is shown capitalised. */
const BUILTIN_EN: Readonly<Record<string, string>> = {
  stand: 'Stand',
  wave: 'Wave',
  dance: 'Dance',
  march: 'March in place',
};
const BUILTIN_JA: Readonly<Record<string, string>> = {
  stand: '立つ',
  wave: '手を振る',
  dance: 'ダンス',
  march: '足踏み',
};

function capitalised(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, ' ');
}

export const MOTION_STRINGS_EN: MotionStrings = {
  listLabel: 'Motion',
  none: 'None (ragdoll)',
  live: 'Live (VMC)',
  liveEnded: (name) => `No VMC data for 5 s: back to ${name}.`,
  builtin: (name) => BUILTIN_EN[name] ?? capitalised(name),
  fileChoice: (fileName) => `File: ${fileName}`,
  muscle: 'Muscle',
  muscleHint: 'How strongly joints follow the motion (0 limp, 100 firm)',
  getUpOn: 'Get Up: on',
  getUpOff: 'Get Up: off',
  playing: 'Pause Motion',
  paused: 'Play Motion',
  fileInput: 'Choose a VRMA or VMD motion file',
  chosen: (name, figures) =>
    `Playing ${name} on ${figures === 1 ? 'the figure' : `${figures} figures`}.`,
  chosenNone: 'No motion: the figures are passive ragdolls.',
  muscleSet: (value) => `Muscle ${value}.`,
  getUpSet: (on) =>
    on
      ? 'Get Up on: knocked-down figures get back up.'
      : 'Get Up off: knocked-down figures stay down.',
  playingSet: (playing) =>
    playing ? 'Motion playing.' : 'Motion paused: figures hold their pose.',
  unfollowedBones: (name, drawn, still) => {
    const parts = [
      ...(drawn.length > 0 ? [`the model turns ${drawn.join(', ')} with the motion alone`] : []),
      ...(still.length > 0
        ? [
            `${still.join(', ')} ${still.length === 1 ? 'stays' : 'stay'} as the physics puts ${still.length === 1 ? 'it' : 'them'}`,
          ]
        : []),
    ];
    return `${name} moves bones the ragdoll does not follow: ${parts.join('; ')}.`;
  },
  missingBones: (name, bones) =>
    `${name} moves ${bones.length === 1 ? 'a bone' : 'bones'} this model does not have, so ${bones.length === 1 ? 'it is' : 'they are'} left out: ${bones.join(', ')}.`,
  failed: (detail, current) =>
    `${withReason('Could not open the motion', detail, 'en')} Choose a VRM Animation (.vrma) or VMD (.vmd) file; the figures keep playing ${current}.`,
  opening: (fileName) => `Opening the motion ${fileName}…`,
  presetFileNotPlayed: (fileName, why) =>
    withReason(`The motion ${fileName} was not played`, why, 'en'),
  unknownBuiltin: (name) =>
    `The preset's motion "${name}" is not built into this version; the figures play no motion.`,
};

export const MOTION_STRINGS_JA: MotionStrings = {
  listLabel: 'モーション',
  none: 'なし（ラグドール）',
  live: 'ライブ（VMC）',
  liveEnded: (name) => `VMC のデータが 5 秒届かないため、${name} に戻しました。`,
  builtin: (name) => BUILTIN_JA[name] ?? capitalised(name),
  fileChoice: (fileName) => `ファイル: ${fileName}`,
  muscle: '筋力',
  muscleHint: '関節がモーションに従う強さ（0 でぐにゃぐにゃ、100 で強い）',
  getUpOn: '起き上がり: オン',
  getUpOff: '起き上がり: オフ',
  playing: 'モーションを一時停止',
  paused: 'モーションを再生',
  fileInput: 'VRMA・VMD モーションファイルを選ぶ',
  chosen: (name, figures) => `${name} を再生しています（${figures} 体）。`,
  chosenNone: 'モーションなし: 人形は力の抜けたラグドールです。',
  muscleSet: (value) => `筋力 ${value}`,
  getUpSet: (on) =>
    on
      ? '起き上がり オン: 倒れた人形は自分で立ち上がります。'
      : '起き上がり オフ: 倒れた人形はそのままです。',
  playingSet: (playing) =>
    playing
      ? 'モーションを再生しています。'
      : 'モーションを一時停止しました。人形は姿勢を保ちます。',
  unfollowedBones: (name, drawn, still) => {
    const turned = `${drawn.join('、')} はモデルがモーションだけで回`;
    const kept = `${still.join('、')} は物理のままです`;
    const detail =
      still.length === 0 ? `${turned}します` : drawn.length === 0 ? kept : `${turned}し、${kept}`;
    return `${name} にはラグドールが従わないボーンの動きがあります（${detail}）。`;
  },
  missingBones: (name, bones) =>
    `${name} が動かす次のボーンはこのモデルにないため使いません: ${bones.join('、')}。`,
  failed: (detail, current) =>
    `${withReason('モーションを開けませんでした', detail, 'ja')}VRM アニメーション（.vrma）か VMD（.vmd）ファイルを選んでください。人形は ${current} のままです。`,
  opening: (fileName) => `モーション ${fileName} を開いています…`,
  presetFileNotPlayed: (fileName, why) =>
    withReason(`モーション ${fileName} は再生しませんでした`, why, 'ja'),
  unknownBuiltin: (name) =>
    `プリセットのモーション「${name}」はこのバージョンにありません。人形はモーションなしです。`,
};
