import type { Language } from '../i18n';

/** What Open Stage… and Built-in Stage tell the person. */
export interface StageStrings {
  reading(fileName: string): string;
  /** `percent`: 0..100, how much of the stage's colliders is built. */
  building(percent: number): string;
  /** `dropped`: the figures were dropped onto it (not when a preset placed them). */
  opened(fileName: string, triangles: number, dropped: boolean): string;
  /** `reason` names the file and says what is wrong; the old stage stays. */
  failed(reason: string): string;
  readonly builtIn: string;
  readonly alreadyBuiltIn: string;
  /** Running as a plain web page: no files can be opened. */
  readonly noHost: string;
}

export const STAGE_STRINGS_EN: StageStrings = {
  reading: (fileName) => `Reading the stage ${fileName}…`,
  building: (percent) => `Building stage… ${percent} %`,
  opened: (fileName, triangles, dropped) =>
    `Stage: ${fileName} (${triangles.toLocaleString('en')} triangles).${dropped ? ' The figures were dropped onto it.' : ''}`,
  failed: (reason) => `The stage was not changed: ${reason}`,
  builtIn: 'The built-in stage is back.',
  alreadyBuiltIn: 'The built-in stage is already in use.',
  noHost: 'Stages are opened in the desktop app.',
};

export const STAGE_STRINGS_JA: StageStrings = {
  reading: (fileName) => `ステージ ${fileName} を読み込み中…`,
  building: (percent) => `ステージを構築中… ${percent} %`,
  opened: (fileName, triangles, dropped) =>
    `ステージ: ${fileName}（三角形 ${triangles.toLocaleString('ja')} 個）。${dropped ? 'フィギュアをその上に落としました。' : ''}`,
  failed: (reason) => `ステージは変わりません: ${reason}`,
  builtIn: '標準のステージに戻しました。',
  alreadyBuiltIn: 'すでに標準のステージです。',
  noHost: 'ステージはデスクトップアプリで開けます。',
};

export function stageStrings(language: Language): StageStrings {
  return language === 'ja' ? STAGE_STRINGS_JA : STAGE_STRINGS_EN;
}
