import type { HostProblem, HostProblemCode } from '../../../../shared/host-contract';
import type { Language } from '../i18n';

/**
 * What each kind of host problem means, said in Japanese. The host words its messages in
 * English (it names the file, the sizes and the system's own error); in the Japanese panel the
 * kind of problem is said first and the host's words follow in brackets, so nothing it found
 * is lost.
 */
const KIND_JA: Readonly<Record<HostProblemCode, string>> = {
  canceled: 'ファイルが選ばれませんでした',
  missing: 'ファイルが見つかりません',
  'too-large': 'ファイルが大きすぎます',
  'not-a-model': 'VRM・PMX・PMD のモデルではありません',
  'not-a-motion': 'VRMA・VMD のモーションではありません',
  'not-audio': '音声ファイル（WAV・MP3・Ogg・FLAC・M4A・AAC）ではありません',
  unreadable: 'ファイルを読めませんでした',
  'not-allowed': 'このアプリが開いたファイルではないため、読み書きしませんでした',
  invalid: 'ファイルの中身が正しくありません',
  'wrong-format': 'ファイルの形式が違います',
  'write-failed': '書き込めませんでした。元のファイルはそのままです',
};

/** Full stops at the end of the host's sentence, dropped inside the brackets. */
const TRAILING_FULL_STOPS = /[.。\s]+$/u;

/**
 * A host problem as a reason in `language`, without its final full stop (the sentence it is
 * put in ends it, see `withReason`): the host's own words in English; in Japanese the kind of
 * problem, then the host's words in brackets.
 */
export function hostProblemText(problem: HostProblem, language: Language): string {
  const detail = problem.message.replace(TRAILING_FULL_STOPS, '');
  if (language === 'en') return detail;
  return detail === '' ? KIND_JA[problem.code] : `${KIND_JA[problem.code]}（${detail}）`;
}
