import type { AppCommand } from '../../../shared/commands';
import { COMMANDS } from '../../../shared/commands';
import type { HostProblem } from '../../../shared/host-contract';
import type { CaptureStrings } from './capture/capture-strings';
import { CAPTURE_STRINGS_EN, CAPTURE_STRINGS_JA } from './capture/capture-strings';
import type { CastStrings } from './models/cast-strings';
import { CAST_STRINGS_EN, CAST_STRINGS_JA } from './models/cast-strings';
import type { ExportStrings } from './export/export-strings';
import { EXPORT_STRINGS_EN, EXPORT_STRINGS_JA } from './export/export-strings';
import type { FileStrings } from './files/file-strings';
import { FILE_STRINGS_EN, FILE_STRINGS_JA } from './files/file-strings';
import { hostProblemText } from './files/host-problem-text';
import type { MotionStrings } from './motion/motion-strings';
import type { FaceStrings } from './face/face-strings';
import { FACE_STRINGS_EN, FACE_STRINGS_JA } from './face/face-strings';
import { MOTION_STRINGS_EN, MOTION_STRINGS_JA } from './motion/motion-strings';
import { reasonSentence, withReason } from './files/reason-sentence';
import type { UndoStrings } from './undo/undo-strings';
import { UNDO_STRINGS_EN, UNDO_STRINGS_JA } from './undo/undo-strings';
import type { WarningStrings } from './models/warning-strings';
import { WARNING_STRINGS_EN, WARNING_STRINGS_JA } from './models/warning-strings';
import type { ReleaseStrings } from './release/release-strings';
import { RELEASE_STRINGS_EN, RELEASE_STRINGS_JA } from './release/release-strings';
import type { TimelineStrings } from './timeline/timeline-strings';
import { TIMELINE_STRINGS_EN, TIMELINE_STRINGS_JA } from './timeline/timeline-strings';

/** The languages the interface speaks. */
export type Language = 'en' | 'ja';

export const LANGUAGES: readonly Language[] = ['en', 'ja'];

/**
 * Every string the interface shows, other than command labels (those live with the
 * commands in shared/commands.ts so the native menu shows the same words). Messages that
 * carry numbers are functions.
 */
