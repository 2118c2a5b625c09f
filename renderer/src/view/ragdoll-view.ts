import {
  Group,
  PCFShadowMap,
  PerspectiveCamera,
  Raycaster,
  Vector2,
  Vector3,
  WebGLRenderer,
} from 'three';
import type { Object3D } from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import type { StageLayout } from '../physics/stage';
import type { BodyMotionState } from './body-meshes';
import { CameraFollow } from './camera-follow';
import { FramePoses } from './frame-poses';
import type { PosedBodySource } from './frame-poses';
import type { FrameSectionClock } from './frame-sections';
import type { PinSource } from './pin-markers';
import { PinMarkers } from './pin-markers';
import type { LinkLineSource } from './link-lines';
import { LinkLines } from './link-lines';
import type { SimBody } from '../physics/body-registry';
import { BodyMeshes } from './body-meshes';
import type { GrabTarget } from './grab-controller';
import { GrabController } from './grab-controller';
import { RenderLoop } from './render-loop';
import { SceneEnvironment } from './scene-environment';
import type { Backdrop } from './backdrop';
import { SKY_BACKDROP, sameBackdrop } from './backdrop';
import { OUTLINE_LAYER } from './outline-mesh';
import { StageMesh } from './stage-mesh';
import { SunShadowUpdate } from './sun-shadow-update';
import { canvasThumbnail } from './view-thumbnail';
import { drawModelThumbnail } from './model-thumbnail';
import { renderPicture } from './view-picture';
import { AvatarLayer } from './avatar-layer';
import type { Avatar } from './avatar';
import type { RecordedFrames } from './recorded-frames';

/** Everything the view reads from the sandbox. It changes nothing but the grab. */
export interface ViewSandbox extends PosedBodySource, GrabTarget, PinSource {
  readonly stage: StageLayout;
  /** TIME: simulated seconds per wall second; avatars' springs slow down with the physics. */
  readonly timeScale: number;
  advance(frameSeconds: number): number;
  /** The scene's recording, when time runs through one (the avatars keep their springs in step). */
  readonly recording?: RecordedFrames | null;
  /** Ropes, welds, springs and hinges to draw, when the scene has them. */
  readonly links?: LinkLineSource;
  /** False while the frame loop should skip its frames (see `FrameDriver.drawsFrames`). */
  readonly drawsFrames?: boolean;
}

/** three.js's counts of live GPU resources (`renderer.info.memory`). */
export interface GpuMemoryCounts {
  readonly geometries: number;
  readonly textures: number;
}

/** What the view has drawn since it started, for diagnostics and the benchmark. */
export interface DrawCounts {
  /** Frames the view drew. */
  readonly frames: number;
  /** WebGL draw calls over those frames, the shadow map's included (`renderer.info.render.calls`). */
  readonly drawCalls: number;
}

/** Where the camera is and looks (metres), and its vertical field of view (degrees). */
export interface CameraPose {
  readonly position: readonly [number, number, number];
  readonly target: readonly [number, number, number];
  readonly fovDeg: number;
}

/** A ray from the camera, metres: where it starts and its unit direction. */
export interface ViewRay {
  readonly origin: { readonly x: number; readonly y: number; readonly z: number };
  readonly direction: { readonly x: number; readonly y: number; readonly z: number };
}

/** Thrown when the page cannot draw (no WebGL); the message is for the user. */
export class ViewError extends Error {
  override name = 'ViewError';
}

/** How the view runs; the app uses the defaults. */
export interface RagdollViewOptions {
  /**
   * Advance every frame by this much, seconds, instead of wall time (the renderer benchmark
   * only; see {@link RenderLoop}).
   */
  readonly fixedFrameSeconds?: number;
  /** What figure `id` is doing with the motion (BODIES colours). */
  readonly motionStateOf?: (figureId: number) => BodyMotionState;
  /** Receives each frame's time section by section (the renderer benchmark only). */
  readonly frameSections?: FrameSectionClock;
  /**
   * Whether outlines (MMD edges, MToon outlines) are drawn; default true. Off only for the
   * renderer benchmark, which times them on and off.
   */
  readonly outlines?: boolean;
}

