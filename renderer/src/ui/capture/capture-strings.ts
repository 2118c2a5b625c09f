import type { BackgroundChoice } from './capture-preferences';

/** The words of the capture view (CLEAN VIEW, BACKGROUND, STAGE), in English and Japanese. */
export interface CaptureStrings {
  readonly group: string;
  readonly background: string;
  /** Each BACKGROUND entry's name. */
  readonly choices: Readonly<Record<BackgroundChoice, string>>;
  /** The colour picker's name. */
  readonly colour: string;
  /** The STAGE checkbox. */
  readonly stage: string;
  /** The ALWAYS ON TOP checkbox (desktop app only). */
  readonly alwaysOnTop: string;
  readonly alwaysOnTopSet: (on: boolean) => string;
  readonly alwaysOnTopFailed: string;
  /** Shown for a few seconds over the clean view. */
  readonly cleanHint: string;
  readonly cleanOff: string;
  readonly backgroundSet: (name: string) => string;
  readonly stageSet: (shown: boolean) => string;
  /** Export Clip… on a transparent background, where the browser cannot encode alpha. */
  readonly alphaClipQuestion: (detail: string) => string;
  readonly alphaClipUseGreen: string;
  readonly alphaClipCancel: string;
}

export const CAPTURE_STRINGS_EN: CaptureStrings = {
  group: 'Capture',
  background: 'Background',
  choices: {
    sky: 'Sky',
    green: 'Green (chroma key)',
    blue: 'Blue (chroma key)',
    magenta: 'Magenta (chroma key)',
    custom: 'Colour picked',
    transparent: 'Transparent',
  },
  colour: 'Background colour',
  stage: 'Show stage',
  alwaysOnTop: 'Always on top',
  alwaysOnTopSet: (on) =>
    on ? 'The window stays above other windows.' : 'The window no longer stays on top.',
  alwaysOnTopFailed: 'Always on Top could not be switched; try View > Always on Top.',
  cleanHint: 'Clean view: press Esc or 1 to bring the panel back.',
  cleanOff: 'The panel is back.',
  backgroundSet: (name) => `Background: ${name}.`,
  stageSet: (shown) =>
    shown ? 'The stage is shown.' : 'The stage is hidden; the figures still stand on its floor.',
  alphaClipQuestion: (detail) =>
    `This browser cannot encode a clip with transparency (${detail}). ` +
    'Export it on a green background, for chroma keying, instead?',
  alphaClipUseGreen: 'Use green',
  alphaClipCancel: 'Cancel',
};

export const CAPTURE_STRINGS_JA: CaptureStrings = {
  group: 'キャプチャ',
  background: '背景',
  choices: {
    sky: '空',
    green: 'グリーン（クロマキー）',
    blue: 'ブルー（クロマキー）',
    magenta: 'マゼンタ（クロマキー）',
    custom: '選んだ色',
    transparent: '透明',
  },
  colour: '背景の色',
  stage: 'ステージを表示',
  alwaysOnTop: '常に手前に表示',
  alwaysOnTopSet: (on) =>
    on ? 'ウィンドウを常に手前に表示します。' : 'ウィンドウの手前表示をやめました。',
  alwaysOnTopFailed: '常に手前に表示を切り替えられませんでした。表示メニューから試してください。',
  cleanHint: 'クリーンビュー: Esc か 1 でパネルに戻ります。',
  cleanOff: 'パネルを戻しました。',
  backgroundSet: (name) => `背景: ${name}。`,
  stageSet: (shown) =>
    shown ? 'ステージを表示しました。' : 'ステージを隠しました。人形は見えない床の上に立ちます。',
  alphaClipQuestion: (detail) =>
    `このブラウザーでは透明な動画を書き出せません（${detail}）。` +
    '代わりにクロマキー用のグリーンの背景で書き出しますか？',
  alphaClipUseGreen: 'グリーンにする',
  alphaClipCancel: 'キャンセル',
};