export interface UiStrings {
  readonly appTitle: string;
  readonly panelLabel: string;
  readonly sceneGroup: string;
  readonly propsGroup: string;
  readonly settingsGroup: string;
  readonly stiffness: string;
  readonly stiffnessHint: string;
  readonly time: string;
  readonly timeHint: string;
  readonly bodies: string;
  readonly gravity: string;
  readonly gravityHint: string;
  readonly gravitySet: (g: number) => string;
  readonly followOn: string;
  readonly followOff: string;
  readonly viewReset: string;
  readonly focused: (figure: number) => string;
  readonly bodyMenuLabel: string;
  readonly pinHere: string;
  readonly unpin: string;
  readonly deleteBody: string;
  readonly focusBody: string;
  /** The body menu's Export Motion… for the figure the body belongs to. */
  readonly exportBodyMotion: string;
  readonly pinned: string;
  readonly unpinned: string;
  readonly nothingUnderPointer: string;
  readonly figureDeleted: (figure: number) => string;
  readonly propDeleted: string;
  readonly helpTitle: string;
  readonly helpClose: string;
  readonly helpKeyColumn: string;
  readonly helpActionColumn: string;
  readonly helpMouseTitle: string;
  readonly helpMouse: readonly string[];
  readonly helpEscape: string;
  readonly hostPresent: (version: string, platform: string) => string;
  readonly hostAbsent: string;
  readonly loading: string;
  readonly ready: string;
  readonly figureAdded: (count: number, max: number) => string;
  readonly figureLimit: (max: number) => string;
  readonly dropped: (count: number) => string;
  readonly noFigures: string;
  readonly blasted: string;
  readonly resetDone: string;
  readonly propsCleared: (count: number) => string;
  readonly noProps: string;
  readonly propAdded: (kind: 'ball' | 'box', count: number, max: number) => string;
  readonly propReplaced: (kind: 'ball' | 'box', max: number) => string;
  readonly stiffnessSet: (value: number) => string;
  readonly timeSet: (value: number) => string;
  readonly bodiesShown: string;
  readonly bodiesHidden: string;
  readonly languageSet: string;
  readonly commandFailed: (detail: string) => string;
  /**
   * A problem the desktop host reported, as a reason to put in a sentence (no final full
   * stop): its own words, and in Japanese what kind of problem it is first.
   */
  readonly problem: (problem: HostProblem) => string;
  readonly modelGroup: string;
  readonly motionGroup: string;
  readonly modelFileInput: string;
  readonly modelOpening: (fileName: string, megabytes: number) => string;
  readonly modelOpened: (title: string, fileName: string) => string;
  /** A model without a humanoid skeleton was added as a prop. */
  readonly propOpened: (title: string, fileName: string) => string;
  readonly modelDetached: (fileName: string, count: number) => string;
  readonly modelFailed: (detail: string) => string;
  readonly modelBusy: string;
  readonly modelTexturesNeedApp: (fileName: string) => string;
  readonly modelTexturesMissing: (fileName: string, names: readonly string[]) => string;
  readonly modelTexturesBroken: (fileName: string, names: readonly string[]) => string;
  readonly modelWarnings: (fileName: string, warnings: readonly string[]) => string;
  readonly presetDropped: (fileName: string) => string;
  readonly boxDummyChosen: string;
  /** Shown while the 3D view and the physics engine load behind the page. */
  readonly starting: string;
  readonly startFailed: string;
  readonly webglFailed: string;
  readonly physicsFailed: string;
  /** The presets and recent-model library panels (ui/file-strings.ts). */
  readonly files: FileStrings;
  /** Export Motion…, Save Picture…, Export Clip…. */
  readonly exports: ExportStrings;
  /** About, the update notice and the first-run welcome. */
  readonly release: ReleaseStrings;
  /** An MMD model's tolerated problems, one sentence per code (ui/warning-strings.ts). */
  readonly warnings: WarningStrings;
  /** The motion controls and their messages (ui/motion-strings.ts). */
  readonly motion: MotionStrings;
  /** FACE REACTIONS and the faces' notes (ui/face-strings.ts). */
  readonly face: FaceStrings;
  /** The timeline bar and its messages (ui/timeline/timeline-strings.ts). */
  readonly timeline: TimelineStrings;
  readonly undo: UndoStrings;
  /** Mixed casts, the drop target, reading progress, the status history (ui/cast-strings.ts). */
  readonly cast: CastStrings;
  /** Clean View, BACKGROUND and STAGE (ui/capture/capture-strings.ts). */
  readonly capture: CaptureStrings;
}

