import { withReason } from '../files/reason-sentence';

/** The words of Export Motion…, Save Picture… and Export Clip…, in English and Japanese. */
export interface ExportStrings {
  readonly group: string;
  /** The checkbox: Save Picture… at twice the 3D view's size. */
  readonly pictureDouble: string;
  /** The list of clip frame rates. */
  readonly clipRate: string;
  readonly cancel: string;
  /** The progress bar's name. */
  readonly clipProgressLabel: string;
  readonly nothingRecorded: string;
  readonly noFigure: string;
  readonly recordingMissing: string;
  readonly saved: (path: string) => string;
  readonly downloaded: (fileName: string) => string;
  readonly motionDone: (where: string, frames: number, bones: number) => string;
  readonly pictureDone: (where: string, width: number, height: number) => string;
  /** `sound` is {@link clipWithSound}, {@link clipVideoOnly}'s words, or empty. */
  readonly clipDone: (where: string, seconds: number, frames: number, sound: string) => string;
  /** Said of a clip with its sound track. */
  readonly clipWithSound: string;
  /** Said of a clip written without sound, and why. */
  readonly clipVideoOnly: (detail: string) => string;
  readonly clipRecording: (percent: number) => string;
  readonly clipCanceled: string;
  readonly clipUnsupported: (detail: string) => string;
  readonly failed: (detail: string) => string;
  readonly busy: string;
}

export const EXPORT_STRINGS_EN: ExportStrings = {
  group: 'Export',
  pictureDouble: 'Picture 2x',
  clipRate: 'Clip fps',
  cancel: 'Cancel',
  clipProgressLabel: 'Clip recorded',
  nothingRecorded: 'Nothing is recorded yet: let the scene run for a moment, then export.',
  noFigure: 'There is no figure to export.',
  recordingMissing: 'The scene is not being recorded, so there is no motion or clip to export.',
  saved: (path) => `Saved ${path}`,
  downloaded: (fileName) => `Downloaded ${fileName} (to your browser's download folder)`,
  motionDone: (where, frames, bones) => `${where}: ${frames} frames at 30 fps, ${bones} bones.`,
  pictureDone: (where, width, height) => `${where}: ${width}×${height} pixels.`,
  clipDone: (where, seconds, frames, sound) =>
    `${where}: ${seconds.toFixed(2)} s, ${frames} frames${sound}. The scene is as it was.`,
  clipWithSound: ', with its sound (Opus)',
  clipVideoOnly: (detail) =>
    `, video only: this browser cannot encode the sound as Opus (${detail})`,
  clipRecording: (percent) => `Recording the clip… ${percent}%`,
  clipCanceled: 'The clip was canceled; nothing was saved and the scene is as it was.',
  clipUnsupported: (detail) => withReason('This browser cannot make a WebM clip', detail, 'en'),
  failed: (detail) => withReason('The export failed', detail, 'en'),
  busy: 'A clip is being recorded: wait for it, or press Cancel (Esc) first.',
};

export const EXPORT_STRINGS_JA: ExportStrings = {
  group: '書き出し',
  pictureDouble: '画像 2倍',
  clipRate: '動画 fps',
  cancel: 'キャンセル',
  clipProgressLabel: '動画の記録',
  nothingRecorded: 'まだ何も記録されていません。少し動かしてから書き出してください。',
  noFigure: '書き出す人形がありません。',
  recordingMissing: 'シーンが記録されていないため、モーションや動画は書き出せません。',
  saved: (path) => `${path} に保存しました`,
  downloaded: (fileName) => `${fileName} をダウンロードしました（ブラウザーのダウンロード先）`,
  motionDone: (where, frames, bones) =>
    `${where}：30 fps で ${frames} フレーム、ボーン ${bones} 本。`,
  pictureDone: (where, width, height) => `${where}：${width}×${height} ピクセル。`,
  clipDone: (where, seconds, frames, sound) =>
    `${where}：${seconds.toFixed(2)} 秒、${frames} フレーム${sound}。シーンは元のままです。`,
  clipWithSound: '、音声付き（Opus）',
  clipVideoOnly: (detail) => `、映像のみ：このブラウザーでは音声を Opus にできません（${detail}）`,
  clipRecording: (percent) => `動画を記録中… ${percent}%`,
  clipCanceled: '動画をキャンセルしました。何も保存されず、シーンは元のままです。',
  clipUnsupported: (detail) => withReason('このブラウザーでは WebM 動画を作れません', detail, 'ja'),
  failed: (detail) => withReason('書き出しに失敗しました', detail, 'ja'),
  busy: '動画を記録中です。終わるまで待つか、先にキャンセル（Esc）を押してください。',
};
