/**
 * Open Stage… in the page, on the real Rapier WASM: the stage's colliders are built a slice
 * per frame with the progress said, then it is swapped in, drawn in place of the built-in mesh
 * and the figures dropped onto it; a refused file keeps the old stage; Built-in Stage brings
 * ours back; a preset saves the stage in use and gets it again without dropping the figures.
 */
import type { Object3D } from 'three';
import { describe, expect, it } from 'vitest';
import type { HostApi, HostOutcome, StageFileRead } from '../../shared/host-contract';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { Sandbox } from '../../renderer/src/physics/sandbox';
import { isStageDrop } from '../../renderer/src/ui/models/model-input';
import { StageController } from '../../renderer/src/ui/stage/stage-controller';
import { gridTriangles, writeStageGlb } from '../../tools/fixtures/gltf-stage-writer';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';
import { slabStageModel } from '../../tools/fixtures/mmd/stage-fixture-models';
import { useSandboxes } from '../support/sandboxes';

const makeSandbox = useSandboxes();

function stageRead(
  fileName: string,
  bytes: Uint8Array,
  format: StageFileRead['format'] = 'glb',
): StageFileRead {
  return {
    path: `/stages/${fileName}`,
    fileName,
    size: bytes.byteLength,
    sha256: 'a'.repeat(64),
    format,
    bytes,
    beside: [],
    libraryEntryId: null,
  };
}

/** A controller over `sandbox` whose host answers `answers` in turn; frames run by `frames()`. */
function harness(sandbox: Sandbox, answers: HostOutcome<StageFileRead>[]) {
  const said: string[] = [];
  const progress: string[] = [];
  const alerts: string[] = [];
  const shown: (Object3D | null)[] = [];
  let drops = 0;
  let pending: (() => boolean) | null = null;
  const next = (): Promise<HostOutcome<StageFileRead>> =>
    Promise.resolve(answers.shift() ?? { ok: false, problem: { code: 'canceled', message: '' } });
  const host = { openStageDialog: next, readStage: next } as unknown as HostApi;
  const controller = new StageController({
    host,
    scenery: sandbox.scenery,
    view: { showFileStage: (root) => void shown.push(root) },
    status: {
      say: (message) => void said.push(message),
      note: () => undefined,
      progress: (message) => void progress.push(message),
      alert: (message) => void alerts.push(message),
    },
    language: () => 'en',
    dropFigures: () => (sandbox.drop(), drops++),
    eachFrame: (step) => (pending = step),
  });
  /** The open has ended: the stage said, or a refusal alerted. */
  const settled = (): boolean => said.length + alerts.length > settledBefore;
  let settledBefore = 0;
  /** Runs frames until the build asks for none (at most `limit`); returns how many ran. */
  const frames = async (limit = 100): Promise<number> => {
    settledBefore = said.length + alerts.length;
    let count = 0;
    for (; count < limit; count++) {
      // The read, the parse and the drawing are promises: let them settle first.
      for (let i = 0; i < 500 && pending === null && !settled(); i++)
        await new Promise((r) => setTimeout(r, 1));
      const step = pending;
      if (step === null) return count;
      pending = null;
      if (step()) pending = step;
    }
    return count;
  };
  return { controller, said, progress, alerts, shown, frames, drops: () => drops };
}