const EN: UiStrings = {
  appTitle: 'Ragdoll Playground',
  panelLabel: 'Controls',
  sceneGroup: 'Scene',
  propsGroup: 'Props',
  settingsGroup: 'Settings',
  stiffness: 'Stiffness',
  stiffnessHint: 'How strongly joints return to their rest pose (0 limp, 100 firm)',
  time: 'Time',
  timeHint: 'Simulation speed (1 real time, 0.1 ten times slower)',
  bodies: 'Bodies',
  gravity: 'Gravity',
  gravityHint: 'How strongly things fall, in g (1 Earth, 0 floating, 2 twice as heavy)',
  gravitySet: (g) => (g === 0 ? 'Gravity 0 g: everything floats.' : `Gravity ${g.toFixed(1)} g.`),
  followOn: 'Follow on: the camera keeps the figures in view.',
  followOff: 'Follow off: the camera stays where you put it.',
  viewReset: 'View reset.',
  focused: (figure) => `Orbiting figure ${figure}; Home frames them all again.`,
  bodyMenuLabel: 'Body',
  pinHere: 'Pin here',
  unpin: 'Unpin',
  deleteBody: 'Delete',
  focusBody: 'Focus',
  exportBodyMotion: 'Export Motion…',
  pinned: 'Pinned: it stays where it is and the rest swings; RESET lets go.',
  unpinned: 'Unpinned.',
  nothingUnderPointer: 'Point at a figure, ball or box first.',
  figureDeleted: (figure) => `Removed figure ${figure}.`,
  propDeleted: 'Removed the prop.',
  helpTitle: 'Controls and shortcuts',
  helpClose: 'Close help',
  helpKeyColumn: 'Key',
  helpActionColumn: 'Action',
  helpMouseTitle: 'Mouse',
  helpMouse: [
    'Press on a figure, ball or box and drag to lift it; let go to throw it.',
    'Drag on empty space to orbit the camera; right-drag to pan (Follow turns off); wheel to zoom.',
    'Double-click a figure to orbit around it; Home frames every figure again.',
    'Right-click a body for Pin here, Unpin, Delete and Focus; Q pins or unpins the body under the pointer; let go of a grab with Shift held to pin it there.',
    'Drag a pinned body to move its pin; it stays pinned where you let go.',
    'In the recent models, Add (or Shift+click Open) adds the model beside the figures instead of replacing them.',
  ],
  helpEscape: 'Esc closes this help.',
  hostPresent: (version, platform) => `Ragdoll Playground ${version} (${platform}).`,
  hostAbsent:
    'Running as a web page without the desktop app: native menus, model files and presets need the desktop app.',
  loading: 'Loading the physics engine…',
  ready: 'Ready. Press F1 for help.',
  figureAdded: (count, max) => `Added a figure (${count} of ${max}).`,
  figureLimit: (max) => `${max} figures is the limit.`,
  dropped: (count) => (count === 1 ? 'Dropped the figure.' : `Dropped ${count} figures.`),
  noFigures: 'There are no figures; press Add Figure first.',
  blasted: 'Blast!',
  resetDone: 'Reset: figures standing, props removed.',
  propsCleared: (count) => (count === 1 ? 'Removed 1 prop.' : `Removed ${count} props.`),
  noProps: 'There are no props to clear.',
  propAdded: (kind, count, max) => `Added a ${kind} (${count} of ${max}).`,
  propReplaced: (kind, max) => `Added a ${kind}; the oldest prop was removed (${max} at most).`,
  stiffnessSet: (value) => `Stiffness ${value}.`,
  timeSet: (value) => `Time ×${value.toFixed(1)}.`,
  bodiesShown: 'Physics bodies shown.',
  bodiesHidden: 'Physics bodies hidden.',
  languageSet: 'Language: English.',
  commandFailed: (detail) => withReason('That did not work', detail, 'en'),
  problem: (problem) => hostProblemText(problem, 'en'),
  modelGroup: 'Model',
  motionGroup: 'Motion',
  modelFileInput: 'Choose a VRM, PMX or PMD file',
  modelOpening: (fileName, megabytes) =>
    `Opening ${fileName} (${megabytes.toFixed(1)} MB)… the scene carries on meanwhile.`,
  modelOpened: (title, fileName) =>
    title && title !== fileName ? `Opened ${title} (${fileName}).` : `Opened ${fileName}.`,
  propOpened: (title, fileName) =>
    `${title && title !== fileName ? `${title} (${fileName})` : fileName} has no humanoid skeleton, so it was added as a prop: grab it, pin it or blast it like a ball.`,
  modelDetached: (fileName, count) =>
    `${fileName}: ${count} ${count === 1 ? 'mesh is' : 'meshes are'} not attached to the skeleton and will stay where ${count === 1 ? 'it stands' : 'they stand'}.`,
  modelFailed: (detail) =>
    `${withReason('Could not open the model', detail, 'en')} Choose a VRM file (.vrm, VRM 0.x or 1.0) or an MMD model (.pmx, .pmd) with a complete humanoid skeleton; the scene was left as it was.`,
  modelBusy: 'A model is still opening; wait until it is ready.',
  modelTexturesNeedApp: (fileName) =>
    `${fileName} is drawn without textures: a web page cannot read the files beside the model; open it in the desktop app to see them.`,
  modelTexturesMissing: (fileName, names) =>
    `${fileName}: ${names.length === 1 ? 'this texture is' : 'these textures are'} not in the model's folder, so ${names.length === 1 ? 'its material is' : 'their materials are'} drawn untextured: ${names.join(', ')}.`,
  modelTexturesBroken: (fileName, names) =>
    `${fileName}: ${names.length === 1 ? 'this texture' : 'these textures'} could not be read, so ${names.length === 1 ? 'its material is' : 'their materials are'} drawn untextured: ${names.join('; ')}.`,
  modelWarnings: (fileName, warnings) =>
    withReason(
      `${fileName} has problems that were worked around`,
      warnings.map((warning) => warning.replace(/[.\s]+$/u, '')).join('; '),
      'en',
    ),
  presetDropped: (fileName) =>
    `${fileName} is a preset; presets are opened from the preset list, not as models.`,
  boxDummyChosen: 'Switched back to the box dummy.',
  starting: 'Starting…',
  startFailed: 'Ragdoll Playground could not start.',
  webglFailed:
    'This computer or browser cannot draw 3D graphics (WebGL is unavailable). Try updating the graphics driver or enabling hardware acceleration.',
  physicsFailed: 'The physics engine (Rapier) could not be loaded.',
  files: FILE_STRINGS_EN,
  exports: EXPORT_STRINGS_EN,
  warnings: WARNING_STRINGS_EN,
  motion: MOTION_STRINGS_EN,
  face: FACE_STRINGS_EN,
  timeline: TIMELINE_STRINGS_EN,
  undo: UNDO_STRINGS_EN,
  cast: CAST_STRINGS_EN,
  release: RELEASE_STRINGS_EN,
  capture: CAPTURE_STRINGS_EN,
};

