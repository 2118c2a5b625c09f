import { reasonSentence, withReason } from './reason-sentence';

/**
 * The words of the presets and recent-model library panels, in English and Japanese.
 * Reached through `strings(language).files` (ui/i18n.ts); kept in their own file because
 * there are many and they belong together. Messages that carry values are functions.
 */
export interface FileStrings {
  readonly needsDesktop: string;
  readonly cancel: string;
  readonly presetsGroup: string;
  readonly presetList: string;
  readonly presetsEmpty: string;
  readonly presetsNeedDesktop: string;
  readonly presetNameLabel: string;
  readonly presetSaveTitle: string;
  readonly presetSaveButton: string;
  readonly presetRenameTitle: (name: string) => string;
  readonly presetRenameButton: string;
  readonly presetDefaultName: (count: number) => string;
  readonly presetSummary: (figures: number, props: number) => string;
  readonly load: string;
  readonly rename: string;
  readonly overwrite: string;
  readonly duplicate: string;
  readonly delete: string;
  readonly export: string;
  /** The accessible name of an action on one listed item, e.g. `Load “Pile-up”`. */
  readonly itemAction: (action: string, name: string) => string;
  readonly presetDeleteQuestion: (name: string) => string;
  readonly presetOverwriteQuestion: (name: string) => string;
  readonly presetSaved: (name: string) => string;
  readonly presetLoaded: (name: string) => string;
  readonly presetRenamed: (from: string, to: string) => string;
  readonly presetOverwritten: (name: string) => string;
  readonly presetDuplicated: (name: string) => string;
  readonly presetDeleted: (name: string) => string;
  readonly presetExported: (name: string, path: string) => string;
  readonly presetImported: (name: string) => string;
  readonly presetFailed: (detail: string) => string;
  readonly presetInvalid: (name: string, detail: string) => string;
  readonly presetBusy: string;
  /** Asked at start when the last session ended without a clean end (a crash). */
  readonly recoveryQuestion: string;
  readonly recoveryRestore: string;
  readonly recoveryDiscard: string;
  /** The name the recovery copy of the scene carries. */
  readonly recoveryName: string;
  /** The scene could not be kept for crash recovery (said once, until a save works again). */
  readonly recoveryNotSaved: (detail: string) => string;
  readonly figureBecameBox: (index: number, title: string, detail: string) => string;
  readonly modelChanged: (path: string) => string;
  readonly libraryGroup: string;
  readonly libraryList: string;
  readonly libraryEmpty: string;
  readonly libraryNeedsDesktop: string;
  readonly open: string;
  readonly locate: string;
  readonly remove: string;
  /** A recent model's Add: a figure of it beside the others (Shift+click Open does the same). */
  readonly addToScene: string;
  /** What Add does, shown when the pointer rests on it. */
  readonly addToSceneHint: string;
  readonly clearAll: string;
  readonly missing: string;
  readonly missingHint: string;
  /** Beside a recent file's format when it opens as a stage. */
  readonly stageKind: string;
  readonly byAuthor: (author: string) => string;
  readonly libraryClearQuestion: (count: number) => string;
  readonly libraryRemoved: (title: string) => string;
  readonly libraryCleared: string;
  readonly libraryLocated: (title: string, path: string) => string;
  readonly libraryFailed: (detail: string) => string;
}

