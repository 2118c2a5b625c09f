import { describe, expect, it } from 'vitest';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { captureScene, restoreScene } from '../../renderer/src/physics/scene-preset';
import { SandboxError } from '../../renderer/src/physics/sandbox';
import { useSandboxes } from '../support/sandboxes';
import { sceneExtras, throughJson } from '../support/scene-presets';

const sandbox = useSandboxes();

const extras = sceneExtras('Pile on the stairs', { showBodies: true });

type TestSandbox = Awaited<ReturnType<typeof sandbox>>;

function positions(s: TestSandbox) {
  return s.bodies.map((b) => s.bodyOf(b.handle)!.translation());
}

/** Whether each moving body of the scene sleeps, in the sandbox's body order. */
function sleeping(s: TestSandbox): boolean[] {
  return s.bodies.map((b) => s.bodyOf(b.handle)!.isSleeping());
}

/** Runs the scene until every body sleeps (at most `seconds`); whether they all do. */
function runUntilAsleep(s: TestSandbox, seconds: number): boolean {
  for (let t = 0; t < seconds && !sleeping(s).every(Boolean); t += 0.5) s.run(0.5);
  return sleeping(s).every(Boolean);
}

describe('a scene as a preset', () => {
  it('captures content the preset schema accepts, and restores every pose within 1 mm', async () => {
    const saved = await sandbox({ stiffness: 80, timeScale: 0.5, seed: 8 });
    for (let i = 0; i < 6; i++) saved.addFigure();
    for (let i = 0; i < 12; i++) saved.addProp(i % 2 ? 'box' : 'ball');
    saved.run(1.5);
    const content = captureScene(saved, extras);
    const parsed = throughJson(content);
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

  it('brings a scene saved still back still, and one saved moving (or by an older version) awake', async () => {
    const saved = await sandbox({ seed: 4 });
    saved.addFigure();
    saved.addFigure();
    saved.addProp('box');
    saved.addProp('ball');
    saved.drop();
    saved.run(0.3);
    const moving = throughJson(captureScene(saved, extras));
    expect(runUntilAsleep(saved, 30)).toBe(true);
    const still = throughJson(captureScene(saved, extras));
    const states = [...still.figures.flatMap((f) => f.parts), ...still.props];
    expect(states.every((state) => state.asleep === true)).toBe(true);
    expect(moving.figures[0]!.parts.some((state) => state.asleep === true)).toBe(false);

    const loaded = await sandbox();
    restoreScene(loaded, still, () => ({ spec: BOX_DOLL }));
    expect(sleeping(loaded).every(Boolean)).toBe(true);
    const restored = positions(loaded);
    // The first step wakes what was restored (Rapier does, for a body that was set somewhere
    // or meets new contacts); it is put back to sleep right after and leaves Rapier's active
    // set in the step after that: two steps' fall at most from where it was saved.
    loaded.run(2 / 120);
    const at = positions(loaded);
    at.forEach((p, i) => {
      const q = restored[i]!;
      expect(Math.hypot(p.x - q.x, p.y - q.y, p.z - q.z)).toBeLessThan(0.001);
    });
    loaded.run(1);
    expect(sleeping(loaded).every(Boolean)).toBe(true);
    expect(positions(loaded)).toEqual(at);

    // A file from before the flag: the same scene, every body awake as it always loaded.
    const older = {
      ...still,
      figures: still.figures.map((f) => ({
        ...f,
        parts: f.parts.map(({ asleep: _asleep, ...state }) => state),
      })),
      props: still.props.map(({ asleep: _asleep, ...prop }) => prop),
    };
    for (const content of [moving, older]) {
      const awake = await sandbox();
      restoreScene(awake, content, () => ({ spec: BOX_DOLL }));
      expect(sleeping(awake).some(Boolean)).toBe(false);
    }
  });
});
