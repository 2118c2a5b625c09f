import type { Language } from '../i18n';
import type { LinkToolChoice } from './link-tool-choice';

/** The link tools' words: the panel section, the status lines and the body menu's entries. */
export interface LinkStrings {
  readonly group: string;
  readonly tool: string;
  /** The tool choices' names. */
  readonly choices: Readonly<Record<LinkToolChoice, string>>;
  readonly stiffness: string;
  readonly damping: string;
  readonly breakForce: string;
  /** The break force field's hint: empty is off. */
  readonly breakForceHint: string;
  /** The help dialog's paragraph about the link tools. */
  readonly help: string;
  toolSet(choice: LinkToolChoice): string;
  firstEnd(what: string): string;
  made(type: string, a: string, b: string): string;
  readonly cancelled: string;
  readonly world: string;
  readonly nothingThere: string;
  failed(reason: string): string;
  /** A body menu entry: delete a link this body holds. */
  deleteLink(type: string, other: string): string;
  deleted(type: string): string;
  readonly broke: string;
  settingsSet(stiffness: number, damping: number, breakForce: number | null): string;
  readonly badSetting: string;
}

export const LINK_STRINGS_EN: LinkStrings = {
  group: 'Links',
  tool: 'Link tool',
  choices: { off: 'Off', rope: 'Rope', weld: 'Weld', spring: 'Spring', hinge: 'Hinge' },
  stiffness: 'Spring stiffness (N/m)',
  damping: 'Spring damping (N·s/m)',
  breakForce: 'Break force (N)',
  breakForceHint: 'Empty: unbreakable',
  help: 'Links: choose ROPE, WELD, SPRING or HINGE (/ cycles, Esc cancels), click a body or the stage, then another: the link is made at the two points. Right-click a linked body to delete its link; Undo takes a link back.',
  toolSet: (choice) =>
    choice === 'off'
      ? 'Link tool off.'
      : `${LINK_STRINGS_EN.choices[choice]}: click a body or the stage, then another.`,
  firstEnd: (what) => `First end: ${what}. Click the second (Esc cancels).`,
  made: (type, a, b) => `${type} made between ${a} and ${b}.`,
  cancelled: 'Link cancelled.',
  world: 'the stage',
  nothingThere: 'Nothing there to link: click a body or the stage.',
  failed: (reason) => `No link made: ${reason}`,
  deleteLink: (type, other) => `Delete ${type.toLowerCase()} to ${other}`,
  deleted: (type) => `${type} deleted.`,
  broke: 'A link broke.',
  settingsSet: (stiffness, damping, breakForce) =>
    `New links: spring ${stiffness} N/m, damping ${damping} N·s/m, ${breakForce === null ? 'unbreakable' : `breaks at ${breakForce} N`}.`,
  badSetting: 'That is not a number; the setting is as it was.',
};

export const LINK_STRINGS_JA: LinkStrings = {
  group: 'つなぐ',
  tool: 'つなぐ道具',
  choices: { off: 'オフ', rope: 'ロープ', weld: '溶接', spring: 'ばね', hinge: 'ちょうつがい' },
  stiffness: 'ばねの硬さ (N/m)',
  damping: 'ばねの減衰 (N·s/m)',
  breakForce: '切れる力 (N)',
  breakForceHint: '空欄: 切れない',
  help: 'つなぐ: ロープ・溶接・ばね・ちょうつがいを選び（/ で切り替え、Esc で取り消し）、物かステージをクリックしてからもう一つをクリックすると、その二点でつながります。つながった物を右クリックすると削除でき、元に戻すで取り消せます。',
  toolSet: (choice) =>
    choice === 'off'
      ? 'つなぐ道具をオフにしました。'
      : `${LINK_STRINGS_JA.choices[choice]}: 物かステージをクリックしてから、もう一つをクリックします。`,
  firstEnd: (what) => `一つ目: ${what}。二つ目をクリックしてください（Esc で取り消し）。`,
  made: (type, a, b) => `${a}と${b}を${type}でつなぎました。`,
  cancelled: 'つなぐのを取り消しました。',
  world: 'ステージ',
  nothingThere: 'そこにはつなげる物がありません。物かステージをクリックしてください。',
  failed: (reason) => `つなげませんでした: ${reason}`,
  deleteLink: (type, other) => `${other}への${type}を削除`,
  deleted: (type) => `${type}を削除しました。`,
  broke: 'つながりが切れました。',
  settingsSet: (stiffness, damping, breakForce) =>
    `次のつながり: ばね ${stiffness} N/m、減衰 ${damping} N·s/m、${breakForce === null ? '切れない' : `${breakForce} N で切れる`}。`,
  badSetting: '数ではありません。設定はそのままです。',
};

/** The link tools' words in `language`. */
export function linkStrings(language: Language): LinkStrings {
  return language === 'ja' ? LINK_STRINGS_JA : LINK_STRINGS_EN;
}
