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
  /** Said once when the page may not make sound until the person clicks or presses a key. */
  readonly waitingForGesture: string;
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
  waitingForGesture: 'Sound starts with your first click or key press.',
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
  waitingForGesture: '最初にクリックかキーを押すと音が出ます。',
};

/** The Sound strings in `language`. */
export function soundStrings(language: Language): SoundStrings {
  return language === 'ja' ? SOUND_STRINGS_JA : SOUND_STRINGS_EN;
}
