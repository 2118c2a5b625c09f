import type { BrowserContext } from 'playwright-core';

/** Brightness statistics of an image. */
export interface PixelStats {
  readonly width: number;
  readonly height: number;
  /** Mean luminance, 0..255. */
  readonly mean: number;
  /** Standard deviation of luminance, 0..255: near 0 means a blank, single-colour image. */
  readonly deviation: number;
  /** Number of distinct colours among the sampled pixels (quantised to 4 bits per channel). */
  readonly colours: number;
}

/**
 * Decodes a PNG (e.g. from `page.screenshot`) in a blank page of `context` and measures it.
 * Decoding in the browser needs no image package; a blank page has no CSP to get in the way.
 */
export async function measurePng(context: BrowserContext, png: Buffer): Promise<PixelStats> {
  const page = await context.newPage();
  try {
    return await page.evaluate(
      async (dataUrl) => {
        const image = new Image();
        image.src = dataUrl;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context2d = canvas.getContext('2d')!;
        context2d.drawImage(image, 0, 0);
        const data = context2d.getImageData(0, 0, image.width, image.height).data;
        let sum = 0;
        let sumSquares = 0;
        let count = 0;
        const colours = new Set<number>();
        for (let i = 0; i < data.length; i += 4) {
          const luminance = 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
          sum += luminance;
          sumSquares += luminance * luminance;
          count++;
          colours.add(((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4));
        }
        const mean = sum / count;
        return {
          width: image.width,
          height: image.height,
          mean,
          deviation: Math.sqrt(Math.max(0, sumSquares / count - mean * mean)),
          colours: colours.size,
        };
      },
      `data:image/png;base64,${png.toString('base64')}`,
    );
  } finally {
    await page.close();
  }
}

/** One pixel of a decoded image: red, green, blue and alpha, 0..255 each. */
export interface Rgba {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

/**
 * Decodes a PNG in a blank page of `context` (the browser's own decoder, with no colour
 * conversion) and returns its size and the pixels at `points` (image pixels from the top left).
 */
export async function readPngPixels(
  context: BrowserContext,
  png: Buffer,
  points: readonly { readonly x: number; readonly y: number }[],
): Promise<{ width: number; height: number; pixels: Rgba[] }> {
  const page = await context.newPage();
  try {
    return await page.evaluate(
      async ({ base64, at }) => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }), {
          colorSpaceConversion: 'none',
          premultiplyAlpha: 'none',
        });
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context2d = canvas.getContext('2d')!;
        context2d.drawImage(bitmap, 0, 0);
        const pixels = at.map(({ x, y }) => {
          const [r, g, b, a] = context2d.getImageData(Math.round(x), Math.round(y), 1, 1).data;
          return { r: r!, g: g!, b: b!, a: a! };
        });
        return { width: bitmap.width, height: bitmap.height, pixels };
      },
      { base64: png.toString('base64'), at: points },
    );
  } finally {
    await page.close();
  }
}
