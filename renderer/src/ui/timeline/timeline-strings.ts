/** The timeline bar's words and messages (command labels live in shared/commands.ts). */
export interface TimelineStrings {
  /** The bar's accessible name. */
  readonly barLabel: string;
  /** The track's accessible name (a slider over the recorded frames). */
  readonly trackLabel: string;
  /** Shown on the Pause/Play button while the scene runs. */
  readonly pause: string;
  /** Shown on the Pause/Play button while paused. */
  readonly play: string;
  /** The time readout while the scene runs live. */
  readonly live: string;
  /** The track's spoken value: how far back the frame shown is (e.g. "−2.50 s"). */
  readonly shownAt: (offset: string) => string;
  /** The export range's readout, e.g. "Range 10.0 s". */
  readonly range: (span: string) => string;
  readonly rangeHint: string;
  readonly paused: string;
  readonly playingBack: string;
  readonly liveAgain: string;
  readonly resumed: (offset: string) => string;
  readonly notPaused: string;
  readonly nothingRecorded: string;
  /** Said when scrubbing stops at the oldest frame because figures came or went before it. */
  readonly figuresChanged: string;
  readonly rangeChosen: (span: string) => string;
  readonly rangeDefault: string;
  /** Help lines for the mouse on the timeline. */
  readonly helpMouse: readonly string[];
}

export const TIMELINE_STRINGS_EN: TimelineStrings = {
  barLabel: 'Timeline',
  trackLabel: 'Recorded moment',
  pause: 'Pause',
  play: 'Play',
  live: 'Live',
  shownAt: (offset) => `${offset} before now`,
  range: (span) => `Range ${span}`,
  rangeHint:
    'The stretch exports use. Shift-drag on the timeline to choose it; Shift-click for the last 10 s.',
  paused:
    'Paused. Drag the timeline or press ← / → to look back; Space plays, Enter resumes from here.',
  playingBack: 'Playing the recording back.',
  liveAgain: 'Running live.',
  resumed: (offset) => `Resumed from ${offset}; what came after it is forgotten.`,
  notPaused: 'Pause first (Space), then pick a moment to resume from.',
  nothingRecorded: 'Nothing is recorded yet.',
  figuresChanged:
    'That is as far back as it goes: figures were added or removed just before, and the recording before that cannot be shown.',
  rangeChosen: (span) => `Export range set: ${span}.`,
  rangeDefault: 'Export range: the last 10 s.',
  helpMouse: [
    'Timeline (bottom): drag to look back through the last 60 s; Shift-drag chooses the range exports use, Shift-click resets it to the last 10 s.',
  ],
};

export const TIMELINE_STRINGS_JA: TimelineStrings = {
  barLabel: 'タイムライン',
  trackLabel: '記録の時点',
  pause: '一時停止',
  play: '再生',
  live: 'ライブ',
  shownAt: (offset) => `現在から ${offset}`,
  range: (span) => `範囲 ${span}`,
  rangeHint:
    '書き出しに使う範囲。タイムライン上で Shift を押しながらドラッグして選びます。Shift クリックで直近 10 秒に戻ります。',
  paused:
    '一時停止しました。タイムラインをドラッグするか ← / → で振り返れます。Space で再生、Enter でここから再開します。',
  playingBack: '記録を再生しています。',
  liveAgain: 'ライブで動いています。',
  resumed: (offset) => `${offset} の時点から再開しました。その後の記録は消えました。`,
  notPaused: 'まず一時停止 (Space) して、再開する時点を選んでください。',
  nothingRecorded: 'まだ何も記録されていません。',
  figuresChanged:
    'ここより前には戻れません。直前に人形が追加または削除されたため、それ以前の記録は表示できません。',
  rangeChosen: (span) => `書き出し範囲を ${span} にしました。`,
  rangeDefault: '書き出し範囲: 直近 10 秒。',
  helpMouse: [
    'タイムライン (下端): ドラッグで直近 60 秒を振り返ります。Shift ドラッグで書き出しの範囲を選び、Shift クリックで直近 10 秒に戻します。',
  ],
};
