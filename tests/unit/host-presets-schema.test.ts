/**
 * The preset format (shared/preset-schema.ts) and the upgrade mechanism: the field names the
 * sandbox's capture/restore uses, finite bounded numbers, unit quaternions, the six-figure
 * and twelve-prop limits, the thumbnail cap, the scene's motion, and version handling (newer
 * refused, older brought forward step by step: a version 1 preset loads with no motion).
 */

import { describe, expect, it } from 'vitest';
import {
  migratePreset,
  PRESET_MAX_FIGURES,
  PRESET_MAX_PROPS,
  PRESET_SCHEMA_VERSION,
  PRESET_THUMBNAIL_MAX_CHARS,
  PresetFormatError,
  type Preset,
  type PresetBodyState,
} from '../../shared/preset-schema';
import { SchemaUpgradeError, upgradeDocument } from '../../shared/schema-upgrade';
import { presetContent } from '../support/host-files';

const TIME = '2026-11-30T06:00:00.000Z';
const valid = (): Preset => ({
  ...presetContent({ figures: 2, props: 2 }),
  schemaVersion: 5,
  createdAt: TIME,
  updatedAt: TIME,
});

/** The message migratePreset throws for `raw`. */
function refusal(raw: unknown): string {
  try {
    migratePreset(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(PresetFormatError);
    return (error as Error).message;
  }
  throw new Error('expected the preset to be refused');
}

describe('preset schema v5', () => {
  it('accepts a full preset and keeps exactly the fields the sandbox uses', () => {
    const preset = migratePreset(JSON.parse(JSON.stringify(valid())));
    expect(PRESET_SCHEMA_VERSION).toBe(5);
    expect(Object.keys(preset).sort()).toEqual(
      [
        'camera',
        'createdAt',
        'figures',
        'links',
        'motion',
        'name',
        'pins',
        'props',
        'schemaVersion',
        'settings',
        'stage',
        'updatedAt',
      ].sort(),
    );
    expect(Object.keys(preset.settings).sort()).toEqual([
      'gravity',
      'showBodies',
      'stiffness',
      'timeScale',
    ]);
    expect(Object.keys(preset.camera).sort()).toEqual(['fovDeg', 'position', 'target']);
    expect(Object.keys(preset.figures[0]!.parts[0]!).sort()).toEqual([
      'angvel',
      'linvel',
      'position',
      'rotation',
    ]);
    expect(Object.keys(preset.props[0]!).sort()).toEqual([
      'angvel',
      'kind',
      'linvel',
      'position',
      'rotation',
    ]);
    // The physics BodyState (readonly tuples) and a preset part are the same shape.
    const part: PresetBodyState = preset.figures[0]!.parts[0]!;
    const state: {
      readonly position: readonly [number, number, number];
      readonly rotation: readonly [number, number, number, number];
    } = part;
    expect(state.rotation).toHaveLength(4);
  });

  it('refuses non-finite, huge and out-of-range numbers, naming the field', () => {
    const cases: [(p: Preset) => unknown, RegExp][] = [
      [(p) => ({ ...p, settings: { ...p.settings, stiffness: 101 } }), /settings\.stiffness/],
      [(p) => ({ ...p, settings: { ...p.settings, timeScale: 0.05 } }), /settings\.timeScale/],
      [(p) => ({ ...p, settings: { ...p.settings, stiffness: 'NaN' } }), /settings\.stiffness/],
      [(p) => ({ ...p, camera: { ...p.camera, fovDeg: 180 } }), /camera\.fovDeg/],
      [
        (p) => ({ ...p, camera: { ...p.camera, position: [0, 1e308, 0] } }),
        /camera\.position\[1\]/,
      ],
      [(p) => ({ ...p, camera: { ...p.camera, target: [0, 0] } }), /camera\.target/],
      [
        (p) => withPart(p, { position: [0, Number.POSITIVE_INFINITY, 0] }),
        /figures\[0\]\.parts\[0\]\.position/,
      ],
      [
        (p) => withPart(p, { rotation: [0, 0, 0, 0] }),
        /unit quaternion[\s\S]*figures\[0\]\.parts\[0\]\.rotation/,
      ],
      [(p) => withPart(p, { rotation: [0, 0, 0, 1.01] }), /figures\[0\]\.parts\[0\]\.rotation/],
      [(p) => withPart(p, { angvel: [0, 0, 0, 0] }), /figures\[0\]\.parts\[0\]\.angvel/],
      [(p) => ({ ...p, stage: { id: 'moon' } }), /stage\.id/],
      [(p) => ({ ...p, name: '' }), /name/],
      [(p) => ({ ...p, createdAt: 'yesterday' }), /createdAt/],
      [(p) => ({ ...p, props: [{ ...p.props[0]!, kind: 'anvil' }] }), /props\[0\]\.kind/],
    ];
    for (const [change, field] of cases) expect(refusal(change(valid()))).toMatch(field);
  });

  it('limits figures to six, props to twelve, and the thumbnail to a capped PNG data URL', () => {
    const many = presetContent({ figures: PRESET_MAX_FIGURES + 1, props: PRESET_MAX_PROPS + 1 });
    const message = refusal({ ...valid(), figures: many.figures, props: many.props });
    expect(message).toMatch(/figures/);
    expect(message).toMatch(/props/);
    expect(refusal({ ...valid(), thumbnail: 'data:image/jpeg;base64,AAAA' })).toMatch(
      /PNG data URL/,
    );
    const long = `data:image/png;base64,${'A'.repeat(PRESET_THUMBNAIL_MAX_CHARS)}`;
    expect(refusal({ ...valid(), thumbnail: long })).toMatch(/thumbnail/);
    expect(() =>
      migratePreset({ ...valid(), thumbnail: 'data:image/png;base64,iVBORw0KGgo=' }),
    ).not.toThrow();
  });

  it('checks model references: box, or a file with size, sha256, title and format', () => {
    const withModel = (model: unknown): unknown => ({
      ...valid(),
      figures: [{ ...valid().figures[0]!, model }],
    });
    const file = {
      kind: 'file',
      path: '/m/a.vrm',
      size: 10,
      sha256: 'a'.repeat(64),
      title: 'A',
      format: 'vrm1',
    };
    expect(() => migratePreset(withModel(file))).not.toThrow();
    expect(refusal(withModel({ ...file, sha256: 'xyz' }))).toMatch(/sha256/);
    expect(refusal(withModel({ ...file, format: 'fbx' }))).toMatch(/format/);
    expect(refusal(withModel({ ...file, size: -1 }))).toMatch(/size/);
    expect(refusal(withModel({ kind: 'url', href: 'https://example.com/a.vrm' }))).toMatch(/model/);
  });

  it('keeps the scene motion: none, a built-in by name, or a file with size, sha256 and format', () => {
    const withMotion = (motion: unknown): unknown => ({
      ...valid(),
      motion: { motion, playing: false, muscle: 35, getUp: false },
    });
    const file = {
      kind: 'file',
      path: '/motions/dance.vmd',
      size: 4000,
      sha256: 'b'.repeat(64),
      fileName: 'dance.vmd',
      format: 'vmd',
    };
    expect(migratePreset(withMotion({ kind: 'none' })).motion).toEqual({
      motion: { kind: 'none' },
      playing: false,
      muscle: 35,
      getUp: false,
    });
    expect(migratePreset(withMotion({ kind: 'builtin', name: 'stand' })).motion.motion).toEqual({
      kind: 'builtin',
      name: 'stand',
    });
    expect(migratePreset(withMotion(file)).motion.motion).toEqual(file);
    expect(refusal(withMotion({ ...file, format: 'bvh' }))).toMatch(/format/);
    expect(refusal(withMotion({ ...file, sha256: 'nope' }))).toMatch(/sha256/);
    expect(refusal(withMotion({ kind: 'builtin', name: '../stand' }))).toMatch(/built-in motion/);
    expect(
      refusal({
        ...valid(),
        motion: { motion: { kind: 'none' }, playing: true, muscle: 101, getUp: true },
      }),
    ).toMatch(/muscle/);
    const figures = valid().figures.map((figure) => ({ ...figure, motionTime: -1 }));
    expect(refusal({ ...valid(), figures })).toMatch(/motionTime/);
  });

  it('loads a version 1 preset (saved before motions) unchanged, with no motion and time 0', () => {
    const v1: Record<string, unknown> & { figures: Record<string, unknown>[] } = {
      ...valid(),
      schemaVersion: 1,
      figures: valid().figures.map((figure) => ({ model: figure.model, parts: figure.parts })),
    };
    delete v1['motion'];
    const v1Settings: Record<string, unknown> = { ...valid().settings };
    delete v1Settings['gravity'];
    v1['settings'] = v1Settings;
    const upgraded = migratePreset(JSON.parse(JSON.stringify(v1)));
    expect(upgraded.schemaVersion).toBe(5);
    expect(upgraded.motion).toEqual({
      motion: { kind: 'none' },
      playing: true,
      muscle: 100,
      getUp: true,
    });
    expect(upgraded.figures.map((figure) => figure.motionTime)).toEqual([0, 0]);
    // Everything version 1 had comes through as it was.
    expect(upgraded.figures.map(({ motionTime: _time, ...figure }) => figure)).toEqual(v1.figures);
    expect(upgraded.settings).toEqual({ ...v1Settings, gravity: 1 });
    expect(upgraded.props).toEqual(v1.props);
    expect(upgraded.camera).toEqual(v1.camera);
    // A version 1 preset that was broken stays refused after the upgrade, naming the field.
    expect(refusal({ ...v1, figures: 'many' })).toMatch(/figures/);
  });

  it('loads a version 2 preset (saved before GRAVITY) with Earth gravity, the rest unchanged', () => {
    const v2Settings: Record<string, unknown> = { ...valid().settings };
    delete v2Settings['gravity'];
    const withoutPins: Record<string, unknown> = { ...valid() };
    delete withoutPins['pins'];
    const v2 = { ...withoutPins, schemaVersion: 2, settings: v2Settings };
    const upgraded = migratePreset(JSON.parse(JSON.stringify(v2)));
    expect(upgraded.schemaVersion).toBe(5);
    expect(upgraded.settings).toEqual({ ...v2Settings, gravity: 1 });
    expect(upgraded.pins).toEqual([]);
    const rest: Record<string, unknown> = { ...upgraded };
    delete rest['pins'];
    expect({ ...rest, settings: v2Settings, schemaVersion: 2 }).toEqual(v2);
    expect(refusal({ ...valid(), pins: [{ kind: 'part', figure: 6, part: 0 }] })).toMatch(/pins/);
    expect(refusal({ ...valid(), settings: { ...valid().settings, gravity: 2.5 } })).toMatch(
      /settings\.gravity/,
    );
    expect(refusal({ ...v2, settings: 'heavy' })).toMatch(/settings/);
  });

  it('loads a version 3 preset (saved before model props) unchanged', () => {
    const v3 = { ...valid(), schemaVersion: 3 };
    const upgraded = migratePreset(JSON.parse(JSON.stringify(v3)));
    expect({ ...upgraded, schemaVersion: 3 }).toEqual(v3);
    expect(upgraded.schemaVersion).toBe(5);
  });

  it('loads a version 4 preset (saved before links) with no links, the rest unchanged', () => {
    const v4: Record<string, unknown> = { ...valid(), schemaVersion: 4 };
    delete v4['links'];
    const upgraded = migratePreset(JSON.parse(JSON.stringify(v4)));
    expect(upgraded.schemaVersion).toBe(5);
    expect(upgraded.links).toEqual([]);
    const rest: Record<string, unknown> = { ...upgraded };
    delete rest['links'];
    expect({ ...rest, schemaVersion: 4 }).toEqual(v4);
    // A version 4 file that somehow had links gets none: links did not exist then.
    expect(migratePreset({ ...v4, links: 'junk' }).links).toEqual([]);
  });

  it('keeps links and refuses a broken one, naming the field', () => {
    const rope = {
      type: 'rope' as const,
      a: { kind: 'world' as const },
      b: { kind: 'part' as const, figure: 1, part: 2 },
      anchorA: [0, 3, 0] as const,
      anchorB: [0, 0.1, 0] as const,
      frameA: [0, 0, 0, 1] as const,
      frameB: [0, 0, 0, 1] as const,
      axisA: [0, 0, 1] as const,
      axisB: [0, 0, 1] as const,
      length: 1.5,
      stiffness: 2000,
      damping: 40,
      breakForce: null,
    };
    const weld = {
      ...rope,
      type: 'weld' as const,
      a: { kind: 'prop' as const, prop: 0, part: 0 },
      breakForce: 500,
    };
    expect(migratePreset({ ...valid(), links: [rope, weld] }).links).toEqual([rope, weld]);
    expect(refusal({ ...valid(), links: [{ ...rope, type: 'glue' }] })).toMatch(/links/);
    expect(refusal({ ...valid(), links: [{ ...rope, length: -1 }] })).toMatch(/links\[0\]\.length/);
    expect(refusal({ ...valid(), links: [{ ...rope, breakForce: 0 }] })).toMatch(/breakForce/);
    expect(refusal({ ...valid(), links: [{ ...rope, axisA: [0, 0, 2] }] })).toMatch(/axisA/);
    expect(
      refusal({ ...valid(), links: [{ ...rope, b: { kind: 'part', figure: 6, part: 0 } }] }),
    ).toMatch(/links/);
    expect(refusal({ ...valid(), links: Array.from({ length: 257 }, () => rope) })).toMatch(
      /links/,
    );
  });

  it('keeps a model prop: its file, its carrier state and its own bodies; refuses a bad one', () => {
    const { position, rotation, linvel, angvel } = valid().props[0]!;
    const state = { position, rotation, linvel, angvel };
    const model = {
      kind: 'file' as const,
      path: '/models/ribbon.pmx',
      size: 1234,
      sha256: 'a'.repeat(64),
      title: 'Ribbon',
      format: 'pmx' as const,
    };
    const prop = { kind: 'model' as const, model, ...state, bodies: [state, state] };
    const preset = migratePreset(JSON.parse(JSON.stringify({ ...valid(), props: [prop] })));
    expect(preset.props).toEqual([prop]);
    expect(refusal({ ...valid(), props: [{ ...prop, model: { kind: 'box' } }] })).toMatch(/props/);
    expect(
      refusal({ ...valid(), props: [{ ...prop, bodies: [{ ...state, position: [0, 1] }] }] }),
    ).toMatch(/props/);
    const withoutBodies: Record<string, unknown> = { ...prop };
    delete withoutBodies['bodies'];
    expect(refusal({ ...valid(), props: [withoutBodies] })).toMatch(/props/);
  });

  it('refuses a newer version, a missing version and a non-object, saying which', () => {
    expect(refusal({ ...valid(), schemaVersion: 6 })).toContain(
      'schemaVersion 6, written by a newer Ragdoll Playground (this one reads up to 5)',
    );
    expect(refusal({ ...valid(), schemaVersion: undefined })).toContain(
      'has no valid schemaVersion',
    );
    expect(refusal([valid()])).toContain('is not a JSON object');
  });
});

describe('upgrade steps', () => {
  it('brings a document forward one version at a time, then stops at the current one', () => {
    const steps = {
      1: (v1: Readonly<Record<string, unknown>>) => ({ ...v1, schemaVersion: 2, added: 'in 2' }),
      2: (v2: Readonly<Record<string, unknown>>) => ({
        ...v2,
        schemaVersion: 3,
        renamed: v2['old'],
      }),
    };
    expect(upgradeDocument('preset', { schemaVersion: 1, old: 'x' }, 3, steps)).toEqual({
      schemaVersion: 3,
      old: 'x',
      added: 'in 2',
      renamed: 'x',
    });
    const current = { schemaVersion: 3 };
    expect(upgradeDocument('preset', current, 3, steps)).toBe(current);
  });

  it('refuses a missing step and a step that does not advance the version', () => {
    expect(() => upgradeDocument('preset', { schemaVersion: 1 }, 2, {})).toThrow(
      new SchemaUpgradeError('The preset has schemaVersion 1, which this app cannot upgrade.'),
    );
    expect(() => upgradeDocument('preset', { schemaVersion: 1 }, 2, { 1: (d) => d })).toThrow(
      'Upgrading the preset from schemaVersion 1 produced 1.',
    );
  });
});

function withPart(preset: Preset, change: Record<string, unknown>): unknown {
  const [first, ...rest] = preset.figures;
  const [part, ...parts] = first!.parts;
  return {
    ...preset,
    figures: [{ ...first!, parts: [{ ...part!, ...change }, ...parts] }, ...rest],
  };
}