export const FILE_STRINGS_EN: FileStrings = {
  needsDesktop: 'Needs the desktop app',
  cancel: 'Cancel',
  presetsGroup: 'Presets',
  presetList: 'Saved presets',
  presetsEmpty: 'No presets yet. Save Preset… keeps the scene as it is now.',
  presetsNeedDesktop:
    'Presets are saved in the desktop app’s data folder; this web page cannot keep them.',
  presetNameLabel: 'Preset name',
  presetSaveTitle: 'Save the scene as a preset',
  presetSaveButton: 'Save',
  presetRenameTitle: (name) => `Rename “${name}”`,
  presetRenameButton: 'Rename',
  presetDefaultName: (count) => `Scene ${count}`,
  presetSummary: (figures, props) =>
    `${figures} ${figures === 1 ? 'figure' : 'figures'}, ${props} ${props === 1 ? 'prop' : 'props'}`,
  load: 'Load',
  rename: 'Rename…',
  overwrite: 'Overwrite…',
  duplicate: 'Duplicate',
  delete: 'Delete…',
  export: 'Export…',
  itemAction: (action, name) => `${action.replace(/…$/, '')} “${name}”`,
  presetDeleteQuestion: (name) => `Delete the preset “${name}”? This cannot be undone.`,
  presetOverwriteQuestion: (name) => `Replace “${name}” with the scene as it is now?`,
  presetSaved: (name) => `Saved the preset “${name}”.`,
  presetLoaded: (name) => `Loaded the preset “${name}”.`,
  presetRenamed: (from, to) => `Renamed “${from}” to “${to}”.`,
  presetOverwritten: (name) => `Saved the scene over “${name}”.`,
  presetDuplicated: (name) => `Made a copy: “${name}”.`,
  presetDeleted: (name) => `Deleted the preset “${name}”.`,
  presetExported: (name, path) => `Exported “${name}” to ${path}.`,
  presetImported: (name) => `Imported the preset “${name}”; it is in the list.`,
  presetFailed: (detail) =>
    `${reasonSentence(detail, 'en')} The scene and your presets were left as they were.`,
  presetInvalid: (name, detail) =>
    withReason(`The preset “${name}” cannot be loaded`, detail, 'en'),
  presetBusy: 'A preset is still being saved or loaded; wait a moment.',
  recoveryQuestion:
    'Ragdoll Playground did not close properly last time. Restore the scene as it was then?',
  recoveryRestore: 'Restore',
  recoveryDiscard: 'Start fresh',
  recoveryName: 'Recovered scene',
  recoveryNotSaved: (detail) =>
    `${withReason('The scene could not be kept for recovery after a crash', detail, 'en')} The app keeps trying.`,
  figureBecameBox: (index, title, detail) =>
    withReason(
      `Figure ${index}${title ? ` (${title})` : ''} was replaced by a box dummy`,
      detail,
      'en',
    ),
  modelChanged: (path) => `${path} has changed since the preset was saved.`,
  libraryGroup: 'Recent models, motions and songs',
  libraryList: 'Recently opened files',
  libraryEmpty: 'Models, motions, songs and stages you open appear here.',
  libraryNeedsDesktop: 'The list of recent models needs the desktop app.',
  open: 'Open',
  locate: 'Locate…',
  remove: 'Remove',
  addToScene: 'Add',
  addToSceneHint:
    'Adds a figure of this model beside the others (at most 6); Shift+click Open does the same.',
  clearAll: 'Clear All…',
  missing: 'missing',
  missingHint: 'The file was moved or deleted; Locate… points this entry at it again.',
  stageKind: 'Stage',
  byAuthor: (author) => `by ${author}`,
  libraryClearQuestion: (count) =>
    `Remove all ${count} ${count === 1 ? 'model' : 'models'} from the recent list? The files themselves stay where they are.`,
  libraryRemoved: (title) => `Removed ${title} from the recent models.`,
  libraryCleared: 'Cleared the recent models.',
  libraryLocated: (title, path) => `${title} is now at ${path}.`,
  libraryFailed: (detail) =>
    `${reasonSentence(detail, 'en')} The recent models were left as they were.`,
};

