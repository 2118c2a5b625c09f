import { DataTexture, NearestFilter, RGBAFormat, SRGBColorSpace, UnsignedByteType } from 'three';

/** The built-in toon ramp's shadow brightness, 0..255 (MMD's toon01 shadow is about this). */
const SHADOW_LEVEL = 205;

/**
 * A two-step toon ramp for materials whose toon texture is missing (MMD's built-in
 * toon01.bmp … toon10.bmp are not shipped with models): 1 × 2 pixels, lit on top, shade
 * below, read the way MMD reads toon textures (see `mmd-toon-material.ts`). One per model,
 * disposed with the model.
 */
export function createToonRamp(): DataTexture {
  const s = SHADOW_LEVEL;
  const data = new Uint8Array([255, 255, 255, 255, s, s, s, 255]);
  const ramp = new DataTexture(data, 1, 2, RGBAFormat, UnsignedByteType);
  ramp.magFilter = NearestFilter;
  ramp.minFilter = NearestFilter;
  ramp.colorSpace = SRGBColorSpace;
  ramp.flipY = false;
  ramp.needsUpdate = true;
  return ramp;
}
