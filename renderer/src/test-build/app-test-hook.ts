import type { RunningApp } from '../boot';
import type { Sandbox } from '../physics/sandbox';
import type { RigidBody } from '../physics/rapier-api';
import { BODY_SNAPSHOT_LENGTH } from '../physics/body-snapshot';
import { createDollPose } from '../physics/motion/doll-motion';
import { Quaternion } from 'three';
import type { HookPose, HookScreenPoint, HookVec3, RagdollTestHook } from './test-hook';
import type { FrameSectionTimes } from './frame-section-times';
import { TestClock } from './test-clock';
import { recordBodyStream } from './body-stream';
import { MmdAvatar } from '../view/mmd/mmd-avatar';
import type { RagdollView } from '../view/ragdoll-view';
import { VrmAvatar } from '../view/vrm/vrm-avatar';

/**
 * Builds the `window.__ragdoll` hook over the running app (see test-hook.ts), and puts a
 * {@link TestClock} between the view's frame loop and the timeline for its time controls,
 * holding time from the start when `held`.
 */
export function createAppTestHook(
  app: RunningApp,
  sections?: FrameSectionTimes,
  held = false,
): RagdollTestHook {
  const { sandbox, view, ui, slot } = app;
  const clock = new TestClock(ui.timeline, sandbox, view);
  clock.hold(held);
  slot.driveWith(clock);
  return {
    figures: () => sandbox.figureTable.figures.length,
    props: () => sandbox.props.length,
    propKinds: () => [
      ...sandbox.props.map((prop) => prop.kind),
      ...sandbox.modelProps.map((prop) => prop.kind),
    ],
    measure: () => ({ ...sandbox.measure(), stiffnessMethod: sandbox.stiffnessMethod }),
    rootPosition: (index) => {
      const handle = sandbox.figureTable.figures[index]?.rootHandle;
      return handle === undefined ? null : transformOf(sandbox, handle).position;
    },
    partOnScreen: (index, partName) => {
      const handle = sandbox.figureTable.figures[index]?.partHandles.get(partName);
      return handle === undefined ? null : handleOnScreen(view, sandbox, handle);
    },
    propPosition: (index) => {
      const body = sandbox.props[index]?.body;
      return body ? copyVec(body.translation()) : null;
    },
    propOnScreen: (index) => {
      const body = sandbox.props[index]?.body;
      return body ? onScreen(view, body) : null;
    },
    throwProp: (index, from, velocity) => {
      const body = sandbox.props[index]?.body;
      if (!body) return false;
      body.setTranslation(from, true);
      body.setLinvel(velocity, true);
      body.setAngvel({ x: 0, y: 0, z: 0 }, true);
      return true;
    },
    cameraPosition: () => copyVec(view.cameraPosition),
    soundLog: () => ui.sound.log.map((entry) => ({ ...entry })),
    musicTime: () => ui.sound.music.musicTime,
    musicClock: () => {
      const figure = sandbox.figureTable.figures.find((entry) => sandbox.motion.of(entry.id));
      return {
        musicTime: ui.sound.music.musicTime,
        motionTime: figure ? sandbox.motion.time(figure.id) : null,
        offset: ui.sound.music.offset,
        playing: ui.sound.music.playing,
        rate: ui.sound.music.rate,
      };
    },
    grabbedHandle: () => sandbox.grab.handle,
    pinHeadsShown: () => view.pinHeadsShown,
    settings: () => ({
      stiffness: sandbox.stiffness,
      timeScale: sandbox.timeScale,
      showBodies: view.showBodies,
      language: ui.language,
      gravity: sandbox.gravityScale,
    }),
    frameStats: () => view.stats.snapshot(),
    figureKinds: () =>
      sandbox.figureTable.figures.map((figure) => ui.models.models.kindOf(figure.id)),
    modelFileName: () => ui.models.models.modelFileName ?? null,
    libraryBusy: () => ui.library.busy,
    gpuMemory: () => ({ ...view.gpuMemory }),
    drawCounts: () => ({ ...view.drawCounts }),
    bodyPoses: () => ({
      figures: sandbox.figureTable.figures.map((figure) =>
        figure.parts.map((part) => poseOf(sandbox, part.handle)),
      ),
      props: sandbox.props.map((prop) => pose(prop.body)),
    }),
    modelPropPoses: () =>
      sandbox.modelProps.map((prop) => [
        ...prop.ragdoll.parts.map((part) => pose(part.body)),
        ...prop.mmd.bodies
          .filter((body) => body.spec.motion !== 'follow')
          .map((body) => pose(body.body)),
      ]),
    modelPropOnScreen: (index, bodyIndex) => {
      const body = sandbox.modelProps[index]?.mmd.bodies[bodyIndex]?.body;
      return body ? onScreen(view, body) : null;
    },
    cameraTarget: () => {
      const [x, y, z] = view.cameraPose.target;
      return { x, y, z };
    },
    avatarColliders: (index) => {
      const figure = sandbox.figureTable.figures[index];
      const avatar = figure ? view.avatarOf(figure.id) : undefined;
      return avatar instanceof VrmAvatar ? avatar.colliderReport() : null;
    },
    mmdMaterials: (index) => {
      const avatar = mmdAvatarOf(sandbox, view, index);
      return avatar ? avatar.materialCounts : null;
    },
    expressionWeights: (index) => {
      const figure = sandbox.figureTable.figures[index];
      const avatar = figure ? view.avatarOf(figure.id) : undefined;
      return avatar instanceof MmdAvatar || avatar instanceof VrmAvatar
        ? avatar.expressionWeights()
        : null;
    },
    jointTargets: (index) => {
      const figure = sandbox.figureTable.figures[index];
      const motion = figure ? sandbox.motion.of(figure.id) : null;
      if (!figure || !motion) return null;
      const parts = figure.parts;
      const target = createDollPose(parts.length);
      motion.sample(sandbox.motion.time(figure.id), target);
      const indexOf = (name: string): number => parts.findIndex((p) => p.name === name);
      const at = (rotations: Float64Array, i: number): Quaternion =>
        new Quaternion().fromArray(rotations, 4 * i);
      const body = (i: number): Quaternion => {
        const q = transformOf(sandbox, parts[i]!.handle).rotation;
        return new Quaternion(q.x, q.y, q.z, q.w);
      };
      return figure.spec.joints.map((joint) => {
        const parent = indexOf(joint.parent);
        const child = indexOf(joint.child);
        const wanted = at(target.rotations, parent).invert().multiply(at(target.rotations, child));
        const now = body(parent).invert().multiply(body(child));
        return {
          joint: joint.name,
          target: [wanted.x, wanted.y, wanted.z, wanted.w],
          actual: [now.x, now.y, now.z, now.w],
        };
      });
    },
    mmdBonePosition: (index, name) => mmdAvatarOf(sandbox, view, index)?.bonePosition(name) ?? null,
    boneWorldPosition: (index, name) => {
      const figure = sandbox.figureTable.figures[index];
      const avatar = figure ? view.avatarOf(figure.id) : undefined;
      const drawn =
        avatar instanceof MmdAvatar || avatar instanceof VrmAvatar
          ? avatar.bonePosition(name)
          : null;
      return drawn ? copyVec(drawn) : null;
    },
    awakeBodies: () => {
      let awake = 0;
      sandbox.world.bodies.forEach((body) => {
        if (body.isDynamic() && !body.isSleeping()) awake++;
      });
      return awake;
    },
    motion: () => ({
      selected: ui.motions.selected,
      playing: ui.motions.playing,
      muscle: ui.motions.muscle,
      getUp: ui.motions.getUp,
      states: sandbox.figureTable.figures.map((figure) => ui.motions.stateOf(figure.id)),
      times: sandbox.figureTable.figures.map((figure) => ui.motions.timeOf(figure.id)),
    }),
    outlineColor: (index) => {
      const handle = sandbox.figureTable.figures[index]?.rootHandle;
      const color = handle === undefined ? undefined : view.outlineColorOf(handle);
      return color === undefined ? null : `#${color.toString(16).padStart(6, '0')}`;
    },
    frameSections: () => sections?.snapshot() ?? null,
    timeline: () => {
      const timeline = ui.timeline;
      const recorder = timeline.recorder;
      return {
        live: timeline.live,
        playing: timeline.playing,
        shownFrame: timeline.shownFrame,
        firstFrame: recorder.firstFrame,
        lastFrame: recorder.lastFrame,
        scrubbableFirst: timeline.scrubbable.first,
        byteLength: recorder.byteLength,
        capacityFrames: recorder.capacityFrames,
        range: timeline.exportRange(),
      };
    },
    recordedPoses: (frame) => {
      const recorder = ui.timeline.recorder;
      if (!recorder.holds(frame)) return null;
      const state = new Float64Array(BODY_SNAPSHOT_LENGTH);
      return recorder.layoutAt(frame).figures.map((figure) => {
        const parts: HookPose[] = [];
        for (let slot = figure.start; slot < figure.start + figure.partCount; slot++) {
          recorder.readState(frame, slot, state);
          parts.push({
            position: [state[0]!, state[1]!, state[2]!],
            rotation: [state[3]!, state[4]!, state[5]!, state[6]!],
          });
        }
        return parts;
      });
    },
    bodyStream: (frames) =>
      recordBodyStream(
        {
          bodies: sandbox.bodies,
          get bodiesVersion() {
            return sandbox.bodiesVersion;
          },
          readTransform: (handle, position, rotation) =>
            sandbox.readTransform(handle, position, rotation),
          figures: sandbox.figureTable.figures.map((figure) => ({
            id: figure.id,
            partHandles: figure.parts.map((part) => [part.name, part.handle] as const),
          })),
        },
        frames,
      ),
    pointOnScreen: (point) => view.projectToClient(point),
    links: () =>
      sandbox.links.list.map((link) => ({
        type: link.geometry.type,
        length: link.geometry.length,
        worldEnd: link.bodyA === null || link.bodyB === null,
      })),
    pickablePoint: (target) => pickablePoint(view, target),
    advance: (seconds, draw) => clock.advanceSimulated(seconds, draw),
    redraw: () => view.drawFrame(0),
    holdTime: (held) => {
      clock.hold(held);
      return clock.holding;
    },
  };
}