export const FILE_STRINGS_JA: FileStrings = {
  needsDesktop: 'デスクトップアプリが必要です',
  cancel: 'キャンセル',
  presetsGroup: 'プリセット',
  presetList: '保存したプリセット',
  presetsEmpty: 'プリセットはまだありません。「プリセットを保存…」で今の場面を残せます。',
  presetsNeedDesktop:
    'プリセットはデスクトップアプリのデータフォルダーに保存されます。この Web ページでは保存できません。',
  presetNameLabel: 'プリセット名',
  presetSaveTitle: '場面をプリセットとして保存',
  presetSaveButton: '保存',
  presetRenameTitle: (name) => `「${name}」の名前を変更`,
  presetRenameButton: '名前を変更',
  presetDefaultName: (count) => `場面 ${count}`,
  presetSummary: (figures, props) => `人形 ${figures} 体、小道具 ${props} 個`,
  load: '読み込む',
  rename: '名前を変更…',
  overwrite: '上書き…',
  duplicate: '複製',
  delete: '削除…',
  export: '書き出す…',
  itemAction: (action, name) => `「${name}」を${action.replace(/…$/, '')}`,
  presetDeleteQuestion: (name) => `プリセット「${name}」を削除しますか？元に戻せません。`,
  presetOverwriteQuestion: (name) => `「${name}」を今の場面で置き換えますか？`,
  presetSaved: (name) => `プリセット「${name}」を保存しました。`,
  presetLoaded: (name) => `プリセット「${name}」を読み込みました。`,
  presetRenamed: (from, to) => `「${from}」を「${to}」に名前変更しました。`,
  presetOverwritten: (name) => `今の場面で「${name}」を上書きしました。`,
  presetDuplicated: (name) => `コピー「${name}」を作りました。`,
  presetDeleted: (name) => `プリセット「${name}」を削除しました。`,
  presetExported: (name, path) => `「${name}」を ${path} に書き出しました。`,
  presetImported: (name) => `プリセット「${name}」を読み込み、一覧に加えました。`,
  presetFailed: (detail) => `${reasonSentence(detail, 'ja')}場面とプリセットはそのままです。`,
  presetInvalid: (name, detail) =>
    withReason(`プリセット「${name}」は読み込めません`, detail, 'ja'),
  presetBusy: 'プリセットを保存または読み込み中です。少しお待ちください。',
  recoveryQuestion:
    '前回、Ragdoll Playground は正しく終了しませんでした。そのときの場面を復元しますか？',
  recoveryRestore: '復元する',
  recoveryDiscard: '新しく始める',
  recoveryName: '復元した場面',
  recoveryNotSaved: (detail) =>
    `${withReason('クラッシュに備えた場面の保存ができませんでした', detail, 'ja')}引き続き保存を試みます。`,
  figureBecameBox: (index, title, detail) =>
    withReason(
      `人形 ${index}${title ? `（${title}）` : ''}は箱の人形に置き換えました`,
      detail,
      'ja',
    ),
  modelChanged: (path) => `${path} はプリセットを保存した後に変更されています。`,
  libraryGroup: '最近のモデル・モーション・曲',
  libraryList: '最近開いたファイル',
  libraryEmpty: '開いたモデル、モーション、曲、ステージがここに並びます。',
  libraryNeedsDesktop: '最近のモデルの一覧にはデスクトップアプリが必要です。',
  open: '開く',
  locate: '場所を指定…',
  remove: '外す',
  addToScene: '追加',
  addToSceneHint:
    'このモデルの人形を今の人形の隣に追加します（6 体まで）。Shift を押しながら「開く」でも同じです。',
  clearAll: 'すべて消す…',
  missing: '見つかりません',
  missingHint: 'ファイルが移動または削除されました。「場所を指定…」で指し直せます。',
  stageKind: 'ステージ',
  byAuthor: (author) => `作者: ${author}`,
  libraryClearQuestion: (count) =>
    `最近のモデル ${count} 件を一覧からすべて外しますか？ファイル自体は残ります。`,
  libraryRemoved: (title) => `${title} を最近のモデルから外しました。`,
  libraryCleared: '最近のモデルを空にしました。',
  libraryLocated: (title, path) => `${title} の場所を ${path} にしました。`,
  libraryFailed: (detail) => `${reasonSentence(detail, 'ja')}最近のモデルの一覧はそのままです。`,
};
