import type { Language } from '../i18n';

/** The Sound section's words and its status messages. */
export interface SoundStrings {
  readonly group: string;
  readonly volume: string;
  readonly volumeHint: string;
  readonly mute: string;
  readonly impacts: string;
  readonly music: string;
  readonly muted: string;
  readonly unmuted: string;
  /** The song line when none is open. */
  readonly noMusic: string;
  readonly offset: string;
  readonly offsetHint: string;
  volumeSet(percent: number): string;
  impactsSet(on: boolean): string;
  musicSet(on: boolean): string;
  offsetSet(seconds: number): string;
  musicOpened(fileName: string, seconds: number): string;
  /** `reason` names the file and says what is wrong. */
  musicFailed(reason: string): string;
  /** The question when a VMD has a song of its name beside it, and its two answers. */
  songBesideQuestion(song: string, motion: string): string;
  readonly songBesideYes: string;
  readonly songBesideNo: string;
}

export const SOUND_STRINGS_EN: SoundStrings = {
  group: 'Sound',
  volume: 'VOLUME',
  volumeHint: 'Loudness of every sound (0 is silent)',
  mute: 'Mute',
  impacts: 'Impact sounds',
  music: 'Music',
  muted: 'Sound muted.',
  unmuted: 'Sound on.',
  volumeSet: (percent) => `Volume ${percent}.`,
  impactsSet: (on) => (on ? 'Impact sounds on.' : 'Impact sounds off.'),
  musicSet: (on) => (on ? 'Music on.' : 'Music off.'),
  offsetSet: (seconds) => `Music offset ${formatOffset(seconds)}.`,
  noMusic: 'No music',
  offset: 'MUSIC OFFSET',
  offsetHint:
    'Seconds added to the motion time to find the place in the song (for files that start early or late)',
  musicOpened: (fileName, seconds) =>
    `Music: ${fileName} (${Math.round(seconds)} s). It plays with the motion.`,
  musicFailed: (reason) => `Could not open the music: ${reason}.`,
  songBesideQuestion: (song, motion) =>
    `${song} is beside ${motion}. Play it as the song for this motion?`,
  songBesideYes: 'Play the song',
  songBesideNo: 'Not now',
};

export const SOUND_STRINGS_JA: SoundStrings = {
  group: 'サウンド',
  volume: '音量',
  volumeHint: 'すべての音の大きさ（0 で無音）',
  mute: 'ミュート',
  impacts: '衝突音',
  music: '音楽',
  muted: '音を消しました。',
  unmuted: '音を出します。',
  volumeSet: (percent) => `音量 ${percent}。`,
  impactsSet: (on) => (on ? '衝突音をオンにしました。' : '衝突音をオフにしました。'),
  musicSet: (on) => (on ? '音楽をオンにしました。' : '音楽をオフにしました。'),
  offsetSet: (seconds) => `音楽のずれ ${formatOffset(seconds)}。`,
  noMusic: '音楽なし',
  offset: '音楽のずれ',
  offsetHint: 'モーションの時間に足す秒数（曲の始まりが早い・遅いファイル用）',
  musicOpened: (fileName, seconds) =>
    `音楽: ${fileName}（${Math.round(seconds)} 秒）。モーションに合わせて流れます。`,
  musicFailed: (reason) => `音楽を開けませんでした: ${reason}。`,
  songBesideQuestion: (song, motion) =>
    `${motion} の隣に ${song} があります。このモーションの曲として再生しますか？`,
  songBesideYes: '曲を再生する',
  songBesideNo: '今はしない',
};

/** An offset as the panel shows it: `+1.25 s`, `−0.50 s`. */
export function formatOffset(seconds: number): string {
  return `${seconds >= 0 ? '+' : '−'}${Math.abs(seconds).toFixed(2)} s`;
}

/** The Sound strings in `language`. */
export function soundStrings(language: Language): SoundStrings {
  return language === 'ja' ? SOUND_STRINGS_JA : SOUND_STRINGS_EN;
}
