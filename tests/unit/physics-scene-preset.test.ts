import { describe, expect, it } from 'vitest';
import { PRESET_MOTION_NONE, presetContentSchema } from '../../shared/preset-schema';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { SceneExtras } from '../../renderer/src/physics/scene-preset';
import { captureScene, restoreScene } from '../../renderer/src/physics/scene-preset';
import { SandboxError } from '../../renderer/src/physics/sandbox';
import { useSandboxes } from '../support/sandboxes';

const sandbox = useSandboxes();

const extras: SceneExtras = {
  name: 'Pile on the stairs',
  camera: { position: [3, 2, 5], target: [0, 0.5, 0], fovDeg: 45 },
  showBodies: true,
  modelOf: () => ({ kind: 'box' }),
  motion: PRESET_MOTION_NONE,
  motionTimeOf: () => 0,
};

function positions(s: Awaited<ReturnType<typeof sandbox>>) {
  return s.bodies.map((b) => s.bodyOf(b.handle)!.translation());
}

describe('a scene as a preset', () => {
  it('captures content the preset schema accepts, and restores every pose within 1 mm', async () => {
    const saved = await sandbox({ stiffness: 80, timeScale: 0.5, seed: 8 });
    for (let i = 0; i < 6; i++) saved.addFigure();
    for (let i = 0; i < 12; i++) saved.addProp(i % 2 ? 'box' : 'ball');
    saved.run(1.5);
    const content = captureScene(saved, extras);
    // Through JSON, as it travels to disk and back.
    const parsed = presetContentSchema.parse(JSON.parse(JSON.stringify(content)));
    expect(parsed.figures).toHaveLength(6);
    expect(parsed.props).toHaveLength(12);

    const loaded = await sandbox();
    loaded.addFigure();
    loaded.addProp('ball');
    loaded.run(0.5);
    const report = restoreScene(loaded, parsed, () => ({ spec: BOX_DOLL }));
    expect(report.notes).toEqual([]);
    expect(loaded.stiffness).toBe(80);
    expect(loaded.timeScale).toBe(0.5);
    expect(loaded.figures).toHaveLength(6);
    expect(loaded.props.map((p) => p.kind)).toEqual(saved.props.map((p) => p.kind));
    const before = positions(saved);
    const after = positions(loaded);
    expect(after).toHaveLength(before.length);
    let worst = 0;
    before.forEach((p, i) => {
      const q = after[i]!;
      worst = Math.max(worst, Math.hypot(p.x - q.x, p.y - q.y, p.z - q.z));
    });
    expect(worst).toBeLessThan(0.001);
  });

  it('puts a box dummy where a model cannot be used, and says which figure and why', async () => {
    const s = await sandbox();
    s.addFigure();
    s.addFigure();
    const content = captureScene(s, extras);
    const report = restoreScene(s, content, (_model, index) =>
      index === 1
        ? { replacement: 'Figure 2: avatar.vrm has moved; a box dummy stands in.' }
        : { spec: BOX_DOLL },
    );
    expect(report.notes).toEqual(['Figure 2: avatar.vrm has moved; a box dummy stands in.']);
    expect(s.figures).toHaveLength(2);
  });

  it('refuses a preset it cannot restore and leaves the scene as it was', async () => {
    const s = await sandbox();
    s.addFigure();
    s.addProp('box');
    const content = captureScene(s, extras);
    const broken = {
      ...content,
      props: [{ ...content.props[0]!, linvel: [0, Number.NaN, 0] as const }],
    };
    const figureBefore = s.figures[0];
    expect(() => restoreScene(s, broken, () => ({ spec: BOX_DOLL }))).toThrow(SandboxError);
    expect(s.figures[0]).toBe(figureBefore);
    expect(s.props).toHaveLength(1);
  });

  it('drops a figure in again when its saved part count does not fit its doll', async () => {
    const s = await sandbox();
    s.addFigure();
    const content = captureScene(s, extras);
    const shortened = {
      ...content,
      figures: [{ ...content.figures[0]!, parts: content.figures[0]!.parts.slice(2) }],
    };
    const report = restoreScene(s, shortened, () => ({ spec: BOX_DOLL }));
    expect(report.notes[0]).toMatch(/saved with 9 parts but its doll has 11/);
    expect(s.figures).toHaveLength(1);
  });
});
