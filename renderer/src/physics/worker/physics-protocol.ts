import { z } from 'zod';
import type { SimBody } from '../body-registry';
import type { DollSpec } from '../doll-spec';
import type { FigureEntry } from '../figure-table';
import type { MmdPhysicsSpec } from '../mmd/mmd-physics-spec';
import type { SceneSnapshot } from '../scene-snapshot';

/**
 * The messages between the page and a physics thread. The page sends commands; the thread
 * answers each `advance` with the bodies' transforms after its steps, in one buffer that travels
 * back and forth (transferred, never copied): the page hands the previous one back with its
 * next `advance`. Everything is plain data, so the same messages run inline where no Worker can
 * start.
 */

/**
 * The most wall time one `advance` may ask for, seconds: frames that came while the thread was
 * busy are asked for together up to this, and time beyond it is dropped (as a page drops time
 * past its frame's step cap) rather than caught up in one long burst.
 */
export const MAX_ADVANCE_SECONDS = 0.25;

/** Numbers per sound in a reply's `sounds`: kind code, time, gain, brightness, x, y, z. */
export const SOUND_NUMBERS = 7;

const finite = z.number().finite();
const point = z.object({ x: finite, y: finite, z: finite }).strict();

/** The sandbox options a page may ask for (see `SandboxOptions`). */
const startSchema = z
  .object({
    type: z.literal('start'),
    seed: z.number().int().optional(),
    stiffness: finite.optional(),
    timeScale: finite.optional(),
    maxFigures: z.number().int().min(1).max(200).optional(),
    impactSounds: z.boolean().optional(),
  })
  .strict();

/** The numbers a snapshot keeps of each body, checked for their kind only (the thread made them). */
const bodyStates = z.object({ asleep: z.instanceof(Uint8Array) }).passthrough();

/**
 * A scene snapshot coming back from the page (undo, redo): its shape is checked here, its
 * specs by the sandbox as it makes figures again, and its body states' lengths as they are put
 * back. The page only ever sends back what this thread sent it.
 */
const snapshotSchema = z
  .object({
    stiffness: finite,
    timeScale: finite,
    gravityScale: finite,
    muscle: finite,
    getUp: z.boolean(),
    motionPlaying: z.boolean(),
    figures: z.array(
      bodyStates.extend({
        id: z.number().int(),
        spec: z.object({}).passthrough(),
        mmd: z.object({}).passthrough().nullable(),
        states: z.instanceof(Float64Array),
      }),
    ),
    props: z.array(
      bodyStates.extend({
        id: z.number().int(),
        kind: z.enum(['ball', 'box']),
        state: z.instanceof(Float64Array),
      }),
    ),
    modelProps: z.array(
      bodyStates.extend({
        id: z.number().int(),
        spec: z.object({}).passthrough(),
        states: z.instanceof(Float64Array),
      }),
    ),
    pins: z.array(z.object({ kind: z.enum(['part', 'prop', 'model-prop']) }).passthrough()),
    links: z.array(z.object({}).passthrough()),
  })
  .passthrough();

const commandSchema = z.discriminatedUnion('type', [
  startSchema,
  /**
   * A figure built from `spec` (a model's rig; default the box dummy) with the model's own
   * bodies `mmd`; the sandbox checks both as it builds them.
   */
  z
    .object({
      type: z.literal('add-figure'),
      spec: z.object({}).passthrough().optional(),
      mmd: z.object({}).passthrough().optional(),
    })
    .strict(),
  z.object({ type: z.literal('add-prop'), kind: z.enum(['ball', 'box']) }).strict(),
  z.object({ type: z.literal('blast'), power: finite.min(0) }).strict(),
  z.object({ type: z.literal('drop') }).strict(),
  z.object({ type: z.literal('reset') }).strict(),
  z.object({ type: z.literal('stiffness'), value: finite }).strict(),
  z.object({ type: z.literal('time-scale'), value: finite }).strict(),
  z.object({ type: z.literal('gravity-scale'), value: finite }).strict(),
  z.object({ type: z.literal('grab-start'), handle: finite, at: point }).strict(),
  z.object({ type: z.literal('grab-move'), to: point }).strict(),
  z.object({ type: z.literal('grab-release') }).strict(),
  /** Pins the body with this handle where it is; `unpin` lets it go; `clear-pins` all. */
  z.object({ type: z.literal('pin'), handle: finite }).strict(),
  z.object({ type: z.literal('unpin'), handle: finite }).strict(),
  z.object({ type: z.literal('clear-pins') }).strict(),
  /**
   * With `running`, the thread steps on its own clock, in real time (TIME applies), however
   * fast the page draws; each `advance` then only asks for the newest state. Without, time
   * passes only as the page's advances ask, which is what gives the same steps for the same
   * frames.
   */
  z.object({ type: z.literal('clock'), running: z.boolean() }).strict(),
  /** The whole scene, exact to the bit (undo): answered `snapshot` with the same `request`. */
  z.object({ type: z.literal('take-snapshot'), request: z.number().int() }).strict(),
  /** Puts the scene back into a snapshot this thread took. */
  z.object({ type: z.literal('restore-snapshot'), snapshot: snapshotSchema }).strict(),
  z
    .object({
      type: z.literal('advance'),
      /**
       * Wall seconds of the page's frames since the last advance (TIME applies in the thread),
       * at most {@link MAX_ADVANCE_SECONDS}.
       */
      frameSeconds: finite.min(0).max(MAX_ADVANCE_SECONDS),
      /** The buffer the page is done with, for the thread to fill again; absent at first. */
      buffer: z.instanceof(Float64Array).optional(),
    })
    .strict(),
]);