/** How far from the aimed point {@link pickablePoint} looks, CSS pixels, and its step. */
const PICK_SEARCH_RADIUS = 40;
const PICK_SEARCH_STEP = 4;
/** Directions tried on each ring around the aimed point. */
const PICK_SEARCH_DIRECTIONS = 12;

/** The point nearest `target` (rings outward) where the view picks `target.handle`. */
function pickablePoint(view: RagdollView, target: HookScreenPoint): HookScreenPoint | null {
  const document = view.canvas.ownerDocument;
  // The panel or another control over the view would take the press instead.
  const picks = (x: number, y: number) =>
    document.elementFromPoint(x, y) === view.canvas && view.bodyAt(x, y)?.handle === target.handle;
  if (picks(target.x, target.y)) return target;
  for (let ring = PICK_SEARCH_STEP; ring <= PICK_SEARCH_RADIUS; ring += PICK_SEARCH_STEP) {
    for (let i = 0; i < PICK_SEARCH_DIRECTIONS; i++) {
      const angle = (i / PICK_SEARCH_DIRECTIONS) * 2 * Math.PI;
      const x = target.x + ring * Math.cos(angle);
      const y = target.y + ring * Math.sin(angle);
      if (picks(x, y)) return { x, y, handle: target.handle };
    }
  }
  return null;
}

