import type { PerspectiveCamera, Scene, WebGLRenderer } from 'three';
import { Vector2 } from 'three';

/** A picture the graphics driver cannot draw at the size asked for. */
export class PictureSizeError extends Error {
  override name = 'PictureSizeError';
}

/**
 * Draws `scene` through `camera` at exactly `width`×`height` pixels (the camera's aspect fitted
 * to them) into a PNG, then puts the renderer and camera back as they were and draws the view
 * again, all in one task, so the screen never shows the odd size.
 *
 * The canvas is copied by `toBlob` as it is called (the HTML standard takes the bitmap at once
 * and encodes it afterwards), so the drawing buffer does not need `preserveDrawingBuffer`.
 * Allocates the picture: for saving only.
 *
 * @throws PictureSizeError when the driver's largest drawing buffer is smaller than asked
 */
export function renderPicture(
  renderer: WebGLRenderer,
  scene: Scene,
  camera: PerspectiveCamera,
  width: number,
  height: number,
): Promise<Blob> {
  const ratio = renderer.getPixelRatio();
  const size = renderer.getSize(new Vector2());
  const aspect = camera.aspect;
  let blob: Promise<Blob>;
  try {
    renderer.setPixelRatio(1);
    renderer.setSize(width, height, false);
    const gl = renderer.getContext();
    if (gl.drawingBufferWidth !== width || gl.drawingBufferHeight !== height)
      throw new PictureSizeError(
        `A picture of ${width}×${height} pixels is larger than this graphics driver draws ` +
          `(${gl.drawingBufferWidth}×${gl.drawingBufferHeight} at most).`,
      );
    fitCamera(camera, width / height);
    renderer.render(scene, camera);
    blob = canvasPng(renderer.domElement);
  } finally {
    renderer.setPixelRatio(ratio);
    renderer.setSize(size.x, size.y, false);
    fitCamera(camera, aspect);
    renderer.render(scene, camera);
  }
  return blob;
}

function fitCamera(camera: PerspectiveCamera, aspect: number): void {
  camera.aspect = aspect;
  camera.updateProjectionMatrix();
}

/** The canvas as it is now, as PNG bytes. */
function canvasPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(blob);
      else reject(new Error('The browser could not make a PNG of the view.'));
    }, 'image/png');
  });
}
