/**
 * The words of the host's own question dialogs (open the files a preset names; locate a moved
 * one) in English and Japanese, the language the panel shows (or, until the page has said,
 * the system's; see menu-labels.ts).
 */

import { basename } from 'node:path';
import type { PresetFileKind } from './host/dialogs';
import type { MenuLanguage } from './menu-labels';

/** A question box's words; `buttons[0]` goes ahead, `buttons[1]` leaves the files out. */
export interface QuestionWords {
  readonly title: string;
  readonly message: string;
  readonly detail: string;
  readonly buttons: readonly [string, string];
}

/** Locate…'s question, then the title of the file dialog it opens. */
export interface LocateWords extends QuestionWords {
  readonly openTitle: string;
}

const NOUNS: Readonly<Record<MenuLanguage, Readonly<Record<PresetFileKind, string>>>> = {
  en: { model: 'model', motion: 'motion', music: 'song' },
  ja: { model: 'モデル', motion: 'モーション', music: '曲' },
};

/** "Open the files this preset names?", naming each of `paths`. */
export function confirmPresetFilesWords(
  language: MenuLanguage,
  presetName: string,
  paths: readonly string[],
): QuestionWords {
  const list = paths.join('\n');
  if (language === 'ja') {
    return {
      title: 'プリセットが開くファイル',
      message: `「${presetName}」は、Ragdoll Playground でまだ開いていないファイルを開こうとしています:`,
      detail: `${list}\n\nこのプリセットの出どころが分かっている場合だけ開いてください。`,
      buttons: ['これらのファイルを開く', '開かない'],
    };
  }
  return {
    title: 'Open files named by a preset',
    message: `“${presetName}” names files you have not opened in Ragdoll Playground:`,
    detail: `${list}\n\nOpen them only if you know where this preset came from.`,
    buttons: ['Open These Files', 'Leave Them Out'],
  };
}

/** "This file is not where it was; locate it?", naming `missingPath`. */
export function locatePresetFileWords(
  language: MenuLanguage,
  presetName: string,
  kind: PresetFileKind,
  missingPath: string,
): LocateWords {
  const name = basename(missingPath);
  const noun = NOUNS[language][kind];
  if (language === 'ja') {
    return {
      title: '移動したファイルの場所を指定',
      message: `「${presetName}」が使う${noun} ${name} が、保存したときの場所にありません:`,
      detail:
        `${missingPath}\n\n移動した場合は、今の場所を指定してください。` +
        '大きさと内容が同じファイルだけが使われます。',
      buttons: ['場所を指定…', '使わない'],
      openTitle: `${name} の場所を指定`,
    };
  }
  return {
    title: 'Locate a moved file',
    message: `The ${noun} ${name} that “${presetName}” uses is no longer where it was:`,
    detail:
      `${missingPath}\n\nIf you moved it, locate it. Only the same file (the same size and ` +
      'content) is used.',
    buttons: ['Locate…', 'Leave It Out'],
    openTitle: `Locate ${name}`,
  };
}
