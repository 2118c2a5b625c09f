import type { FaceRole } from '../view/face/face-roles';

/**
 * The words of FACE REACTIONS and the faces' notes, in English and Japanese. Reached through
 * `strings(language).face` (ui/i18n.ts).
 */
export interface FaceStrings {
  /** The FACE REACTIONS toggle's label while on and off. */
  readonly reactionsOn: string;
  readonly reactionsOff: string;
  /** Its tooltip. */
  readonly reactionsHint: string;
  /** Status: it was turned on or off. */
  readonly reactionsSet: (on: boolean) => string;
  /** Note at load: what the model's face lacks, so those reactions are left out. */
  readonly missing: (fileName: string, roles: readonly FaceRole[]) => string;
}

const ROLE_EN: Readonly<Record<FaceRole, string>> = {
  blink: 'blinking',
  surprised: 'surprise when grabbed',
  pained: 'pain when hit',
};
const ROLE_JA: Readonly<Record<FaceRole, string>> = {
  blink: 'まばたき',
  surprised: 'つかまれたときの驚き',
  pained: '打たれたときの痛がる顔',
};

export const FACE_STRINGS_EN: FaceStrings = {
  reactionsOn: 'FACE REACTIONS: ON',
  reactionsOff: 'FACE REACTIONS: OFF',
  reactionsHint:
    'Faces react to what happens to the bodies: surprised when grabbed, pained when hit, eyes shut lying knocked down (F). Off: only blinking and the motion’s own face.',
  reactionsSet: (on) =>
    on
      ? 'Face reactions on: faces react to grabs, hits and falls.'
      : 'Face reactions off: faces only blink and play the motion’s own expressions.',
  missing: (fileName, roles) =>
    `${fileName}: its face has no expression for ${roles.map((role) => ROLE_EN[role]).join(', ')}, so that is left out.`,
};

export const FACE_STRINGS_JA: FaceStrings = {
  reactionsOn: '表情の反応: オン',
  reactionsOff: '表情の反応: オフ',
  reactionsHint:
    '体に起きたことに顔が反応します。つかむと驚き、打たれると痛がり、倒れたままだと目を閉じます（F）。オフでは、まばたきとモーション自身の表情だけになります。',
  reactionsSet: (on) =>
    on
      ? '表情の反応をオンにしました。つかむ・打つ・倒れるに顔が反応します。'
      : '表情の反応をオフにしました。まばたきとモーション自身の表情だけになります。',
  missing: (fileName, roles) =>
    `${fileName}: 顔に${roles.map((role) => ROLE_JA[role]).join('、')}の表情がないため、その反応は省きます。`,
};
