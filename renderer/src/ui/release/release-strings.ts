import { keyText } from '../../../../shared/commands';

/** The words of About, the update notice and the first-run welcome, in each language. */
export interface ReleaseStrings {
  readonly aboutTitle: (appName: string) => string;
  readonly version: (version: string) => string;
  /** The runtime's versions; an empty one (a plain browser) is left out. */
  readonly runtime: (electron: string, chromium: string, node: string) => string;
  readonly licence: string;
  readonly dataFolder: (path: string) => string;
  readonly noDataFolder: string;
  readonly showNotices: string;
  readonly hideNotices: string;
  readonly noticesUnreadable: (detail: string) => string;
  readonly showDataFolder: string;
  readonly dataFolderShown: (path: string) => string;
  readonly close: string;
  /** The quiet notice once a version is downloaded. */
  readonly updateReady: (version: string) => string;
  readonly restartNow: string;
  readonly later: string;
  readonly laterSaid: (version: string) => string;
  readonly restarting: (version: string) => string;
  readonly restartRefused: (reason: string) => string;
  /** One Message History line each; never an alert. */
  readonly checkFailed: (detail: string) => string;
  readonly checkTimedOut: (seconds: number) => string;
  readonly welcomeTitle: string;
  readonly welcomeLines: readonly string[];
  readonly welcomeDismiss: string;
}

const HELP_KEY = keyText('help');

export const RELEASE_STRINGS_EN: ReleaseStrings = {
  aboutTitle: (name) => `About ${name}`,
  version: (version) => `Version ${version}`,
  runtime: (electron, chromium, node) =>
    [
      electron && `Electron ${electron}`,
      chromium && `Chromium ${chromium}`,
      node && `Node.js ${node}`,
    ]
      .filter(Boolean)
      .join(' · '),
  licence: 'Free software under the MIT licence. It is built on the open-source packages listed in the third-party notices.',
  dataFolder: (path) => `Presets, the library and settings are kept in ${path}`,
  noDataFolder: 'This page has no data folder: presets and the library need the desktop app.',
  showNotices: 'Third-Party Notices',
  hideNotices: 'Hide Notices',
  noticesUnreadable: (detail) => `The third-party notices could not be read (${detail}).`,
  showDataFolder: 'Show Data Folder',
  dataFolderShown: (path) => `Opened the data folder ${path}.`,
  close: 'Close',
  updateReady: (version) => `Version ${version} is ready — restart to update`,
  restartNow: 'Restart Now',
  later: 'Later',
  laterSaid: (version) => `Version ${version} will be installed when you quit.`,
  restarting: (version) => `Keeping the scene and restarting into version ${version}…`,
  restartRefused: (reason) => `Not restarting: ${reason}.`,
  checkFailed: (detail) => `Could not check for updates: ${detail}.`,
  checkTimedOut: (seconds) => `Could not check for updates: no answer within ${seconds} s.`,
  welcomeTitle: 'Welcome to Ragdoll Playground',
  welcomeLines: [
    'Drop a VRM, PMX or PMD model anywhere on this window and it becomes a ragdoll.',
    'The box dummy is here to play with now: grab it with the mouse and throw it.',
    `Press ${HELP_KEY} for every control and its key.`,
    'Presets you save and the models you open are listed in the panel; their files live in the data folder that Help > About shows.',
  ],
  welcomeDismiss: 'Got It',
};

export const RELEASE_STRINGS_JA: ReleaseStrings = {
  aboutTitle: (name) => `${name} について`,
  version: (version) => `バージョン ${version}`,
  runtime: RELEASE_STRINGS_EN.runtime,
  licence: 'MIT ライセンスのフリーソフトウェアです。第三者ライセンス表記にあるオープンソースのパッケージを使っています。',
  dataFolder: (path) => `プリセット・ライブラリ・設定の保存先: ${path}`,
  noDataFolder: 'このページにはデータフォルダーがありません。プリセットとライブラリはデスクトップアプリで使えます。',
  showNotices: '第三者ライセンス表記',
  hideNotices: '表記を閉じる',
  noticesUnreadable: (detail) => `第三者ライセンス表記を読み込めませんでした (${detail})。`,
  showDataFolder: 'データフォルダーを表示',
  dataFolderShown: (path) => `データフォルダー ${path} を開きました。`,
  close: '閉じる',
  updateReady: (version) => `バージョン ${version} の準備ができました — 再起動で更新します`,
  restartNow: '今すぐ再起動',
  later: 'あとで',
  laterSaid: (version) => `バージョン ${version} は終了時にインストールされます。`,
  restarting: (version) => `シーンを保存して、バージョン ${version} に再起動しています…`,
  restartRefused: (reason) => `再起動しませんでした: ${reason}。`,
  checkFailed: (detail) => `アップデートを確認できませんでした: ${detail}。`,
  checkTimedOut: (seconds) => `アップデートを確認できませんでした: ${seconds} 秒以内に応答がありません。`,
  welcomeTitle: 'Ragdoll Playground へようこそ',
  welcomeLines: [
    'VRM・PMX・PMD のモデルをこのウインドウにドロップすると、ラグドールになります。',
    'いまは箱のダミーで遊べます。マウスでつかんで投げてみてください。',
    `${HELP_KEY} キーで、すべての操作とキーを表示します。`,
    '保存したプリセットと開いたモデルはパネルに並びます。ファイルは「ヘルプ > について」に表示されるデータフォルダーにあります。',
  ],
  welcomeDismiss: 'わかりました',
};
