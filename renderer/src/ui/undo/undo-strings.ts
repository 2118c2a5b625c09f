import { withReason } from '../files/reason-sentence';

/** What undo and redo say, in each language. */
export interface UndoStrings {
  /** After Undo: `what` is the change taken back (a command's label, or a word below). */
  readonly undone: (what: string) => string;
  readonly redone: (what: string) => string;
  readonly nothingToUndo: string;
  readonly nothingToRedo: string;
  /** Undo or redo could not make the scene (the reason follows); the scene is as it was. */
  readonly failed: (detail: string) => string;
  /** Names of the changes that are not commands. */
  readonly throwing: string;
  readonly pin: string;
  /** A link made or deleted with the link tools. */
  readonly link: string;
  readonly deleting: string;
  readonly loadPreset: string;
  readonly motionChoice: string;
}

export const UNDO_STRINGS_EN: UndoStrings = {
  undone: (what) => `Undone: ${what}.`,
  redone: (what) => `Redone: ${what}.`,
  nothingToUndo: 'Nothing to undo.',
  nothingToRedo: 'Nothing to redo.',
  failed: (detail) =>
    `${withReason('Could not undo or redo', detail, 'en')} The scene is as it was.`,
  throwing: 'Grab and Throw',
  pin: 'Pin',
  link: 'Link',
  deleting: 'Delete',
  loadPreset: 'Load Preset',
  motionChoice: 'Motion Choice',
};

export const UNDO_STRINGS_JA: UndoStrings = {
  undone: (what) => `取り消しました: ${what}。`,
  redone: (what) => `やり直しました: ${what}。`,
  nothingToUndo: '取り消せる操作はありません。',
  nothingToRedo: 'やり直せる操作はありません。',
  failed: (detail) =>
    `${withReason('取り消し／やり直しができませんでした', detail, 'ja')}シーンはそのままです。`,
  throwing: 'つかんで投げる',
  pin: '固定',
  link: 'つなぐ',
  deleting: '削除',
  loadPreset: 'プリセットの読み込み',
  motionChoice: 'モーションの選択',
};
