import type { FaceRole } from '../../view/face/face-roles';

/**
 * The words of FACE REACTIONS and the faces' notes, in English and Japanese. Reached through
 * `strings(language).face` (ui/i18n.ts).
 */
export interface FaceStrings {
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
  reactionsSet: (on) =>
    on
      ? 'Face reactions on: faces react to grabs, hits and falls.'
      : 'Face reactions off: faces only blink and play the motion’s own expressions.',
  missing: (fileName, roles) =>
    `${fileName}: its face has no expression for ${roles.map((role) => ROLE_EN[role]).join(', ')}, so that is left out.`,
};

export const FACE_STRINGS_JA: FaceStrings = {
  reactionsSet: (on) =>
    on
      ? '表情の反応をオンにしました。つかむ・打つ・倒れるに顔が反応します。'
      : '表情の反応をオフにしました。まばたきとモーション自身の表情だけになります。',
  missing: (fileName, roles) =>
    `${fileName}: 顔に${roles.map((role) => ROLE_JA[role]).join('、')}の表情がないため、その反応は省きます。`,
};
