/**
 * A small **test and diagnostic hook**, `window.__ragdoll`. The end-to-end tests and the
 * renderer benchmark read counts, positions and frame timing through it; it is also handy
 * from DevTools. Apart from {@link RagdollTestHook.throwProp} and time ({@link
 * RagdollTestHook.advance}, {@link RagdollTestHook.holdTime}) it changes nothing, and it is
 * not an API for features: the app's own code never uses it.
 *
 * Kept free of imports so tests can import its types without pulling in the renderer.
 */

/**
 * The frame after a test's step of simulated time: `true` draws it, `'unseen'` moves what a
 * frame moves (the avatars' springs and faces, the follow camera) without drawing, `false`
 * leaves the view alone.
 */
export type FrameAfterStep = boolean | 'unseen';

/**
 * Every body's transform frame by frame, with the bodies as the view draws them (shape, kind,
 * owner: the renderer's `SimBody`, typed loosely here to keep this file free of imports) and
 * each figure's part handles. Recorded by {@link RagdollTestHook.bodyStream}.
 */
export interface HookBodyStream {
  readonly bodies: readonly unknown[];
  readonly figures: readonly {
    readonly id: number;
    readonly partHandles: readonly (readonly [string, number])[];
  }[];
  readonly frameCount: number;
  /** `frameCount × bodies.length × 7` floats: position x, y, z, rotation x, y, z, w. */
  readonly transforms: readonly number[];
}

/** A point in metres. */
export interface HookVec3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** A body's place on screen, CSS pixels from the viewport's top left, and its handle. */
export interface HookScreenPoint {
  readonly x: number;
  readonly y: number;
  readonly handle: number;
}

/** A body's pose: position in metres, rotation as a unit quaternion [x, y, z, w]. */
export interface HookPose {
  readonly position: readonly [number, number, number];
  readonly rotation: readonly [number, number, number, number];
}

/** Frame timing as the render loop recorded it. */
export interface HookFrameStats {
  /** Frames drawn so far. */
  readonly frames: number;
  /** ms after navigation start when the first frame had been drawn; null before. */
  readonly firstFrameMs: number | null;
  /** JavaScript ms of the most recent frames (physics + sync + issuing the draw), oldest first. */
  readonly recentFrameMs: readonly number[];
  /** Of that, ms in physics (the sandbox's `advance`); the rest is syncing and issuing the draw. */
  readonly recentPhysicsMs: readonly number[];
  /** Physics steps of the same frames. */
  readonly recentSteps: readonly number[];
}

/** One joint of {@link RagdollTestHook.jointTargets}. */
export interface HookJointTarget {
  readonly joint: string;
  readonly target: readonly [number, number, number, number];
  readonly actual: readonly [number, number, number, number];
}

