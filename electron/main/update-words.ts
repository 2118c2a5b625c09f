/**
 * What Check for Updates… answers in its message box, in English and Japanese (the menu's
 * language). Failures are never answered in a box: they are one line in the page's Message
 * History (see host/update-policy.ts).
 */

import type { UpdateAnswer } from './host/update-policy';
import type { MenuLanguage } from './menu-labels';

export interface AnswerWords {
  readonly message: string;
  readonly detail: string;
  readonly ok: string;
}

/** The box's words for `answer`. */
export function updateAnswerWords(
  language: MenuLanguage,
  appName: string,
  answer: UpdateAnswer,
): AnswerWords {
  const ja = language === 'ja';
  const ok = 'OK';
  switch (answer.kind) {
    case 'up-to-date':
      return ja
        ? { message: `${appName} は最新です。`, detail: `バージョン ${answer.version}`, ok }
        : { message: `${appName} is up to date.`, detail: `Version ${answer.version}`, ok };
    case 'downloading':
      return ja
        ? {
            message: `バージョン ${answer.version} をダウンロードしています。`,
            detail: '準備ができたらステータス行とヘルプメニューでお知らせします。',
            ok,
          }
        : {
            message: `Version ${answer.version} is downloading.`,
            detail: 'The status line and the Help menu will say when it is ready.',
            ok,
          };
    case 'ready':
      return ja
        ? {
            message: `バージョン ${answer.version} の準備ができました。`,
            detail: '再起動すると更新されます。',
            ok,
          }
        : {
            message: `Version ${answer.version} is ready.`,
            detail: 'Restart to update.',
            ok,
          };
    case 'unsupported':
      return ja
        ? {
            message: 'このコピーは自動では更新できません。',
            detail: `理由: ${answer.reason}。新しいバージョンはリリースページからダウンロードしてください。`,
            ok,
          }
        : {
            message: 'This copy cannot update itself.',
            detail: `Because ${answer.reason}. Download new versions from the releases page.`,
            ok,
          };
  }
}
