/**
 * A preset keeps its stage file (path, size, hash) and the host checks it on load like a
 * model: the schema takes the built-in stage and a stage file, a preset round-trips its
 * stage, and a stage file not confirmed, changed or moved is a note naming it (the built-in
 * stage is used), in real temp folders.
 */
import { rm, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { sha256Of } from '../../electron/main/host/file-hash';
import type { PresetStageRef } from '../../shared/preset-schema';
import { presetContentSchema } from '../../shared/preset-schema';
import { gridTriangles, writeStageGlb } from '../../tools/fixtures/gltf-stage-writer';
import { presetContent } from '../support/host-files';
import { useHostTestbed } from '../support/host-testbed';

const bed = useHostTestbed('stage-presets');

describe('a preset stage', () => {
  it('round-trips a stage file; a moved or changed one is a note and the preset still loads', async () => {
    const bytes = writeStageGlb(gridTriangles(4, 4));
    const path = await bed.put('room.glb', bytes);
    const stage: PresetStageRef = {
      id: 'file',
      path,
      size: bytes.byteLength,
      sha256: sha256Of(bytes),
      fileName: 'room.glb',
      format: 'glb',
    };
    const content = { ...presetContent(), stage };
    expect(presetContentSchema.safeParse(content).success).toBe(true);
    expect(presetContentSchema.safeParse(presetContent()).success).toBe(true);
    expect(
      presetContentSchema.safeParse({ ...content, stage: { ...stage, format: 'obj' } }).success,
    ).toBe(false);

    const host = (confirm: boolean) => bed.services({ confirmPresetFiles: [confirm] });
    const { id } = await host(false).savePreset(content);
    const refused = await host(false).loadPreset(id);
    expect(refused.stageNote).toEqual({
      reason: 'not-yours',
      message: `The stage room.glb was not opened, so the built-in stage is used: not opened: not one of your files (${path}).`,
    });
    const loaded = await host(true).loadPreset(id);
    expect(loaded.preset.stage).toEqual(stage);
    expect(loaded.stageNote).toBeUndefined();

    await writeFile(path, writeStageGlb(gridTriangles(4, 5)));
    const changed = await host(true).loadPreset(id);
    expect(changed.stageNote?.reason).toBe('changed');
    expect(changed.stageNote?.message).toContain('room.glb');
    await rm(path);
    const moved = await host(true).loadPreset(id);
    expect(moved.stageNote?.reason).toBe('missing');
    expect(moved.stageNote?.message).toBe(
      `The stage room.glb was not opened, so the built-in stage is used: ${path} was not found; it may have been moved or deleted.`,
    );
    // A preset on the built-in stage has no note.
    const { id: plain } = await host(false).savePreset(presetContent());
    expect((await host(false).loadPreset(plain)).stageNote).toBeUndefined();
  });
});
