import type { Language } from '../i18n';

/** Full stops a reason may already end with, in either language (and the full-width one). */
const TRAILING_FULL_STOPS = /[.。．\s]+$/u;
/** Endings that close a sentence by themselves: no full stop is added after them. */
const CLOSING_MARKS = /[?!？！]$/u;

/** A language's full stop. */
function fullStop(language: Language): string {
  return language === 'ja' ? '。' : '.';
}

/**
 * `reason` (a message from a parser, the host or the browser, which may or may not end with
 * a full stop of either language) as one sentence ending in exactly one full stop of
 * `language`: "x." and "x" both become "x." in English, "x。" in Japanese. A reason that ends
 * in a question or exclamation mark keeps it alone; an empty reason stays empty.
 */
export function reasonSentence(reason: string, language: Language): string {
  const body = reason.replace(TRAILING_FULL_STOPS, '');
  if (body === '') return '';
  return CLOSING_MARKS.test(body) ? body : `${body}${fullStop(language)}`;
}

/**
 * `lead` ("Could not open the model") and `reason` joined as one sentence with one full stop:
 * "Could not open the model: it is empty." / "モデルを開けませんでした: 空のファイルです。".
 * Without a reason, `lead` alone ends the sentence.
 */
export function withReason(lead: string, reason: string, language: Language): string {
  const sentence = reasonSentence(reason, language);
  return sentence === '' ? reasonSentence(lead, language) : `${lead}: ${sentence}`;
}
