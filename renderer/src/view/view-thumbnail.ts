/** Thumbnail size of a preset, CSS pixels: 16:9, small enough for a list and a JSON file. */
export const THUMBNAIL_WIDTH = 320;
export const THUMBNAIL_HEIGHT = 180;

/**
 * Copies the middle of a WebGL canvas, scaled to `width`×`height` and cropped to that
 * aspect ratio, into a PNG data URL.
 *
 * Call it in the same task as the render that filled `source`: without
 * `preserveDrawingBuffer` (which would cost a buffer copy on every frame for the sake of a
 * rare save) the drawing buffer is only guaranteed until the browser composites, and an
 * empty one reads back as transparent black. Allocates a small canvas: for saving only.
 *
 * @returns a `data:image/png;base64,` URL, or undefined when the page cannot make one
 */
export function canvasThumbnail(
  source: HTMLCanvasElement,
  width = THUMBNAIL_WIDTH,
  height = THUMBNAIL_HEIGHT,
): string | undefined {
  const target = source.ownerDocument.createElement('canvas');
  target.width = width;
  target.height = height;
  const context = target.getContext('2d');
  if (!context || source.width === 0 || source.height === 0) return undefined;
  const scale = Math.max(width / source.width, height / source.height);
  const cropWidth = width / scale;
  const cropHeight = height / scale;
  context.imageSmoothingQuality = 'high';
  context.drawImage(
    source,
    (source.width - cropWidth) / 2,
    (source.height - cropHeight) / 2,
    cropWidth,
    cropHeight,
    0,
    0,
    width,
    height,
  );
  const url = target.toDataURL('image/png');
  return url.startsWith('data:image/png;base64,') ? url : undefined;
}