describe('the stage controller', () => {
  it('builds a big stage across frames with its progress, swaps it in and drops the figures onto it', async () => {
    const sandbox = await makeSandbox();
    sandbox.addFigure(BOX_DOLL);
    // 2·200² = 80 000 triangles: three chunks, so more than one frame.
    const bytes = writeStageGlb(gridTriangles(40, 200, 0, 3, 0));
    const run = harness(sandbox, [{ ok: true, value: stageRead('hall.glb', bytes) }]);

    run.controller.open();
    const frameCount = await run.frames();

    expect(run.alerts).toEqual([]);
    expect(frameCount).toBeGreaterThan(1);
    expect(run.progress[0]).toBe('Reading the stage hall.glb…');
    expect(run.progress.some((line) => /^Building stage… \d+ %$/.test(line))).toBe(true);
    expect(sandbox.scenery.inUse).toMatchObject({
      kind: 'file',
      name: 'hall.glb',
      triangles: 80_000,
    });
    expect(run.shown).toHaveLength(1);
    expect(run.shown[0]?.name).toBe('file-stage');
    expect(run.drops()).toBe(1);
    expect(run.said.at(-1)).toContain('Stage: hall.glb (80,000 triangles)');
    // The figure lands on the stage's floor 3 m up, not on the built-in floor.
    sandbox.run(3);
    expect(sandbox.figures[0]!.ragdoll.root.body.translation().y).toBeGreaterThan(3);
    expect(run.controller.presetStage()).toMatchObject({ id: 'file', fileName: 'hall.glb' });

    run.controller.useBuiltIn();
    expect(sandbox.scenery.inUse.kind).toBe('built-in');
    expect(run.shown.at(-1)).toBeNull();
    expect(run.said.at(-1)).toBe('The built-in stage is back.');
    expect(run.controller.presetStage()).toEqual({ id: 'default' });
  });

  it('draws a PMX stage with the MMD drawing and stands the figure on its slab', async () => {
    const sandbox = await makeSandbox();
    sandbox.addFigure(BOX_DOLL);
    const pmx = stageRead('slab.pmx', writePmx(slabStageModel()), 'pmx');
    const run = harness(sandbox, [{ ok: true, value: pmx }]);
    run.controller.open();
    await run.frames();

    expect(run.alerts).toEqual([]);
    expect(sandbox.scenery.inUse).toMatchObject({ kind: 'file', name: 'slab.pmx' });
    const drawn = run.shown[0]!;
    expect(drawn.name).toBe('file-stage');
    let meshes = 0;
    drawn.traverse((object) => {
      if ((object as { isMesh?: boolean }).isMesh) meshes++;
    });
    expect(meshes).toBeGreaterThan(0);
    // The slab's top is 1.2 m up; the figure rests on it, not on the built-in floor.
    sandbox.run(3);
    expect(sandbox.figures[0]!.ragdoll.root.body.translation().y).toBeGreaterThan(1.2);
  });

  it('keeps the old stage for a damaged file and says why, naming it', async () => {
    const sandbox = await makeSandbox();
    const good = writeStageGlb(gridTriangles(4, 2));
    const damaged = good.slice(0, 40);
    const run = harness(sandbox, [
      { ok: true, value: stageRead('room.glb', good) },
      { ok: true, value: stageRead('broken.glb', damaged) },
    ]);
    run.controller.open();
    await run.frames();
    run.controller.open();
    await run.frames();

    expect(run.alerts).toHaveLength(1);
    expect(run.alerts[0]).toMatch(/^The stage was not changed: broken\.glb/);
    expect(sandbox.scenery.inUse).toMatchObject({ kind: 'file', name: 'room.glb' });
    expect(run.controller.presetStage()).toMatchObject({ fileName: 'room.glb' });
  });

  it('opens a preset stage without dropping the figures, and a built-in preset brings ours back', async () => {
    const sandbox = await makeSandbox();
    const bytes = writeStageGlb(gridTriangles(4, 2));
    const read = stageRead('room.glb', bytes);
    const run = harness(sandbox, [{ ok: true, value: read }]);
    const { path, size, sha256, fileName, format } = read;
    const restoring = run.controller.restorePreset({
      id: 'file',
      path,
      size,
      sha256,
      fileName,
      format,
    });
    await run.frames();
    await restoring;
    expect(sandbox.scenery.inUse.kind).toBe('file');
    expect(run.drops()).toBe(0);

    await run.controller.restorePreset({ id: 'default' });
    expect(sandbox.scenery.inUse.kind).toBe('built-in');
    expect(run.drops()).toBe(0);
  });
});

describe('a drop as a stage', () => {
  it('is any glTF, and a PMX/PMD only with Shift and Alt held (Shift alone adds a model)', () => {
    const none = { shiftKey: false, altKey: false };
    const shift = { shiftKey: true, altKey: false };
    const shiftAlt = { shiftKey: true, altKey: true };
    expect(isStageDrop('hall.GLB', none)).toBe(true);
    expect(isStageDrop('hall.gltf', shift)).toBe(true);
    expect(isStageDrop('room.pmx', none)).toBe(false);
    expect(isStageDrop('room.pmx', shift)).toBe(false);
    expect(isStageDrop('room.PMD', shiftAlt)).toBe(true);
    expect(isStageDrop('alicia.vrm', shiftAlt)).toBe(false);
  });
});
