/**
 * The words of mixed casts (Add Model…), the drop target, model-reading progress and the
 * status history, in English and Japanese. Reached through `strings(language).cast`
 * (ui/i18n.ts). Messages that carry values are functions.
 */
export interface CastStrings {
  /** Status: a model was added beside the figures already there. */
  readonly modelAdded: (title: string, fileName: string, count: number, max: number) => string;
  /** Alert: Add Model… with every figure slot taken. */
  readonly castFull: (max: number) => string;
  /** The drop target's headline while a file is dragged over the window. */
  readonly dropTitle: string;
  /** The headline while Shift is held: dropping adds the model beside the figures. */
  readonly dropAddTitle: string;
  /** The drop target's second line: what dropping does and how to add instead. */
  readonly dropHint: string;
  /** Status: a big model being read, determinate (megabytes, 0-100 %). */
  readonly modelReading: (fileName: string, readMb: number, totalMb: number) => string;
  /** The earlier messages' list, by accessible name. */
  readonly historyLabel: string;
  /** Shown in the list when nothing has been said yet. */
  readonly historyEmpty: string;
}

export const CAST_STRINGS_EN: CastStrings = {
  modelAdded: (title, fileName, count, max) =>
    `Added ${title} (${fileName}) beside the others (${count} of ${max} figures).`,
  castFull: (max) =>
    `${max} figures is the limit: delete one (right-click it, Delete) before adding another model.`,
  dropTitle: 'Drop to open',
  dropAddTitle: 'Drop to add beside the figures',
  dropHint: 'A model replaces the figures; hold Shift while dropping to add it beside them.',
  modelReading: (fileName, readMb, totalMb) =>
    `Reading ${fileName}: ${readMb.toFixed(1)} of ${totalMb.toFixed(1)} MB (${percent(readMb, totalMb)} %)…`,
  historyLabel: 'Earlier messages, newest first',
  historyEmpty: 'Nothing yet.',
};

export const CAST_STRINGS_JA: CastStrings = {
  modelAdded: (title, fileName, count, max) =>
    `${title}（${fileName}）を今の人形の隣に追加しました（${count} / ${max} 体）。`,
  castFull: (max) =>
    `人形は ${max} 体までです。別のモデルを追加する前に、どれかを右クリックして「削除」してください。`,
  dropTitle: 'ここにドロップして開く',
  dropAddTitle: 'ドロップして隣に追加',
  dropHint: 'モデルは今の人形と入れ替わります。Shift を押しながらドロップすると隣に追加します。',
  modelReading: (fileName, readMb, totalMb) =>
    `${fileName} を読み込んでいます: ${readMb.toFixed(1)} / ${totalMb.toFixed(1)} MB（${percent(readMb, totalMb)} %）…`,
  historyLabel: 'これまでのメッセージ（新しい順）',
  historyEmpty: 'まだありません。',
};

/** Whole percent of `part` in `whole` (0 for an empty whole). */
function percent(part: number, whole: number): number {
  return whole > 0 ? Math.floor((100 * part) / whole) : 0;
}