/** A 3/4 view from the front right: the figures in front, slope behind, stairs to the right. */
const CAMERA_START = new Vector3(3.4, 2.8, 7);
const CAMERA_TARGET = new Vector3(0.9, 0.5, -0.4);
const MAX_PIXEL_RATIO = 2;

const projected = new Vector3();

/**
 * The three.js view of a sandbox: stage, bodies, sky, lights, orbit camera, mouse grab and
 * the frame loop. Create it in a container element; {@link dispose} frees all of it.
 */
export class RagdollView {
  readonly canvas: HTMLCanvasElement;
  private readonly renderer: WebGLRenderer;
  private readonly camera = new PerspectiveCamera(45, 1, 0.05, 200);
  private readonly controls: OrbitControls;
  private readonly environment = new SceneEnvironment();
  private readonly stageMesh: StageMesh;
  /** Holds the stage drawn, built-in or from a file; STAGE off hides it whole. */
  private readonly stageRoot = new Group();
  private fileStage: Object3D | null = null;
  /** When the sun's shadow map is drawn again, and its fit. */
  private readonly shadow: SunShadowUpdate;
  private readonly bodyMeshes: BodyMeshes;
  private readonly avatars = new AvatarLayer();
  /**
   * The bodies' transforms as the frame being drawn reads them, each body read from the
   * physics once per frame; the avatars read through it too (see {@link FramePoses}).
   */
  readonly poses: FramePoses;
  /** Simulated seconds of the frame being drawn, for the avatars' spring bones. */
  private frameSimSeconds = 0;
  /** Wall seconds of the frame being drawn, for the camera's glide. */
  private frameWallSeconds = 0;
  /** Follow: keeps the figures framed (see {@link CameraFollow}). */
  private readonly follow: CameraFollow;
  /** A red pin head on each pinned body. */
  private readonly pinMarkers: PinMarkers;
  /** A line for each rope and spring, a marker at each weld and hinge. */
  private readonly linkLines: LinkLines | null;
  private readonly grab: GrabController;
  /** Called just before a mouse grab starts (undo captures the scene then). */
  beforeGrab: (() => void) | null = null;
  private readonly loop: RenderLoop;
  private readonly resizeObserver: ResizeObserver;
  private readonly sections: FrameSectionClock | undefined;
  private framesDrawn = 0;
  private drawCallsIssued = 0;
  private backdropValue: Backdrop = SKY_BACKDROP;

  constructor(
    private readonly container: HTMLElement,
    private readonly sandbox: ViewSandbox,
    options: RagdollViewOptions = {},
  ) {
    this.sections = options.frameSections;
    this.renderer = createRenderer(container);
    this.canvas = this.renderer.domElement;
    this.canvas.className = 'view-canvas';
    container.append(this.canvas);
    this.camera.position.copy(CAMERA_START);
    if (options.outlines === false) this.camera.layers.disable(OUTLINE_LAYER);
    else this.camera.layers.enable(OUTLINE_LAYER);
    this.controls = createControls(this.camera, this.canvas);
    this.poses = new FramePoses(sandbox);
    this.follow = new CameraFollow(this.camera, this.controls, this.poses);
    this.stageMesh = new StageMesh(sandbox.stage);
    this.bodyMeshes = new BodyMeshes(this.poses, options.motionStateOf);
    this.pinMarkers = new PinMarkers(sandbox);
    this.linkLines = sandbox.links ? new LinkLines(sandbox.links) : null;
    this.shadow = new SunShadowUpdate(
      this.environment,
      sandbox.stage,
      this.bodyMeshes,
      this.avatars,
    );
    this.stageRoot.add(this.stageMesh.group);
    this.environment.scene.add(
      this.stageRoot,
      this.bodyMeshes.group,
      this.avatars.group,
      this.pinMarkers.group,
    );
    if (this.linkLines) this.environment.scene.add(this.linkLines.group);
    this.grab = new GrabController(
      this.canvas,
      this.camera,
      this.bodyMeshes,
      sandbox,
      this.controls,
      () => this.beforeGrab?.(),
    );
    this.loop = new RenderLoop(
      {
        advance: (seconds) => {
          this.frameSimSeconds = seconds * sandbox.timeScale;
          this.frameWallSeconds = seconds;
          return sandbox.advance(seconds);
        },
        draw: this.draw,
        skip: () => sandbox.drawsFrames === false,
      },
      options.fixedFrameSeconds,
      options.frameSections,
    );
    this.resizeObserver = new ResizeObserver(this.resize);
    this.resizeObserver.observe(container);
    this.resize();
  }