/** A command for the physics thread. */
export type PhysicsCommand =
  | Exclude<z.infer<typeof commandSchema>, { type: 'restore-snapshot' | 'add-figure' }>
  | { readonly type: 'restore-snapshot'; readonly snapshot: SceneSnapshot }
  | { readonly type: 'add-figure'; readonly spec?: DollSpec; readonly mmd?: MmdPhysicsSpec };

/**
 * The command `data` is, checked field by field as it arrives; throws a `PhysicsProtocolError`
 * naming what is wrong. A page and its worker come from one build, so a bad command is a bug
 * in the page: it is refused, not guessed at.
 */
export function parsePhysicsCommand(data: unknown): PhysicsCommand {
  const result = commandSchema.safeParse(data);
  // The snapshot's checked fields are the ones read; the rest is the thread's own data.
  if (result.success) return result.data as PhysicsCommand;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new PhysicsProtocolError(
    `The physics thread refused a command${where}: ${issue?.message ?? 'not a command'}.`,
  );
}

/** A command that does not fit the protocol. */
export class PhysicsProtocolError extends Error {
  override readonly name = 'PhysicsProtocolError';
}

/** What the thread sends back. */
export type PhysicsReply =
  | {
      readonly type: 'stepped';
      /** Steps this advance took (fixed 1/120 s each). */
      readonly steps: number;
      /** Steps taken since the start. */
      readonly totalSteps: number;
      /** Simulated seconds since the start. */
      readonly simSeconds: number;
      /** Milliseconds of thread time since the last reply, stepping and packing. */
      readonly busyMs: number;
      /** Of that, packing every body into {@link buffer}, ms. */
      readonly packMs: number;
      /** Seven numbers per body (`TRANSFORM_FLOATS`), in {@link handles} order. */
      readonly buffer: Float64Array<ArrayBuffer>;
      /** Bodies in {@link buffer}. */
      readonly count: number;
      /** Changes whenever the buffer's bodies come or go (`BodyTransforms.version`). */
      readonly layoutVersion: number;
      /** Changes whenever the drawn bodies come or go (`Sandbox.bodiesVersion`). */
      readonly bodiesVersion: number;
      /** The body handle at each slot, when either version changed since the last reply. */
      readonly handles?: readonly number[];
      /** The drawn bodies, when either version changed since the last reply. */
      readonly bodies?: readonly SimBody[];
      /** The grabbed body's handle, or null. */
      readonly grabbed: number | null;
      /**
       * The sandbox's figure table, when its version changed since the last reply: its figures
       * (plain data) and version.
       */
      readonly figures?: { readonly version: number; readonly entries: readonly FigureEntry[] };
      /**
       * How often each figure (in the table's order) was placed (dropped, reset, restored): its
       * avatar's springs settle anew. Only when a count changed since the last reply.
       */
      readonly placements?: readonly number[];
      /** The pinned bodies' handles in the order pinned, when they changed since the last reply. */
      readonly pins?: readonly number[];
      /**
       * The sounds hits and blasts asked for since the last reply, when there were any and the
       * thread was started with `impactSounds`: {@link SOUND_NUMBERS} numbers each, the kind's
       * code (`SOUND_KIND_CODE`) first, then the `SoundRequest` fields in their order.
       */
      readonly sounds?: Float64Array<ArrayBuffer>;
    }
  | {
      readonly type: 'snapshot';
      /** The `request` of the `take-snapshot` this answers. */
      readonly request: number;
      readonly snapshot: SceneSnapshot;
    }
  | { readonly type: 'failed'; readonly command: string; readonly message: string }
  /** The answer to `start`: the thread has Rapier and an empty scene. */
  | { readonly type: 'started' };
