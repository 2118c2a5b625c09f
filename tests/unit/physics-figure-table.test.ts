/**
 * The figure table (`sandbox.figureTable`), with real Rapier: plain data that matches the live
 * figures after every kind of change, a version that moves exactly when the figures change,
 * and the same object across steps. Also the id-based figure calls the page uses with it.
 */
import { describe, expect, it } from 'vitest';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { figureSlot } from '../../renderer/src/physics/figure-placement';
import { restoreScene } from '../../renderer/src/physics/scene-preset';
import {
  SnapshotIds,
  restoreSceneSnapshot,
  takeSceneSnapshot,
} from '../../renderer/src/physics/scene-snapshot';
import type { FigureTable, Sandbox } from '../../renderer/src/physics/sandbox';
import { SandboxError } from '../../renderer/src/physics/sandbox';
import { savedScene, sceneExtras } from '../support/scene-presets';
import { useSandboxes } from '../support/sandboxes';
import { hairChainSpec } from '../support/mmd-physics-specs';

const makeSandbox = useSandboxes();

/** What the table should say, read from the live figures. */
function expectedTable(sandbox: Sandbox) {
  return sandbox.figures.map((figure) => ({
    id: figure.id,
    spec: figure.ragdoll.spec,
    slot: [figure.slot[0], figure.slot[1]],
    rootHandle: figure.ragdoll.root.body.handle,
    parts: figure.ragdoll.parts.map((part) => ({ name: part.spec.name, handle: part.body.handle })),
    partHandles: new Map(figure.ragdoll.parts.map((p) => [p.spec.name, p.body.handle] as const)),
  }));
}

function expectMatches(sandbox: Sandbox): FigureTable {
  const table = sandbox.figureTable;
  expect(table.figures).toEqual(expectedTable(sandbox));
  sandbox.figures.forEach((figure, index) => {
    expect(table.indexOf(figure.id)).toBe(index);
    expect(table.entryOf(figure.id)).toBe(table.figures[index]);
    // Every handle is one the sandbox reads transforms by.
    for (const part of table.figures[index]!.parts)
      expect(sandbox.bodyOf(part.handle)).toBe(
        figure.ragdoll.parts.find((p) => p.spec.name === part.name)!.body,
      );
  });
  expect(table.indexOf(-1)).toBe(-1);
  expect(table.entryOf(-1)).toBeUndefined();
  return table;
}

