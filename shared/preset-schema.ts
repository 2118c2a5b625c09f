/**
 * The preset (saved scene) format, version 5: what a `.ragdoll` file contains, checked with
 * zod wherever one is read (the host on disk, the renderer before restoring), and the upgrade
 * steps that bring older files forward (version 1 had no motion: it loads with none; version 2
 * had no GRAVITY setting: it loads with Earth's; version 3 had no model props: it loads as it
 * was; version 4 had no links: it loads with none).
 *
 * Units: positions in metres, motion times in seconds, rotations as unit quaternions [x, y, z, w], linear velocities
 * in m/s, angular velocities in rad/s, the camera's field of view in degrees. Every number
 * must be finite (JSON cannot hold NaN or Infinity, and a huge one would wreck the solver).
 *
 * No Electron, no DOM, no Node.
 */

import { z } from 'zod';
import { AUDIO_FORMATS } from './audio-files';
import { upgradedDocumentSchema, type RawDocument, type UpgradeStep } from './schema-upgrade';
import {
  PRESET_MAX_PARTS_PER_FIGURE,
  PRESET_MOTION_TIME_MAX,
  PRESET_NAME_MAX_LENGTH,
} from './preset-limits';

export { PRESET_MAX_PARTS_PER_FIGURE, PRESET_MOTION_TIME_MAX, PRESET_NAME_MAX_LENGTH };

/** The version this app writes. */
export const PRESET_SCHEMA_VERSION = 5;
/** The sandbox's limits (renderer/src/physics): six figures, twelve props. */
export const PRESET_MAX_FIGURES = 6;
export const PRESET_MAX_PROPS = 12;
/** Longest thumbnail data URL, in characters (about 190 KB of PNG). */
export const PRESET_THUMBNAIL_MAX_CHARS = 256 * 1024;
/** Nothing in the scene is this far away (metres) or this fast (m/s, rad/s) for real. */
export const PRESET_COORDINATE_LIMIT = 100_000;

const coordinate = z.number().min(-PRESET_COORDINATE_LIMIT).max(PRESET_COORDINATE_LIMIT);

/** A point or velocity [x, y, z]: metres, m/s or rad/s by field. */
const vec3Schema = z.tuple([coordinate, coordinate, coordinate]).readonly();

/**
 * A unit quaternion [x, y, z, w]. The norm is checked loosely (±0.001): physics engines keep
 * them unit to float32 precision, and a zero or scaled quaternion is a broken file.
 */
const unit = z.number().min(-1).max(1);
const quaternionSchema = z
  .tuple([unit, unit, unit, unit])
  .refine((q) => Math.abs(Math.hypot(...q) - 1) <= 1e-3, {
    message: 'must be a unit quaternion [x, y, z, w]',
  })
  .readonly();

/** The motion state of one rigid body (a figure's part or a prop). */
const bodyStateSchema = z.object({
  position: vec3Schema,
  rotation: quaternionSchema,
  linvel: vec3Schema,
  angvel: vec3Schema,
  /**
   * Whether the body slept when saved (absent: awake), so a still scene loads still. Added
   * within version 4: older files have none and load awake, as they always did.
   */
  asleep: z.boolean().optional(),
});

/** The avatar formats a figure's model can have. */
export const MODEL_FORMATS = ['vrm0', 'vrm1', 'pmx', 'pmd'] as const;
export type ModelFormat = (typeof MODEL_FORMATS)[number];

/** Lower-case hex SHA-256 of a model file's bytes. */
export const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hex digits');

/**
 * What a preset records of a file it names (a model, motion, song or stage), to find it again
 * and notice when it has changed.
 */
const savedFileFields = {
  /** Absolute path of the file when the preset was saved. */
  path: z.string().min(1).max(4096),
  /** The file's size in bytes, to notice a changed file cheaply. */
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  sha256: sha256Schema,
};

/** {@link savedFileFields} and the file name, for messages when it cannot be read again. */
const namedSavedFileFields = {
  ...savedFileFields,
  fileName: z.string().min(1).max(256),
};

/** A model file as the host read it. */
const fileModelRefSchema = z.object({
  kind: z.literal('file'),
  ...savedFileFields,
  title: z.string().max(256),
  format: z.enum(MODEL_FORMATS),
});

const modelRefSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('box') }),
  fileModelRefSchema,
]);