  /** Frame timing, for the diagnostics hook and the benchmark. */
  get stats(): RenderLoop['stats'] {
    return this.loop.stats;
  }

  /** Whether the physics-shape wireframe (BODIES) is shown. */
  get showBodies(): boolean {
    return this.bodyMeshes.showBodies;
  }

  set showBodies(visible: boolean) {
    this.bodyMeshes.showBodies = visible;
  }

  /** What is drawn behind the scene: the sky, a solid colour or nothing (see {@link Backdrop}). */
  get backdrop(): Backdrop {
    return this.backdropValue;
  }

  set backdrop(backdrop: Backdrop) {
    // The colour picker sets it on every move of the pointer: only a change is applied.
    if (sameBackdrop(backdrop, this.backdropValue)) return;
    this.backdropValue = backdrop;
    this.environment.setBackdrop(backdrop);
  }

  /**
   * Whether the stage (floor, slope, stairs, wall) is drawn; the physics keeps it either way,
   * so figures still stand on a floor nobody sees (a figure-only shot).
   */
  get stageShown(): boolean {
    return this.stageRoot.visible;
  }

  set stageShown(shown: boolean) {
    if (shown === this.stageRoot.visible) return;
    this.stageRoot.visible = shown;
    // The stairs and wall cast shadows: the map must be drawn again with or without them.
    this.renderer.shadowMap.needsUpdate = true;
  }

  /**
   * Draws `root` (a stage from a file) in place of the built-in stage's mesh; null brings the
   * built-in mesh back. The caller owns `root` and disposes it after taking it out.
   */
  showFileStage(root: Object3D | null): void {
    if (this.fileStage) this.stageRoot.remove(this.fileStage);
    this.fileStage = root;
    if (root) this.stageRoot.add(root);
    this.stageMesh.group.visible = root === null;
    this.renderer.shadowMap.needsUpdate = true;
  }

  /** Whether the pins' red heads are drawn (off in the clean view: only the scene shows). */
  get pinHeadsShown(): boolean {
    return this.pinMarkers.group.visible;
  }

  set pinHeadsShown(shown: boolean) {
    this.pinMarkers.group.visible = shown;
  }

  /** The colour (0xRRGGBB) of body `handle`'s BODIES outline as last drawn, for tests. */
  outlineColorOf(handle: number): number | undefined {
    return this.bodyMeshes.outlineColorOf(handle);
  }

  /** Where the camera is, metres. Read-only: moving the camera is the orbit controls' job. */
  get cameraPosition(): Readonly<Vector3> {
    return this.camera.position;
  }

  /** The camera as a preset stores it. Allocates: for saving. */
  get cameraPose(): CameraPose {
    const { position, fov } = this.camera;
    const target = this.controls.target;
    return {
      position: [position.x, position.y, position.z],
      target: [target.x, target.y, target.z],
      fovDeg: fov,
    };
  }

  /** Puts the camera where a preset had it (the orbit controls follow from there). */
  setCameraPose(pose: CameraPose): void {
    // Spend the orbit's leftover momentum first (an update without damping applies and
    // clears it), or the camera would drift on from the restored place.
    const damping = this.controls.enableDamping;
    this.controls.enableDamping = false;
    this.controls.update();
    this.controls.enableDamping = damping;
    this.camera.position.set(...pose.position);
    this.controls.target.set(...pose.target);
    this.camera.fov = pose.fovDeg;
    this.camera.updateProjectionMatrix();
    this.controls.update();
  }

  /** Follow (on by default): the camera keeps the figures framed, gliding after them. */
  get following(): boolean {
    return this.follow.enabled;
  }

