/**
 * What the view draws behind the scene: the stage's sky, one solid colour (a chroma key for
 * capture software), or nothing at all (transparent pixels, alpha 0, in pictures and clips).
 */
export type Backdrop =
  | { readonly kind: 'sky' }
  | {
      readonly kind: 'colour';
      /** The colour as 0xRRGGBB (sRGB), drawn exactly: no fog or light tints it. */
      readonly rgb: number;
    }
  | { readonly kind: 'transparent' };

/** The sky, as the app starts. */
export const SKY_BACKDROP: Backdrop = { kind: 'sky' };

/** Two backdrops are the same (a colour the same only with the same RGB). */
export function sameBackdrop(a: Backdrop, b: Backdrop): boolean {
  if (a.kind !== b.kind) return false;
  return a.kind !== 'colour' || (b.kind === 'colour' && a.rgb === b.rgb);
}
