/** The host checks a preset's model props' files like its figures' before the page may read them. */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileHasher } from '../../electron/main/host/file-hash';
import { checkPresetModels } from '../../electron/main/host/preset-models';
import type { Preset, PresetProp } from '../../shared/preset-schema';
import { PRESET_SCHEMA_VERSION } from '../../shared/preset-schema';
import { presetContent } from '../support/host-files';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

function withProps(props: PresetProp[]): Preset {
  const time = '2026-12-01T10:00:00.000Z';
  return {
    ...presetContent({ figures: 1, props: 0 }),
    props,
    schemaVersion: PRESET_SCHEMA_VERSION,
    createdAt: time,
    updatedAt: time,
  };
}

function modelProp(path: string, bytes: Uint8Array, title: string): PresetProp {
  const state = {
    position: [0, 1, 0] as const,
    rotation: [0, 0, 0, 1] as const,
    linvel: [0, 0, 0] as const,
    angvel: [0, 0, 0] as const,
  };
  return {
    kind: 'model',
    model: {
      kind: 'file',
      path,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      title,
      format: 'pmx',
    },
    ...state,
    bodies: [],
  };
}

describe('checkPresetModels and model props', () => {
  it('allows a prop file that still matches and notes one that moved or changed, by prop', async () => {
    dir = await mkdtemp(join(tmpdir(), 'preset-props-'));
    const bytes = new TextEncoder().encode('a ribbon, say');
    const kept = join(dir, 'ribbon.pmx');
    const changed = join(dir, 'hat.pmx');
    await writeFile(kept, bytes);
    await writeFile(changed, new TextEncoder().encode('another hat entirely'));
    const preset = withProps([
      {
        kind: 'ball',
        position: [0, 1, 0],
        rotation: [0, 0, 0, 1],
        linvel: [0, 0, 0],
        angvel: [0, 0, 0],
      },
      modelProp(kept, bytes, 'Ribbon'),
      modelProp(join(dir, 'moved.pmx'), bytes, 'Bow'),
      modelProp(changed, bytes, 'Hat'),
    ]);
    const check = await checkPresetModels(preset, createFileHasher(), {
      isYours: () => true,
      hasKindName: () => true,
      noun: 'model',
      maxBytes: 1024 * 1024,
    });
    expect(check.verifiedPaths).toEqual([kept]);
    expect(check.notes).toEqual([]);
    expect(check.propNotes).toEqual([
      {
        propIndex: 2,
        reason: 'missing',
        message: `Prop 3 (Bow) was left out: ${join(dir, 'moved.pmx')} was not found; it may have been moved or deleted.`,
      },
      expect.objectContaining({ propIndex: 3, reason: 'changed' }),
    ]);
    expect(check.propNotes[1]!.message).toMatch(
      /^Prop 4 \(Hat\) was left out: .*hat\.pmx has changed/,
    );
  });
});