  set following(on: boolean) {
    this.follow.enabled = on;
  }

  /** The figure the camera orbits around (its id), or null when it frames them all. */
  get focusedFigure(): number | null {
    return this.follow.focusedFigure;
  }

  /** Orbits around figure `figureId` (null: all figures again); turns Follow on. */
  focusFigure(figureId: number | null): void {
    this.follow.focus(figureId);
  }

  /** Home: the camera back where the app starts it, framing every figure. */
  resetCamera(): void {
    this.follow.focus(null);
    this.setCameraPose({
      position: [CAMERA_START.x, CAMERA_START.y, CAMERA_START.z],
      target: [CAMERA_TARGET.x, CAMERA_TARGET.y, CAMERA_TARGET.z],
      fovDeg: this.camera.fov,
    });
  }

  /**
   * The body drawn under the page point (`clientX`, `clientY`, CSS pixels), or undefined.
   * Allocates: for clicks, not per frame.
   */
  bodyAt(clientX: number, clientY: number): SimBody | undefined {
    const rect = this.canvas.getBoundingClientRect();
    const ndc = new Vector2(
      ((clientX - rect.left) / rect.width) * 2 - 1,
      -((clientY - rect.top) / rect.height) * 2 + 1,
    );
    const raycaster = new Raycaster();
    raycaster.setFromCamera(ndc, this.camera);
    for (const hit of raycaster.intersectObjects(this.bodyMeshes.pickables, false)) {
      const handle = this.bodyMeshes.handleOf(hit.object);
      if (handle === undefined) continue;
      const body = this.sandbox.bodies.find((candidate) => candidate.handle === handle);
      if (body) return body;
    }
    return undefined;
  }

  /**
   * Where the world point (`x`, `y`, `z`, metres) is across the view: −1 at the left edge, 1
   * at the right, clamped; 0 for a point behind the camera. For stereo sound. Allocates nothing.
   */
  screenX(x: number, y: number, z: number): number {
    projected.set(x, y, z).project(this.camera);
    if (projected.z > 1 || !Number.isFinite(projected.x)) return 0;
    return Math.max(-1, Math.min(1, projected.x));
  }

  /**
   * The ray from the camera through the page point (`clientX`, `clientY`, CSS pixels), or
   * undefined when the view is not what shows there (outside the canvas, or under the panel
   * or another control). Allocates: for a drop, not per frame.
   */
  rayAt(clientX: number, clientY: number): ViewRay | undefined {
    const rect = this.canvas.getBoundingClientRect();
    const inside =
      clientX >= rect.left &&
      clientX <= rect.right &&
      clientY >= rect.top &&
      clientY <= rect.bottom;
    // Overlays that let the pointer through (the drop target) are not in the way.
    if (!inside || this.canvas.ownerDocument.elementFromPoint(clientX, clientY) !== this.canvas)
      return undefined;
    const raycaster = new Raycaster();
    raycaster.setFromCamera(
      new Vector2(
        ((clientX - rect.left) / rect.width) * 2 - 1,
        -((clientY - rect.top) / rect.height) * 2 + 1,
      ),
      this.camera,
    );
    const { origin, direction } = raycaster.ray;
    return {
      origin: { x: origin.x, y: origin.y, z: origin.z },
      direction: { x: direction.x, y: direction.y, z: direction.z },
    };
  }

  /**
   * A small PNG of the view as it is now (see {@link canvasThumbnail}): draws a frame and
   * reads it back in the same task. Undefined when the canvas cannot be read.
   */
  thumbnail(): string | undefined {
    this.syncBodies();
    this.updateShadow();
    this.renderer.render(this.environment.scene, this.camera);
    return canvasThumbnail(this.canvas);
  }

  /**
   * A small PNG of `model` (a figure's drawing at rest, in no scene yet) seen from its front,
   * for the recent list (see {@link drawModelThumbnail}). Draws now, in this task, and the
   * view again straight after; only the PNG's encoding is left for later.
   */
  modelThumbnail(model: Object3D): Promise<Uint8Array | undefined> {
    let png: Promise<Uint8Array | undefined>;
    try {
      png = drawModelThumbnail(this.renderer, this.environment.scene, model);
    } finally {
      this.syncBodies();
      this.renderer.render(this.environment.scene, this.camera);
    }
    return png;
  }

