/**
 * The native menu's own words (menu titles and standard items) in English and Japanese.
 * Command labels come from shared/commands.ts.
 */

import type { MenuItemConstructorOptions } from 'electron';

/** A standard menu role, e.g. `copy` or `minimize`. */
export type MenuRole = NonNullable<MenuItemConstructorOptions['role']>;

export type MenuLanguage = 'en' | 'ja';

/** Japanese for any `ja` locale (`ja`, `ja-JP`), English otherwise. */
export function menuLanguageFor(locale: string): MenuLanguage {
  return locale.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

export interface MenuLabels {
  readonly file: string;
  readonly openModel: string;
  readonly openMotion: string;
  readonly openRecent: string;
  /** Shown, disabled, when the recent library is empty. */
  readonly noRecent: string;
  /** Appended to a recent model or motion whose file has moved or changed. */
  readonly missing: string;
  /** Appended to a recent file that opens as a stage. */
  readonly stageMark: string;
  readonly edit: string;
  readonly scene: string;
  readonly motion: string;
  readonly view: string;
  readonly window: string;
  readonly help: string;
  readonly about: (appName: string) => string;
  readonly hide: (appName: string) => string;
  readonly quit: (appName: string) => string;
  readonly reload: string;
  readonly toggleDevTools: string;
  readonly fullScreen: string;
  /** Help > Check for Updates…: checks now and answers either way. */
  readonly checkForUpdates: string;
  /** Help > the "check by itself" setting (a checkbox). */
  readonly checkAutomatically: string;
  /** Help > Restart to Update, shown once `version` is downloaded. */
  readonly restartToUpdate: (version: string) => string;
  /** View > Always on Top: the window stays above other windows (for capturing it). */
  readonly alwaysOnTop: string;
  /** Labels for standard role items; a missing one keeps Electron's own (English) label. */
  readonly roles: Readonly<Partial<Record<MenuRole, string>>>;
}

export const MENU_LABELS: Readonly<Record<MenuLanguage, MenuLabels>> = {
  en: {
    file: 'File',
    openModel: 'Open Model…',
    openMotion: 'Open Motion…',
    openRecent: 'Open Recent',
    noRecent: 'No Recent Files',
    missing: '(missing)',
    stageMark: '(stage)',
    edit: 'Edit',
    scene: 'Scene',
    motion: 'Motion',
    view: 'View',
    window: 'Window',
    help: 'Help',
    about: (name) => `About ${name}`,
    hide: (name) => `Hide ${name}`,
    quit: (name) => `Quit ${name}`,
    reload: 'Reload',
    toggleDevTools: 'Toggle Developer Tools',
    fullScreen: 'Toggle Full Screen',
    checkForUpdates: 'Check for Updates…',
    checkAutomatically: 'Check for Updates Automatically',
    restartToUpdate: (version) => `Restart to Update to ${version}`,
    alwaysOnTop: 'Always on Top',
    roles: {},
  },
  ja: {
    file: 'ファイル',
    openModel: 'モデルを開く…',
    openMotion: 'モーションを開く…',
    openRecent: '最近使ったファイル',
    noRecent: '最近使ったファイルはありません',
    missing: '(見つかりません)',
    stageMark: '(ステージ)',
    edit: '編集',
    scene: 'シーン',
    motion: 'モーション',
    view: '表示',
    window: 'ウインドウ',
    help: 'ヘルプ',
    about: (name) => `${name} について`,
    hide: (name) => `${name} を隠す`,
    quit: (name) => `${name} を終了`,
    reload: '再読み込み',
    toggleDevTools: '開発者ツール',
    fullScreen: 'フルスクリーン',
    checkForUpdates: 'アップデートを確認…',
    checkAutomatically: 'アップデートを自動で確認',
    restartToUpdate: (version) => `再起動してバージョン ${version} に更新`,
    alwaysOnTop: '常に手前に表示',
    roles: {
      undo: '取り消す',
      redo: 'やり直す',
      cut: '切り取り',
      copy: 'コピー',
      paste: '貼り付け',
      selectAll: 'すべてを選択',
      services: 'サービス',
      hideOthers: 'ほかを隠す',
      unhide: 'すべてを表示',
      minimize: '最小化',
      zoom: '拡大/縮小',
      close: '閉じる',
      front: 'すべてを手前に移動',
    },
  },
};