function mmdAvatarOf(sandbox: Sandbox, view: RagdollView, index: number): MmdAvatar | undefined {
  const figure = sandbox.figureTable.figures[index];
  const avatar = figure ? view.avatarOf(figure.id) : undefined;
  return avatar instanceof MmdAvatar ? avatar : undefined;
}

function copyVec(v: { x: number; y: number; z: number }): HookVec3 {
  return { x: v.x, y: v.y, z: v.z };
}

function pose(body: RigidBody): HookPose {
  const p = body.translation();
  const q = body.rotation();
  return { position: [p.x, p.y, p.z], rotation: [q.x, q.y, q.z, q.w] };
}

/** The pose of the body with this handle, read through the sandbox as the view reads it. */
function transformOf(
  sandbox: Sandbox,
  handle: number,
): { position: HookVec3; rotation: { x: number; y: number; z: number; w: number } } {
  const position = { x: 0, y: 0, z: 0 };
  const rotation = { x: 0, y: 0, z: 0, w: 1 };
  sandbox.readTransform(handle, position, rotation);
  return { position, rotation };
}

function poseOf(sandbox: Sandbox, handle: number): HookPose {
  const { position: p, rotation: q } = transformOf(sandbox, handle);
  return { position: [p.x, p.y, p.z], rotation: [q.x, q.y, q.z, q.w] };
}

function handleOnScreen(
  view: RagdollView,
  sandbox: Sandbox,
  handle: number,
): HookScreenPoint | null {
  const point = view.projectToClient(transformOf(sandbox, handle).position);
  return point ? { x: point.x, y: point.y, handle } : null;
}

function onScreen(view: RagdollView, body: RigidBody): HookScreenPoint | null {
  const point = view.projectToClient(body.translation());
  return point ? { x: point.x, y: point.y, handle: body.handle } : null;
}
