/**
 * The sandbox's parts (docs/physics-architecture.md), with real Rapier: one record per figure
 * whose lists stay in step as figures come and go, the step's phases in the order the note
 * gives, and the pins and motion sub-objects sharing their state with the older members.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { FigureRuntime } from '../../renderer/src/physics/figure-runtime';
import { createFigureRuntime } from '../../renderer/src/physics/figure-runtime';
import { SceneContents } from '../../renderer/src/physics/scene-contents';
import { STEP_PHASES } from '../../renderer/src/physics/step-pipeline';
import { loadRapier } from '../support/rapier';
import { useSandboxes } from '../support/sandboxes';

const sandbox = useSandboxes();
const ALL_CHECKS = { jointProjection: true, limitProjection: true };

describe('the sandbox in parts', () => {
  it('keeps each figure one record: figures, runtimes, still-scene members and bodies in step', async () => {
    const rapier = await loadRapier();
    const world = new rapier.World({ x: 0, y: -9.81, z: 0 });
    try {
      const contents = new SceneContents();
      const make = (id: number): FigureRuntime =>
        createFigureRuntime(rapier, world, id, BOX_DOLL, [id, 0], {}, ALL_CHECKS);
      const [a, b, c] = [make(1), make(2), make(3)];
      for (const runtime of [a, b, c]) contents.addFigure(runtime);
      expect(a.joints).not.toBeNull();
      expect(a.limits).not.toBeNull();

      expect(contents.reorderFigures([c.figure, a.figure, b.figure])).toBe(true);
      expect(contents.reorderFigures([c.figure, a.figure])).toBe(false);
      expect(contents.figures).toEqual([c.figure, a.figure, b.figure]);
      // The step keeps the order they came in, whatever the user's order.
      expect(contents.runtimes).toEqual([a, b, c]);

      expect(contents.removeFigure(a.figure)).toBe(a);
      expect(contents.removeFigure(a.figure)).toBeUndefined();
      expect(contents.figures).toEqual([c.figure, b.figure]);
      expect(contents.runtimes).toEqual([b, c]);
      expect(contents.restMembers).toEqual([b.figure, c.figure]);
      expect(contents.runtimeOf(a.figure)).toBeUndefined();
      const owners = new Set(contents.registry.bodies.map((body) => body.ownerId));
      expect([...owners].sort()).toEqual([2, 3]);
    } finally {
      world.free();
    }
  });

  it('makes a figure without the joint checks switched off', async () => {
    const rapier = await loadRapier();
    const world = new rapier.World({ x: 0, y: -9.81, z: 0 });
    try {
      const checks = { jointProjection: false, limitProjection: false };
      const runtime = createFigureRuntime(rapier, world, 1, BOX_DOLL, [0, 0], {}, checks);
      expect(runtime.joints).toBeNull();
      expect(runtime.limits).toBeNull();
    } finally {
      world.free();
    }
  });

  it('runs the step phases in the order docs/physics-architecture.md gives', () => {
    const note = readFileSync('docs/physics-architecture.md', 'utf8');
    const documented = [...note.matchAll(/^\d+\. \*\*([a-z-]+)\*\*/gm)].map((match) => match[1]);
    expect(STEP_PHASES.map((phase) => phase.name)).toEqual(documented);
  });

  it('shares the pins and motion settings between the sub-objects and the older members', async () => {
    const s = await sandbox();
    s.addFigure();
    const hand = s.figures[0]!.ragdoll.parts[1]!.body.handle;
    expect(s.pins.add(hand)).toBe(true);
    expect(s.pins.has(hand)).toBe(true);
    expect(s.pins.handles).toEqual([hand]);
    expect(s.pins.remove(hand)).toBe(true);
    expect(s.pins.has(hand)).toBe(false);
    expect(s.pins.add(-1)).toBe(false);

    s.motion.setMuscle(30);
    expect(s.motion.muscle).toBe(30);
    s.motion.setPlaying(false);
    expect(s.motion.playing).toBe(false);
    expect(s.motion.state(s.figures[0]!)).toBe('passive');
    expect(s.motion.of(s.figures[0]!)).toBeNull();
  });
});