  /**
   * The view drawn at `width`×`height` pixels as a PNG (Save Picture…): the camera's aspect is
   * fitted to that size for the one picture; the screen is drawn as before. See `renderPicture`.
   */
  picture(width: number, height: number): Promise<Blob> {
    this.syncBodies();
    this.updateShadow();
    return renderPicture(this.renderer, this.environment.scene, this.camera, width, height);
  }

  /**
   * Draws one frame now, as the frame loop does after `seconds` (avatars' springs and the
   * follow camera move by that much), without advancing the physics: a clip export draws its
   * frames itself while the loop is stopped.
   */
  drawFrame(seconds: number): void {
    this.frameSimSeconds = seconds;
    this.frameWallSeconds = seconds;
    this.draw();
  }

  /**
   * Moves everything a frame after `seconds` moves (the avatars' springs and faces, the pin
   * markers and link lines, the follow camera), as {@link drawFrame} does, but issues no
   * drawing: the picture stays as last drawn until the next {@link drawFrame}.
   */
  poseFrame(seconds: number): void {
    this.frameSimSeconds = seconds;
    this.frameWallSeconds = seconds;
    this.frame(false);
  }

  /** True while the mouse holds a body. */
  get grabbing(): boolean {
    return this.grab.holding;
  }

  /** Live geometries and textures on the GPU, for the memory test and diagnostics. */
  get gpuMemory(): GpuMemoryCounts {
    const { geometries, textures } = this.renderer.info.memory;
    return { geometries, textures };
  }

  /** Frames drawn and draw calls issued so far. */
  get drawCounts(): DrawCounts {
    return { frames: this.framesDrawn, drawCalls: this.drawCallsIssued };
  }

  /** How many avatars are shown. */
  get avatarCount(): number {
    return this.avatars.size;
  }

  /**
   * Shows `avatar` over its figure; the figure's own meshes stop being drawn but stay
   * pickable, and BODIES still outlines them. The view owns the avatar from now on.
   */
  addAvatar(avatar: Avatar): void {
    this.avatars.add(avatar);
    this.bodyMeshes.setSolidHidden(avatar.figureId, true);
  }

  /** Removes and disposes the avatar of figure `figureId` (if any). */
  removeAvatar(figureId: number): void {
    this.avatars.remove(figureId);
    this.bodyMeshes.setSolidHidden(figureId, false);
  }

  /** The avatar of figure `figureId`, if it has one. */
  avatarOf(figureId: number): Avatar | undefined {
    return this.avatars.get(figureId);
  }

  /** After DROP or RESET: every avatar's spring bones restart from the new pose. */
  figuresReplaced(): void {
    this.avatars.requestSpringReset();
  }

  /** Starts drawing. */
  start(): void {
    this.loop.start();
  }

  /** Stops the frame loop (nothing is stepped or drawn) until {@link start}. */
  stop(): void {
    this.loop.stop();
  }

  /**
   * Where a world point (metres) appears in the page, in CSS pixels from the viewport's
   * top left; null when it is behind the camera.
   */
  projectToClient(point: { x: number; y: number; z: number }): { x: number; y: number } | null {
    projected.set(point.x, point.y, point.z).project(this.camera);
    if (projected.z > 1) return null;
    const rect = this.canvas.getBoundingClientRect();
    return {
      x: rect.left + ((projected.x + 1) / 2) * rect.width,
      y: rect.top + ((1 - projected.y) / 2) * rect.height,
    };
  }

  /** Stops the loop and frees every GPU resource and listener the view created. */
  dispose(): void {
    this.loop.dispose();
    this.resizeObserver.disconnect();
    this.grab.dispose();
    this.controls.dispose();
    this.avatars.dispose();
    this.bodyMeshes.dispose();
    this.pinMarkers.dispose();
    this.linkLines?.dispose();
    this.stageMesh.dispose();
    this.environment.dispose();
    this.renderer.dispose();
    this.canvas.remove();
  }

