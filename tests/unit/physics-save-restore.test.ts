import { describe, expect, it } from 'vitest';
import { Sandbox, SandboxError } from '../../renderer/src/physics/sandbox';
import { loadRapier } from '../support/rapier';

describe('saving and restoring a scene', () => {
  it('restores every part and prop within 1 mm, with their velocities', async () => {
    const rapier = await loadRapier();
    const original = new Sandbox(rapier, { seed: 4 });
    for (let i = 0; i < 3; i++) original.addFigure();
    original.addProp('ball');
    original.addProp('box');
    original.run(1.2); // mid-fall: poses and velocities are interesting
    const figures = original.figures.map((f) => original.capture.captureFigure(f));
    const props = original.props.map((p) => ({
      kind: p.kind,
      state: original.capture.captureProp(p),
    }));

    // A different scene, then the saved one put into it.
    const copy = new Sandbox(rapier, { seed: 99 });
    for (let i = 0; i < 3; i++) copy.addFigure();
    copy.run(2);
    copy.figures.forEach((f, i) => copy.capture.restoreFigure(f, figures[i]!));
    for (const { kind, state } of props) copy.capture.restoreProp(kind, state);

    const pairs = original.bodies.map((b, i) => [
      original.bodyOf(b.handle)!,
      copy.bodyOf(copy.bodies[i]!.handle)!,
    ]);
    for (const [a, b] of pairs) {
      const pa = a!.translation();
      const pb = b!.translation();
      expect(Math.hypot(pa.x - pb.x, pa.y - pb.y, pa.z - pb.z)).toBeLessThan(0.001);
      expect(b!.linvel().y).toBeCloseTo(a!.linvel().y, 4);
    }
    // The restored scene runs on. (It does not replay the original exactly: contact
    // impulses Rapier carries from step to step are not part of the saved state.)
    copy.run(1, () => expect(copy.measure().nanCount).toBe(0));
    original.dispose();
    copy.dispose();
  });

  it('refuses a saved figure with the wrong number of parts or a NaN, changing nothing', async () => {
    const rapier = await loadRapier();
    const s = new Sandbox(rapier);
    const figure = s.addFigure();
    const saved = s.capture.captureFigure(figure);
    const before = figure.ragdoll.root.body.translation();
    expect(() => s.capture.restoreFigure(figure, saved.slice(1))).toThrow(SandboxError);
    const broken = saved.map((state, i) =>
      i === 3 ? { ...state, position: [0, Number.NaN, 0] as const } : state,
    );
    expect(() => s.capture.restoreFigure(figure, broken)).toThrow(/not a number/);
    expect(figure.ragdoll.root.body.translation()).toEqual(before);
    s.dispose();
  });
});