/** What `window.__ragdoll` offers. Everything returns fresh plain data. */
export interface RagdollTestHook {
  /** Number of figures. */
  figures(): number;
  /** Number of props (balls and boxes). */
  props(): number;
  /** The props' kinds (`ball`, `box`), oldest first, then `model` for each model prop. */
  propKinds(): string[];
  /** The sandbox's measurements (counts, joint gaps, speeds, ms per step). */
  measure(): Record<string, number | string>;
  /** The root (pelvis) position of figure `index`, metres; null if there is no such figure. */
  rootPosition(index: number): HookVec3 | null;
  /**
   * Where part `part` of figure `index` appears on screen (CSS pixels from the viewport's
   * top left) and its body handle; null if there is no such part or it is behind the camera.
   */
  partOnScreen(index: number, part: string): HookScreenPoint | null;
  /** The position of prop `index` (oldest first), metres; null if there is none. */
  propPosition(index: number): HookVec3 | null;
  /** Where prop `index` appears on screen, and its body handle. */
  propOnScreen(index: number): HookScreenPoint | null;
  /**
   * Puts prop `index` at `from` (metres) moving at `velocity` (m/s), not spinning: a throw
   * aimed exactly, where a flick of the mouse lands wherever the frame rate lets it. False if
   * there is no such prop.
   */
  throwProp(index: number, from: HookVec3, velocity: HookVec3): boolean;
  /** Where the camera is, metres (it moves when the person orbits). */
  cameraPosition(): HookVec3;
  /** The grabbed body's handle, or null. */
  grabbedHandle(): number | null;
  /** Whether the view draws the pins' heads (off in the clean view). */
  pinHeadsShown(): boolean;
  /** STIFFNESS 0..100 and TIME 0.1..1 as the sandbox has them. */
  settings(): {
    stiffness: number;
    timeScale: number;
    showBodies: boolean;
    language: string;
    /** GRAVITY, g. */
    gravity: number;
  };
  /** Frame timing. */
  frameStats(): HookFrameStats;
  /** Each figure's kind, in figure order: `vrm` or `mmd` when an avatar draws it, else `box`. */
  figureKinds(): string[];
  /** The open model's file name, or null for the box dummy. */
  modelFileName(): string | null;
  /** True while the recent list still has a read or change on its way to the host. */
  libraryBusy(): boolean;
  /** three.js's live GPU resources (`renderer.info.memory`), for leak tests. */
  gpuMemory(): { geometries: number; textures: number };
  /** Frames the view drew and the WebGL draw calls it issued for them, since the start. */
  drawCounts(): { frames: number; drawCalls: number };
  /** Every body's pose: each figure's parts in spec order, then the props, oldest first. */
  bodyPoses(): { figures: HookPose[][]; props: HookPose[] };
  /**
   * Each model prop's bodies (models without a humanoid skeleton), oldest first: its carrier
   * part, then the model's own moving bodies.
   */
  modelPropPoses(): HookPose[][];
  /**
   * Where MMD body `bodyIndex` (file order, bone-following ones included) of model prop
   * `index` appears on screen, and its handle; null if there is none.
   */
  modelPropOnScreen(index: number, bodyIndex: number): HookScreenPoint | null;
  /** The camera's orbit target, metres. */
  cameraTarget(): HookVec3;
  /**
   * The spring-bone colliders made from figure `index`'s ragdoll shapes, and how many spring
   * joints of its model collide with them; null when it has no avatar.
   */
  avatarColliders(index: number): { colliders: number; jointsUsingThem: number } | null;
  /**
   * How many materials figure `index`'s MMD model has and how many draw a texture; null when
   * it is not drawn by an MMD model.
   */
  mmdMaterials(index: number): { materials: number; textured: number } | null;
  /**
   * Where bone `name` of figure `index`'s MMD model was last drawn (world, metres); null
   * without an MMD model or such a bone.
   */
  mmdBonePosition(index: number, name: string): HookVec3 | null;
  /**
   * Figure `index`'s face as last drawn: each expression (VRM) or vertex and group morph (MMD)
   * weight by name, 0–1; null when no avatar draws it.
   */
  expressionWeights(index: number): Record<string, number> | null;
  /**
   * Figure `index`'s joints as its motion drives them now: per joint its name, the rotation
   * the motion asks of the child part relative to the parent part (the motion sampled at the
   * figure's motion time), and the relative rotation the bodies have, [x, y, z, w] each;
   * null without such a figure or a motion.
   */
  jointTargets(index: number): HookJointTarget[] | null;
  /**
   * Where figure `index`'s drawn bone `name` is, world metres: an MMD model's bone by its own
   * name (after inheritance and IK), a VRM's by its humanoid bone name (`leftHand`…); null when
   * the figure has no such bone (or no drawn model).
   */
  boneWorldPosition(index: number, name: string): HookVec3 | null;
  /**
   * How many dynamic bodies of the physics world are awake: 0 once Rapier has put every
   * body to sleep, so nothing moves until something wakes it.
   */
  awakeBodies(): number;
  /**
   * The scene's motion: the motion list's selected value (`none`, `builtin:<name>`, `file`),
   * Play/Pause, MUSCLE, GET UP, and per figure its state (`passive`, `following`, `limp`,
   * `gettingUp`) and seconds into the motion.
   */
  motion(): {
    selected: string;
    playing: boolean;
    muscle: number;
    getUp: boolean;
    states: string[];
    times: number[];
  };
  /**
   * The BODIES outline colour of figure `index`'s pelvis as last drawn, as `#rrggbb`; null
   * when there is no such figure or it was never drawn.
   */
  outlineColor(index: number): string | null;
  /**
   * Each recent frame's JavaScript split into sections (`physics`, `pose`, `matrices`,
   * `springs`, `render`, `other`), ms, oldest first; null unless the page was opened with
   * `?frame-sections` (the renderer benchmark).
   */
  frameSections(): { frames: number; recentMs: Record<string, readonly number[]> } | null;
  /**
   * The timeline: whether it runs live or plays back, the frame shown (null live), the
   * recorder's frames held and the first that can be shown, its buffer (bytes, frames it holds
   * at most) and the export range.
   */
  timeline(): HookTimeline;
  /**
   * Every figure part's recorded pose at recorder frame `frame` (figures in order, parts in
   * spec order, as `bodyPoses`); null when the frame is not held.
   */
  recordedPoses(frame: number): HookPose[][] | null;
  /**
   * Records the next `frames` drawn frames: every body's transform after each frame's physics,
   * with the bodies' shapes and the figures' part handles, for the bare avatar benchmark page
   * to replay without physics. Rejects if bodies are added or removed meanwhile.
   */
  bodyStream(frames: number): Promise<HookBodyStream>;
  /**
   * Where the world point `point` (metres) appears on screen, CSS pixels from the viewport's
   * top left; null when it is behind the camera.
   */
  pointOnScreen(point: HookVec3): { x: number; y: number } | null;
  /** The scene's links, oldest first: kind, length (metres) and which end is the world. */
  links(): { type: string; length: number; worldEnd: boolean }[];
  /**
   * A point where a press would pick `target`'s body as the view draws it now: `target`
   * itself when the body shows there, else the nearest such point within 40 CSS pixels
   * (another body in front, or the body's centre past its drawn edge); null when none is.
   * Tests aim with it, so a click lands on the body they mean.
   */
  pickablePoint(target: HookScreenPoint): HookScreenPoint | null;
  /**
   * Steps simulated time by `seconds` (whole 1/120 s physics steps, at any TIME) through the
   * timeline, as the frame loop would over that much time, then draws one frame; returns the
   * steps taken (0 while the timeline is paused or plays back). Tests wait on simulated time
   * with it instead of on how fast the browser draws. `frame: false` leaves the drawing as it
   * was (a wait checking the physics between short steps draws once, at its end); `'unseen'`
   * runs the frame without drawing it: the avatars' springs and faces and the follow camera
   * move as in a drawn frame, for tests that read them frame by frame and not the picture.
   */
  advance(seconds: number, frame?: FrameAfterStep): number;
  /**
   * Draws one frame of the scene as it is, no time passing: what held time shows after a
   * change the interface made (BODIES colours, a camera move, a new figure). Tests that read
   * the drawing call it; {@link advance} draws by itself.
   */
  redraw(): void;
  /**
   * `true`: the frame loop stops advancing the physics (and the avatars' springs) and stops
   * drawing, so only {@link advance} moves time and nothing depends on the frame rate; the
   * picture changes only on {@link advance} and {@link redraw}. `false` gives time and drawing
   * back to the frame loop. Returns whether time is held now.
   */
  holdTime(held: boolean): boolean;
  /**
   * The impact and BLAST sounds started so far, oldest first: when (ms on the page's clock),
   * what kind, and the sound's own loudness 0..1 before VOLUME. Sounds not heard (muted,
   * impacts off, VOLUME 0, or before the first click or key press) are not started and not
   * listed.
   */
  soundLog(): HookSoundLogEntry[];
  /**
   * The song's playback position, seconds, or null when no song is open; with it, the motion
   * clock the song follows: the first figure's motion time (null without a motion), whether
   * the song plays, and its speed.
   */
  musicTime(): number | null;
  /** The motion clock beside {@link musicTime}, read in the same instant. */
  musicClock(): HookMusicClock;
}