/** The motion formats a motion file can have: VRM Animation and MMD's VMD. */
export const MOTION_FORMATS = ['vrma', 'vmd'] as const;
export type MotionFormat = (typeof MOTION_FORMATS)[number];

/** A built-in motion's name as the app spells it, e.g. `stand`. */
export const builtinMotionNameSchema = z
  .string()
  .max(40)
  .regex(/^[a-z][a-z0-9-]*$/, 'must be a built-in motion name such as "stand"');

/** What the figures play: nothing (passive ragdolls), a built-in motion, or a motion file. */
const motionRefSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('builtin'), name: builtinMotionNameSchema }),
  z.object({
    kind: z.literal('file'),
    ...namedSavedFileFields,
    format: z.enum(MOTION_FORMATS),
  }),
]);

/**
 * The song played with the motion (Open Music…), checked on load like the motion file, and
 * its offset in seconds (±5).
 */
const musicRefSchema = z.object({
  ...namedSavedFileFields,
  format: z.enum(AUDIO_FORMATS),
  offset: z.number().min(-5).max(5),
});

/** The motion settings of the scene. */
const motionSettingsSchema = z.object({
  motion: motionRefSchema,
  /** Play/Pause: false holds every figure in its current motion pose. */
  playing: z.boolean(),
  /** MUSCLE, 0-100: how strongly joints follow the motion. */
  muscle: z.number().min(0).max(100),
  /** GET UP: whether a knocked-down figure gets back up. */
  getUp: z.boolean(),
});

const figureSchema = z.object({
  model: modelRefSchema,
  /** One state per part, in the doll spec's part order. */
  parts: z.array(bodyStateSchema).min(1).max(PRESET_MAX_PARTS_PER_FIGURE),
  /** Seconds into the scene's motion for this figure (0 when there is none). */
  motionTime: z.number().min(0).max(PRESET_MOTION_TIME_MAX),
});

/** A ball or box. */
const shapePropSchema = bodyStateSchema.extend({ kind: z.enum(['ball', 'box']) });

/**
 * An MMD model without a humanoid skeleton, opened as a prop (version 4): its file, its rigid
 * carrier's state (the body state fields) and its own bodies' states in their spec order
 * (empty: they hang at rest beneath the carrier).
 */
const modelPropSchema = bodyStateSchema.extend({
  kind: z.literal('model'),
  model: fileModelRefSchema,
  bodies: z.array(bodyStateSchema).max(PRESET_MAX_PARTS_PER_FIGURE),
});

const propSchema = z.discriminatedUnion('kind', [shapePropSchema, modelPropSchema]);

const index = z.number().int().min(0);

/** A pinned body: part `part` (spec order) of figure `figure`, or prop `prop` (saved order). */
const pinSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('part'),
    figure: index.max(PRESET_MAX_FIGURES - 1),
    part: index.max(PRESET_MAX_PARTS_PER_FIGURE - 1),
  }),
  z.object({ kind: z.literal('prop'), prop: index.max(PRESET_MAX_PROPS - 1) }),
]);

/** Most pins a preset holds: every figure's every part and every prop is plenty. */
export const PRESET_MAX_PINS = 256;

/** The kinds of link (the constraint tools): ropes, welds, springs and hinges. */
export const PRESET_LINK_TYPES = ['rope', 'weld', 'spring', 'hinge'] as const;
/** Most links a preset holds. */
export const PRESET_MAX_LINKS = 256;
/** Longest rope or spring, metres; strongest spring (N/m), damping (N·s/m), break force (N). */
export const PRESET_LINK_LIMITS = {
  length: 1000,
  stiffness: 1_000_000,
  damping: 100_000,
  breakForce: 10_000_000,
} as const;

/**
 * One end of a link (version 5): the world (the stage), part `part` (spec order) of figure
 * `figure`, or part `part` of prop `prop` (saved order; 0 for a ball or box, a model prop's
 * carrier part otherwise).
 */
const linkEndSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('world') }),
  z.object({
    kind: z.literal('part'),
    figure: index.max(PRESET_MAX_FIGURES - 1),
    part: index.max(PRESET_MAX_PARTS_PER_FIGURE - 1),
  }),
  z.object({
    kind: z.literal('prop'),
    prop: index.max(PRESET_MAX_PROPS - 1),
    part: index.max(PRESET_MAX_PARTS_PER_FIGURE - 1),
  }),
]);

