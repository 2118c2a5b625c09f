import type { Language } from '../i18n';
import { LANGUAGES, languageForTag } from '../i18n';
import { readStoredText, rememberInStorage } from '../../page-storage';

/** Where the chosen language is remembered between runs. */
const STORAGE_KEY = 'ragdoll-playground.language';

/** The language to start in, and whether the person chose it (rather than it following the system). */
export interface StartLanguage {
  readonly language: Language;
  readonly chosen: boolean;
}

/** The language to start in: the one chosen before, else the system's (`navigator.language`). */
export function initialLanguage(
  storage: Storage | undefined,
  systemTag: string | undefined,
): StartLanguage {
  const saved = readSaved(storage);
  return saved
    ? { language: saved, chosen: true }
    : { language: languageForTag(systemTag), chosen: false };
}

/** Remembers the person's choice. Storage can be unavailable (private modes): then it is not kept. */
export function saveLanguage(storage: Storage | undefined, language: Language): void {
  rememberInStorage(storage, STORAGE_KEY, language, '[ui] could not remember the language choice:');
}

function readSaved(storage: Storage | undefined): Language | undefined {
  const value = readStoredText(storage, STORAGE_KEY, '[ui] could not read the saved language:');
  return LANGUAGES.find((language) => language === value);
}
