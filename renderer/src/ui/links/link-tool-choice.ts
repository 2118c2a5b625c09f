import type { LinkType } from '../../physics/links/link-geometry';

/** What the link tool is set to: off, or the kind of link the next two clicks make. */
export type LinkToolChoice = 'off' | LinkType;

/** The order `/` steps through. */
export const LINK_TOOL_CHOICES: readonly LinkToolChoice[] = [
  'off',
  'rope',
  'weld',
  'spring',
  'hinge',
];

/** The choice after `choice` in {@link LINK_TOOL_CHOICES}, back to off after the last. */
export function nextLinkToolChoice(choice: LinkToolChoice): LinkToolChoice {
  const at = LINK_TOOL_CHOICES.indexOf(choice);
  return LINK_TOOL_CHOICES[(at + 1) % LINK_TOOL_CHOICES.length]!;
}