/** A unit direction [x, y, z], checked loosely like the quaternions. */
const directionSchema = z
  .tuple([unit, unit, unit])
  .refine((v) => Math.abs(Math.hypot(...v) - 1) <= 1e-3, { message: 'must be a unit vector' })
  .readonly();

/**
 * A link (version 5): its two ends, each anchor in its end's frame (a world end's is a world
 * point), metres; a weld's joint frames, a hinge's axis in each end's frame, a rope's length
 * (a spring's rest length), a spring's stiffness and damping, and the force that breaks it
 * (null: unbreakable).
 */
const linkSchema = z.object({
  type: z.enum(PRESET_LINK_TYPES),
  a: linkEndSchema,
  b: linkEndSchema,
  anchorA: vec3Schema,
  anchorB: vec3Schema,
  frameA: quaternionSchema,
  frameB: quaternionSchema,
  axisA: directionSchema,
  axisB: directionSchema,
  length: z.number().min(0).max(PRESET_LINK_LIMITS.length),
  stiffness: z.number().min(0).max(PRESET_LINK_LIMITS.stiffness),
  damping: z.number().min(0).max(PRESET_LINK_LIMITS.damping),
  breakForce: z.number().gt(0).max(PRESET_LINK_LIMITS.breakForce).nullable(),
});

/** A preset's name: trimmed, not empty, no control characters (it is shown in lists). */
export const presetNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(PRESET_NAME_MAX_LENGTH)
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters');

/** A small PNG of the view, as a `data:image/png;base64,` URL. */
export const presetThumbnailSchema = z
  .string()
  .max(PRESET_THUMBNAIL_MAX_CHARS)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'must be a PNG data URL');

/** The file formats a stage can have: glTF (binary or text) and MMD models. */
export const STAGE_FORMATS = ['glb', 'gltf', 'pmx', 'pmd'] as const;
export type StageFormat = (typeof STAGE_FORMATS)[number];

/**
 * The stage a preset stands on: the built-in one, or a stage file checked on load like the
 * models (its path, size and hash); a file gone or changed is a note and the built-in stage
 * is used.
 */
const stageRefSchema = z.discriminatedUnion('id', [
  z.object({ id: z.literal('default') }),
  z.object({
    id: z.literal('file'),
    ...namedSavedFileFields,
    format: z.enum(STAGE_FORMATS),
  }),
]);

/** Everything the scene needs to come back as it was; the renderer captures and restores it. */
export const presetContentSchema = z.object({
  name: presetNameSchema,
  settings: z.object({
    /** STIFFNESS, 0-100. */
    stiffness: z.number().min(0).max(100),
    /** TIME, the simulation speed factor, 0.1-1. */
    timeScale: z.number().min(0.1).max(1),
    /** BODIES: whether collision shapes are drawn. */
    showBodies: z.boolean(),
    /** GRAVITY in g, 0-2 (1 is Earth's 9.81 m/s², 0 floats). */
    gravity: z.number().min(0).max(2),
  }),
  camera: z.object({
    position: vec3Schema,
    /** The orbit target the camera looks at. */
    target: vec3Schema,
    /** Vertical field of view, degrees. */
    fovDeg: z.number().gt(0).lt(180),
  }),
  /** What the scene stands on: the built-in stage, or a stage file (Open Stage…). */
  stage: stageRefSchema,
  motion: motionSettingsSchema,
  /** The song, when one was open (presets saved before music have none). */
  music: musicRefSchema.optional(),
  figures: z.array(figureSchema).max(PRESET_MAX_FIGURES),
  props: z.array(propSchema).max(PRESET_MAX_PROPS),
  /** Bodies held in place where they were saved (see `SandboxPins.add`). */
  pins: z.array(pinSchema).max(PRESET_MAX_PINS),
  /** Ropes, welds, springs and hinges (see `Sandbox.links`). */
  links: z.array(linkSchema).max(PRESET_MAX_LINKS),
  thumbnail: presetThumbnailSchema.optional(),
});

/** A whole preset file as this version writes it. */
export const presetSchema = presetContentSchema.extend({
  schemaVersion: z.literal(PRESET_SCHEMA_VERSION),
  /** ISO 8601 times, set by the host when the preset is saved. */
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});