const JA: UiStrings = {
  appTitle: 'Ragdoll Playground',
  panelLabel: '操作',
  sceneGroup: '場面',
  propsGroup: '小道具',
  settingsGroup: '設定',
  stiffness: '関節の硬さ',
  stiffnessHint: '関節が元の姿勢へ戻る強さ（0 でぐにゃぐにゃ、100 で強い）',
  time: '時間の速さ',
  timeHint: '時間の速さ（1 で実時間、0.1 で 10 倍遅い）',
  bodies: '物理の形',
  gravity: '重力',
  gravityHint: '物が落ちる強さ（g 単位。1 で地球、0 で無重力、2 で 2 倍）',
  gravitySet: (g) => (g === 0 ? '重力 0 g: すべて浮かびます。' : `重力 ${g.toFixed(1)} g`),
  followOn: 'カメラ追従オン: 人形を画面に収め続けます。',
  followOff: 'カメラ追従オフ: カメラは置いた場所に留まります。',
  viewReset: '視点を戻しました。',
  focused: (figure) => `人形 ${figure} を中心に回ります。Home で全員を映します。`,
  bodyMenuLabel: '物体',
  pinHere: 'ここに固定',
  unpin: '固定を外す',
  deleteBody: '削除',
  focusBody: '注目',
  exportBodyMotion: 'モーションを書き出す…',
  pinned: '固定しました。その場に留まり、残りは揺れます。リセットで外れます。',
  unpinned: '固定を外しました。',
  nothingUnderPointer: '先に人形・ボール・箱を指してください。',
  figureDeleted: (figure) => `人形 ${figure} を消しました。`,
  propDeleted: '小道具を消しました。',
  helpTitle: '操作とショートカット',
  helpClose: 'ヘルプを閉じる',
  helpKeyColumn: 'キー',
  helpActionColumn: '操作',
  helpMouseTitle: 'マウス',
  helpMouse: [
    '人形・ボール・箱を押してドラッグすると持ち上がり、離すと投げます。',
    '何もない所をドラッグでカメラを回転、右ドラッグで移動（カメラ追従はオフに）、ホイールで拡大縮小。',
    '人形をダブルクリックするとその人形を中心に回ります。Home で全員を映します。',
    '物体を右クリックすると「ここに固定」「固定を外す」「削除」「注目」。Q でポインターの物を固定/解除。Shift を押したまま離すとその場に固定。',
    '固定した物をドラッグすると固定位置ごと動き、離した所に固定されたままです。',
    '最近のモデルの「追加」（または Shift を押しながら「開く」）は、人形を入れ替えずに隣へ追加します。',
  ],
  helpEscape: 'Esc でこのヘルプを閉じます。',
  hostPresent: (version, platform) => `Ragdoll Playground ${version}（${platform}）`,
  hostAbsent:
    'デスクトップアプリなしの Web ページとして動いています。メニュー、モデルファイル、プリセットにはデスクトップアプリが必要です。',
  loading: '物理エンジンを読み込んでいます…',
  ready: '準備ができました。F1 でヘルプ。',
  figureAdded: (count, max) => `人形を追加しました（${count} / ${max}）。`,
  figureLimit: (max) => `人形は ${max} 体までです。`,
  dropped: (count) => `人形を落としました（${count} 体）。`,
  noFigures: '人形がいません。先に「人形を追加」を押してください。',
  blasted: '爆風！',
  resetDone: 'リセットしました。人形を立たせ、小道具を消しました。',
  propsCleared: (count) => `小道具を ${count} 個消しました。`,
  noProps: '消す小道具がありません。',
  propAdded: (kind, count, max) =>
    `${kind === 'ball' ? 'ボール' : '箱'}を追加しました（${count} / ${max}）。`,
  propReplaced: (kind, max) =>
    `${kind === 'ball' ? 'ボール' : '箱'}を追加し、いちばん古い小道具を消しました（最大 ${max} 個）。`,
  stiffnessSet: (value) => `関節の硬さ ${value}`,
  timeSet: (value) => `時間の速さ ×${value.toFixed(1)}`,
  bodiesShown: '物理の形を表示しました。',
  bodiesHidden: '物理の形を隠しました。',
  languageSet: '言語: 日本語',
  commandFailed: (detail) => withReason('うまくいきませんでした', detail, 'ja'),
  problem: (problem) => hostProblemText(problem, 'ja'),
  modelGroup: 'モデル',
  motionGroup: 'モーション',
  modelFileInput: 'VRM・PMX・PMD ファイルを選ぶ',
  modelOpening: (fileName, megabytes) =>
    `${fileName}（${megabytes.toFixed(1)} MB）を開いています… その間も場面は動きます。`,
  modelOpened: (title, fileName) =>
    title && title !== fileName
      ? `${title}（${fileName}）を開きました。`
      : `${fileName} を開きました。`,
  propOpened: (title, fileName) =>
    `${title && title !== fileName ? `${title}（${fileName}）` : fileName} には人型の骨格がないため、小道具として置きました。ボールと同じように、つかむ・ピン留め・ブラストができます。`,
  modelDetached: (fileName, count) =>
    `${fileName}: ${count} 個のメッシュが骨格に付いていないため、その場に残ります。`,
  modelFailed: (detail) =>
    `${withReason('モデルを開けませんでした', detail, 'ja')}人型の骨格がそろった VRM ファイル（.vrm、VRM 0.x または 1.0）か MMD モデル（.pmx、.pmd）を選んでください。場面はそのままです。`,
  modelBusy: 'モデルを開いているところです。終わるまでお待ちください。',
  modelTexturesNeedApp: (fileName) =>
    `${fileName} はテクスチャなしで表示しています。Web ページではモデルの隣のファイルを読めないため、テクスチャを見るにはデスクトップ版で開いてください。`,
  modelTexturesMissing: (fileName, names) =>
    `${fileName}: 次のテクスチャがモデルのフォルダーにないため、その材質はテクスチャなしで表示しています: ${names.join('、')}。`,
  modelTexturesBroken: (fileName, names) =>
    `${fileName}: 次のテクスチャを読めなかったため、その材質はテクスチャなしで表示しています: ${names.join('、')}。`,
  modelWarnings: (fileName, warnings) =>
    withReason(
      `${fileName} には問題がありましたが、回避して開きました`,
      warnings.map((warning) => reasonSentence(warning, 'ja')).join(''),
      'ja',
    ),
  presetDropped: (fileName) =>
    `${fileName} はプリセットです。プリセットはプリセットの一覧から開きます。`,
  boxDummyChosen: '箱の人形に戻しました。',
  starting: '起動しています…',
  startFailed: 'Ragdoll Playground を起動できませんでした。',
  webglFailed:
    'このコンピューターまたはブラウザーでは 3D を描けません（WebGL が使えません）。グラフィックドライバーの更新か、ハードウェアアクセラレーションの有効化を試してください。',
  physicsFailed: '物理エンジン（Rapier）を読み込めませんでした。',
  files: FILE_STRINGS_JA,
  exports: EXPORT_STRINGS_JA,
  warnings: WARNING_STRINGS_JA,
  motion: MOTION_STRINGS_JA,
  face: FACE_STRINGS_JA,
  timeline: TIMELINE_STRINGS_JA,
  undo: UNDO_STRINGS_JA,
  cast: CAST_STRINGS_JA,
  release: RELEASE_STRINGS_JA,
  capture: CAPTURE_STRINGS_JA,
};

const STRINGS: Readonly<Record<Language, UiStrings>> = { en: EN, ja: JA };

/** The strings of one language. */
export function strings(language: Language): UiStrings {
  return STRINGS[language];
}

/** A command's label in one language (from the shared command table). */
export function commandLabel(command: AppCommand, language: Language): string {
  return COMMANDS[command].label[language];
}

/** The language for a BCP 47 tag such as `navigator.language`: Japanese for `ja*`, else English. */
export function languageForTag(tag: string | undefined): Language {
  return tag?.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

/** The other language, for the switch. */
export function otherLanguage(language: Language): Language {
  return language === 'en' ? 'ja' : 'en';
}