describe('the figure table', () => {
  it('matches the figures after add, remove, reorder, reset and clear, and moves its version only then', async () => {
    const sandbox = await makeSandbox({ seed: 1 });
    expect(sandbox.figureTable.figures).toEqual([]);
    const versions: number[] = [sandbox.figureTable.version];
    const changed = (): void => {
      const version = sandbox.figureTable.version;
      expect(version).toBeGreaterThan(versions.at(-1)!);
      versions.push(version);
    };
    const unchanged = (before: FigureTable): void => {
      expect(sandbox.figureTable).toBe(before);
    };

    const a = sandbox.addFigure();
    changed();
    const b = sandbox.addFigure();
    changed();
    const c = sandbox.addFigure();
    changed();
    let table = expectMatches(sandbox);
    expect(table.figures.map((figure) => figure.slot)).toEqual([0, 1, 2].map(figureSlot));

    // Steps, DROP, RESET and BLAST move bodies, not figures: the same table.
    sandbox.run(0.5);
    sandbox.drop();
    sandbox.blast(14);
    sandbox.run(0.25);
    sandbox.reset();
    unchanged(table);
    // A reorder into the order it already has changes nothing.
    sandbox.reorderFigures([a, b, c]);
    unchanged(table);

    sandbox.reorderFigures([c.id, a.id, b.id]);
    changed();
    table = expectMatches(sandbox);
    expect(table.figures.map((figure) => figure.id)).toEqual([c.id, a.id, b.id]);
    // Figures and ids mix, and a wrong order changes nothing.
    expect(() => sandbox.reorderFigures([c, a])).toThrow(SandboxError);
    expect(() => sandbox.reorderFigures([c.id, a.id, 999])).toThrow(SandboxError);
    unchanged(table);

    // The entries of figures that stay are the same objects.
    const kept = table.entryOf(b.id);
    sandbox.removeFigure(a.id);
    changed();
    table = expectMatches(sandbox);
    expect(table.entryOf(b.id)).toBe(kept);
    // An id no figure has: nothing happens.
    sandbox.removeFigure(a.id);
    unchanged(table);
    sandbox.removeFigure(c);
    changed();
    expectMatches(sandbox);

    const d = sandbox.addFigure();
    changed();
    // The freed slot is taken again, and the new id is never an old one.
    expect(expectMatches(sandbox).entryOf(d.id)!.slot).toEqual(figureSlot(0));
    expect([a.id, b.id, c.id]).not.toContain(d.id);

    sandbox.clearFigures();
    expect(sandbox.figureTable.figures).toEqual([]);
    expect(sandbox.figureTable.version).toBeGreaterThan(versions.at(-1)!);
  });

  it('is the same object across steps, frames and prop changes', async () => {
    const sandbox = await makeSandbox({ seed: 2 });
    sandbox.addFigure();
    sandbox.addFigure();
    const table = sandbox.figureTable;
    for (let i = 0; i < 30; i++) {
      sandbox.advance(1 / 60);
      expect(sandbox.figureTable).toBe(table);
    }
    sandbox.run(0.5, () => expect(sandbox.figureTable).toBe(table));
    sandbox.addProp('ball');
    sandbox.addProp('box');
    sandbox.clearProps();
    expect(sandbox.figureTable).toBe(table);
  });

  it('matches the figures an undo snapshot and a preset put back', async () => {
    const sandbox = await makeSandbox({ seed: 3 });
    const first = sandbox.addFigure();
    const second = sandbox.addFigure();
    sandbox.run(0.3);
    const snapshot = takeSceneSnapshot(sandbox);
    const ids = new SnapshotIds();

    sandbox.removeFigure(first.id);
    sandbox.addFigure();
    const before = sandbox.figureTable.version;
    restoreSceneSnapshot(sandbox, snapshot, ids);
    const restored = expectMatches(sandbox);
    expect(restored.version).toBeGreaterThan(before);
    expect(restored.figures).toHaveLength(2);
    // The figure that stayed keeps its id and place; the one made again is first, as saved.
    expect(restored.figures[1]!.id).toBe(second.id);
    expect(restored.figures[0]!.id).toBe(ids.current(first.id));

    // Putting the same snapshot back again changes no figure: the table stays.
    restoreSceneSnapshot(sandbox, snapshot, ids);
    expect(sandbox.figureTable).toBe(restored);

    // A preset clears the figures and makes them again from their specs, in its order.
    const content = savedScene(sandbox, sceneExtras('table'));
    sandbox.addFigure();
    const beforePreset = sandbox.figureTable.version;
    restoreScene(sandbox, content, () => ({ spec: BOX_DOLL }));
    const preset = expectMatches(sandbox);
    expect(preset.version).toBeGreaterThan(beforePreset);
    expect(preset.figures).toHaveLength(2);
    expect(preset.figures.map((figure) => figure.id)).not.toContain(second.id);
  });

  it('takes ids in the motion controls, and an id no figure has reads as passive', async () => {
    const sandbox = await makeSandbox({ seed: 4 });
    const figure = sandbox.addFigure(undefined, { mmd: hairChainSpec() });
    const id = sandbox.figureTable.figures[0]!.id;
    expect(id).toBe(figure.id);
    expect(sandbox.motion.of(id)).toBeNull();
    expect(sandbox.motion.state(id)).toBe(sandbox.motion.state(figure));
    expect(sandbox.motion.time(id)).toBe(0);
    expect(sandbox.motion.trackingError(id)).toBeNull();
    expect(sandbox.motion.state(999)).toBe('passive');
    expect(sandbox.motion.time(999)).toBe(0);
    expect(sandbox.motion.of(999)).toBeNull();
    expect(() => sandbox.motion.set(999, null)).toThrow(SandboxError);
    sandbox.motion.set(id, null);
    // MMD bodies are not in the table: only the ragdoll's parts.
    expect(sandbox.figureTable.figures[0]!.parts).toHaveLength(figure.ragdoll.parts.length);
  });
});