export type Preset = z.infer<typeof presetSchema>;
/** What the renderer sends to save: the preset without its version and times. */
export type PresetContent = z.infer<typeof presetContentSchema>;
export type PresetFigure = z.infer<typeof figureSchema>;
export type PresetModelRef = z.infer<typeof modelRefSchema>;
export type PresetMotionRef = z.infer<typeof motionRefSchema>;
export type PresetMotionSettings = z.infer<typeof motionSettingsSchema>;
export type PresetMusicRef = z.infer<typeof musicRefSchema>;
export type PresetStageRef = z.infer<typeof stageRefSchema>;
export type PresetBodyState = z.infer<typeof bodyStateSchema>;
export type PresetProp = z.infer<typeof propSchema>;
export type PresetModelProp = z.infer<typeof modelPropSchema>;
export type PresetFileModelRef = z.infer<typeof fileModelRefSchema>;
export type PresetPin = z.infer<typeof pinSchema>;
export type PresetLink = z.infer<typeof linkSchema>;
export type PresetLinkEnd = z.infer<typeof linkEndSchema>;

/** The motion settings of a scene saved before motions existed: passive ragdolls, as then. */
export const PRESET_MOTION_NONE: PresetMotionSettings = Object.freeze({
  motion: Object.freeze({ kind: 'none' as const }),
  playing: true,
  muscle: 100,
  getUp: true,
});

/**
 * Version 1 → 2: motions arrived. The scene plays none (its figures are the passive ragdolls
 * they were) and every figure's motion time is 0; nothing else changes. A value that is not
 * shaped like a preset is passed on for the schema to report.
 */
function addMotion(v1: RawDocument): RawDocument {
  const figures = v1['figures'];
  return {
    ...v1,
    schemaVersion: 2,
    motion: { ...PRESET_MOTION_NONE, motion: { kind: 'none' } },
    figures: Array.isArray(figures)
      ? figures.map((figure: unknown) =>
          typeof figure === 'object' && figure !== null && !Array.isArray(figure)
            ? { ...figure, motionTime: 0 }
            : figure,
        )
      : figures,
  };
}

/**
 * Version 2 → 3: GRAVITY and pins arrived. The scene keeps Earth's gravity (1 g) and nothing
 * is pinned, as every scene was then; nothing else changes. A value that is not shaped like a preset is passed on for the
 * schema to report.
 */
function addGravity(v2: RawDocument): RawDocument {
  const settings = v2['settings'];
  return {
    ...v2,
    schemaVersion: 3,
    pins: [],
    settings:
      typeof settings === 'object' && settings !== null && !Array.isArray(settings)
        ? { ...settings, gravity: 1 }
        : settings,
  };
}

/**
 * Version 3 → 4: props may be models (`kind: 'model'`). A version 3 scene has only balls and
 * boxes, which read the same, so only the version changes.
 */
function addModelProps(v3: RawDocument): RawDocument {
  return { ...v3, schemaVersion: 4 };
}

/**
 * Version 4 → 5: links (ropes, welds, springs, hinges) arrived. A version 4 scene has none, as
 * every scene had then; nothing else changes.
 */
function addLinks(v4: RawDocument): RawDocument {
  return { ...v4, schemaVersion: 5, links: [] };
}

/** Upgrade steps keyed by the version they upgrade from. */
export const PRESET_UPGRADES: Readonly<Record<number, UpgradeStep>> = {
  1: addMotion,
  2: addGravity,
  3: addModelProps,
  4: addLinks,
};

/**
 * A preset file's parsed JSON, upgraded to the current version and checked: use it as the
 * schema of a JSON file store or with `safeParse` to get readable issues.
 */
export const presetFileSchema: z.ZodType<Preset> = upgradedDocumentSchema(
  'preset',
  PRESET_SCHEMA_VERSION,
  PRESET_UPGRADES,
).pipe(presetSchema);

/** Why a value is not a usable preset. */
export class PresetFormatError extends Error {
  override readonly name = 'PresetFormatError';
}

/**
 * Upgrades and checks a preset's parsed JSON.
 *
 * @throws PresetFormatError listing every problem (field path and what is wrong)
 */
export function migratePreset(raw: unknown): Preset {
  const result = presetFileSchema.safeParse(raw);
  if (result.success) return result.data;
  throw new PresetFormatError(`Not a valid preset:\n${z.prettifyError(result.error)}`);
}
