import { Box3, Color, Light, PerspectiveCamera, Vector3, Vector4 } from 'three';
import type { Mesh, Object3D, Scene, WebGLRenderer } from 'three';
import { frontFraming } from './front-framing';

/**
 * A recent-list model picture, pixels: 16:9 like the list's box (64×36 CSS pixels), three
 * times over so it stays sharp on a high-density screen.
 */
export const MODEL_THUMBNAIL_WIDTH = 192;
export const MODEL_THUMBNAIL_HEIGHT = 108;
/** A narrow lens, so the figure is seen nearly flat, as a portrait is. */
const FOV_DEG = 25;
/** Behind the figure: a dark slate, against which both dark hair and pale skin read. */
const BACKDROP = new Color(0x33405a);
/** What is framed when a model has no mesh to measure: a person standing at the origin, metres. */
const STANDING_FIGURE = new Box3(new Vector3(-0.4, 0, -0.2), new Vector3(0.4, 1.7, 0.2));

/**
 * Draws `model` (a figure's drawing, at rest and in no scene) from its front into a small
 * PNG, lit by `scene`'s own lights with everything else in `scene` hidden.
 *
 * The picture is drawn on the view's canvas, in its lower-left corner, and copied out in the
 * same task; the caller draws the view again straight after (see `RagdollView.modelThumbnail`),
 * so the screen never shows it. Drawing on the canvas rather than into a render target keeps
 * the shaders the same as the view's own (three.js builds other programs for a target), so
 * the shaders the model needs are built now once, not again for its first frame. The sun's
 * shadow map is left as it was. Allocates: once per model opened, never per frame.
 *
 * @returns the PNG's bytes, or undefined when the canvas is smaller than the picture or the
 *   browser made none (said in the console: a missing picture is not worth an alert)
 */
export function drawModelThumbnail(
  renderer: WebGLRenderer,
  scene: Scene,
  model: Object3D,
): Promise<Uint8Array | undefined> {
  const canvas = renderer.domElement;
  const width = MODEL_THUMBNAIL_WIDTH;
  const height = MODEL_THUMBNAIL_HEIGHT;
  if (canvas.width < width || canvas.height < height) {
    console.warn(
      `[thumbnail] the view (${canvas.width}×${canvas.height}) is smaller than a picture.`,
    );
    return Promise.resolve(undefined);
  }
  const picture = canvas.ownerDocument.createElement('canvas');
  picture.width = width;
  picture.height = height;
  const context = picture.getContext('2d');
  if (!context) return Promise.resolve(undefined);
  withOnlyModelShown(renderer, scene, model, () => {
    const camera = frontCamera(model, width / height);
    const ratio = renderer.getPixelRatio();
    renderer.setViewport(0, 0, width / ratio, height / ratio);
    renderer.setScissor(0, 0, width / ratio, height / ratio);
    renderer.setScissorTest(true);
    renderer.render(scene, camera);
    // The viewport as the driver got it (rounded to whole pixels); its origin is bottom left.
    const drawn = renderer.getCurrentViewport(new Vector4());
    context.drawImage(
      canvas,
      drawn.x,
      canvas.height - drawn.y - drawn.w,
      drawn.z,
      drawn.w,
      0,
      0,
      width,
      height,
    );
  });
  return pngBytes(picture);
}

/**
 * Runs `draw` with `model` in `scene`, the scene's other contents hidden (its lights kept), the
 * backdrop behind it, and the shadow map not drawn again; then puts every one of those, and
 * the renderer's viewport and scissor, back, and takes `model` out again.
 */
function withOnlyModelShown(
  renderer: WebGLRenderer,
  scene: Scene,
  model: Object3D,
  draw: () => void,
): void {
  const hidden = scene.children.filter((child) => child.visible && !(child instanceof Light));
  const background = scene.background;
  const shadowsDue = renderer.shadowMap.needsUpdate;
  const viewport = renderer.getViewport(new Vector4());
  const scissor = renderer.getScissor(new Vector4());
  const scissorTest = renderer.getScissorTest();
  try {
    for (const child of hidden) child.visible = false;
    scene.background = BACKDROP;
    // Drawn now, the map would hold only this model's shadow until something moved.
    renderer.shadowMap.needsUpdate = false;
    scene.add(model);
    model.updateMatrixWorld(true);
    draw();
  } finally {
    model.removeFromParent();
    for (const child of hidden) child.visible = true;
    scene.background = background;
    renderer.shadowMap.needsUpdate = shadowsDue;
    renderer.setViewport(viewport);
    renderer.setScissor(scissor);
    renderer.setScissorTest(scissorTest);
  }
}

/** A camera in front of `model`'s meshes as they are now, framing all of them. */
function frontCamera(model: Object3D, aspect: number): PerspectiveCamera {
  const framing = frontFraming(meshBounds(model), FOV_DEG, aspect);
  const camera = new PerspectiveCamera(FOV_DEG, aspect, framing.near, framing.far);
  camera.position.copy(framing.position);
  camera.lookAt(framing.target);
  camera.updateMatrixWorld();
  return camera;
}

/**
 * The world box of `model`'s visible meshes at their rest shape: each geometry's own box
 * through its mesh's world matrix. A skinned mesh at rest is drawn where its geometry lies, so
 * this skips three.js's per-vertex skinning of `Box3.setFromObject` (and the box it would
 * leave cached on the mesh).
 */
function meshBounds(model: Object3D): Box3 {
  const bounds = new Box3();
  const part = new Box3();
  model.traverseVisible((object) => {
    const mesh = object as Partial<Mesh>;
    if (!mesh.isMesh || !mesh.geometry) return;
    if (mesh.geometry.boundingBox === null) mesh.geometry.computeBoundingBox();
    part.copy(mesh.geometry.boundingBox!).applyMatrix4(object.matrixWorld);
    bounds.union(part);
  });
  return bounds.isEmpty() ? bounds.copy(STANDING_FIGURE) : bounds;
}

function pngBytes(canvas: HTMLCanvasElement): Promise<Uint8Array | undefined> {
  return new Promise((resolve) => {
    canvas.toBlob((blob) => {
      if (!blob) {
        console.warn('[thumbnail] the browser could not make a PNG of the model.');
        resolve(undefined);
        return;
      }
      blob.arrayBuffer().then(
        (buffer) => resolve(new Uint8Array(buffer)),
        (error: unknown) => {
          console.warn('[thumbnail] the PNG of the model could not be read:', error);
          resolve(undefined);
        },
      );
    }, 'image/png');
  });
}