  private readonly draw = (): void => {
    this.frame(true);
  };

  /** One frame, drawn or not, the bodies' transforms read once each through {@link poses}. */
  private frame(drawn: boolean): void {
    this.poses.begin();
    try {
      this.moveForFrame();
      if (drawn) this.render();
    } finally {
      this.poses.end();
    }
  }

  private render(): void {
    this.renderer.render(this.environment.scene, this.camera);
    this.sections?.lap('render');
    this.framesDrawn++;
    this.drawCallsIssued += this.renderer.info.render.calls;
  }

  /** Everything a frame moves before it is drawn. */
  private moveForFrame(): void {
    const sections = this.sections;
    this.syncBodies();
    sections?.lap('other');
    this.avatars.prune(this.sandbox);
    this.avatars.update(this.frameSimSeconds, sections, this.sandbox.recording ?? undefined);
    this.pinMarkers.sync();
    this.linkLines?.sync();
    this.updateShadow();
    // A held body is the person's: the camera stands still under the hand, as the orbit does.
    if (!this.grab.holding) this.follow.update(this.frameWallSeconds);
    this.controls.update();
    sections?.lap('other');
  }

  /** Moves the body meshes to the physics. */
  private syncBodies(): void {
    this.bodyMeshes.sync();
  }

  /**
   * Has the sun's shadow map drawn again in the next render, fitted around every caster, only
   * when a caster moved (see {@link SunShadowUpdate}): a scene at rest reuses the last map (see
   * {@link createRenderer}). Call after the avatars' update.
   */
  private updateShadow(): void {
    if (this.shadow.update()) this.renderer.shadowMap.needsUpdate = true;
  }

  /** Half the side of the square the sun's shadow covers now, metres (for tests). */
  get shadowExtent(): number {
    return this.environment.shadowExtent;
  }

  private readonly resize = (): void => {
    const width = Math.max(1, this.container.clientWidth);
    const height = Math.max(1, this.container.clientHeight);
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
  };
}

/**
 * The renderer, on a canvas that already has the container's size when the WebGL context is
 * made: sized afterwards, the browser makes the drawing buffer twice, and the first frame
 * waits for the GPU process's checks of each (counted by `bench:renderer -- --breakdown`).
 */
function createRenderer(container: HTMLElement): WebGLRenderer {
  const pixelRatio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
  const width = Math.max(1, container.clientWidth);
  const height = Math.max(1, container.clientHeight);
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(width * pixelRatio);
  canvas.height = Math.floor(height * pixelRatio);
  let renderer: WebGLRenderer;
  try {
    // An alpha channel lets a transparent backdrop reach pictures and clips as alpha 0; the
    // sky and solid backdrops cover every pixel with alpha 1, so the window looks the same.
    renderer = new WebGLRenderer({
      canvas,
      alpha: true,
      antialias: true,
      powerPreference: 'high-performance',
    });
  } catch (error) {
    throw new ViewError(
      `WebGL is not available, so the scene cannot be drawn (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  renderer.setClearColor(0x000000, 0);
  // The same size again: three.js learns the ratio without the canvas being resized.
  renderer.setDrawingBufferSize(width, height, pixelRatio);
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = PCFShadowMap;
  // Drawn again only when a caster moved (RagdollView.updateShadow), not every frame: bodies
  // and the avatars over them are the only casters that move. A restored context has lost the map.
  renderer.shadowMap.autoUpdate = false;
  renderer.shadowMap.needsUpdate = true;
  renderer.domElement.addEventListener('webglcontextrestored', () => {
    renderer.shadowMap.needsUpdate = true;
  });
  return renderer;
}

function createControls(camera: PerspectiveCamera, element: HTMLElement): OrbitControls {
  const controls = new OrbitControls(camera, element);
  controls.target.copy(CAMERA_TARGET);
  controls.enableDamping = true;
  controls.dampingFactor = 0.12;
  controls.minDistance = 1.5;
  controls.maxDistance = 30;
  // Never below the floor: a camera under the stage sees nothing useful.
  controls.maxPolarAngle = Math.PI * 0.48;
  controls.update();
  return controls;
}