/** See {@link RagdollTestHook.musicClock}. */
export interface HookMusicClock {
  readonly musicTime: number | null;
  readonly motionTime: number | null;
  readonly offset: number;
  readonly playing: boolean;
  readonly rate: number | null;
}

/** One sound of {@link RagdollTestHook.soundLog}. */
export interface HookSoundLogEntry {
  readonly time: number;
  readonly kind: 'body' | 'ball' | 'box' | 'stage' | 'blast';
  readonly gain: number;
}

/** The timeline's state, see {@link RagdollTestHook.timeline}. */
export interface HookTimeline {
  readonly live: boolean;
  readonly playing: boolean;
  readonly shownFrame: number | null;
  readonly firstFrame: number;
  readonly lastFrame: number;
  readonly scrubbableFirst: number;
  readonly byteLength: number;
  readonly capacityFrames: number;
  readonly range: {
    readonly startSeconds: number;
    readonly endSeconds: number;
    readonly firstFrame: number;
    readonly lastFrame: number;
  } | null;
}

declare global {
  interface Window {
    /** Test and diagnostic hook; see renderer/src/test-build/test-hook.ts. */
    __ragdoll?: RagdollTestHook;
  }
}

/** Installs the hook on `target` (the window), frozen so nothing can patch it. */
export function installTestHook(target: Window, hook: RagdollTestHook): void {
  Object.defineProperty(target, '__ragdoll', {
    value: Object.freeze(hook),
    writable: false,
    configurable: false,
    enumerable: false,
  });
}
