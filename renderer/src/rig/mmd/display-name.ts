/**
 * A name from an MMD file as it should be shown: without the whitespace and control characters
 * some files carry around it (mokou_B.pmd's rigid-body names begin with a line feed; padding
 * spaces, including the full-width U+3000, are common). The parser keeps the file's bytes;
 * the rig trims where file names become spec names. Inner characters are left alone.
 */
export function mmdDisplayName(raw: string): string {
  return raw.replace(/^[\s\p{Cc}]+|[\s\p{Cc}]+$/gu, '');
}
