/**
 * Links kept by presets and undo, with real Rapier: a preset round-trips every kind of link
 * (through its JSON and schema) onto the same places; an undo snapshot puts links back,
 * including one to a figure that was removed and is made again.
 */
import { describe, expect, it } from 'vitest';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { Sandbox } from '../../renderer/src/physics/sandbox';
import { captureScene, restoreScene } from '../../renderer/src/physics/scene-preset';
import {
  SnapshotIds,
  restoreSceneSnapshot,
  takeSceneSnapshot,
} from '../../renderer/src/physics/scene-snapshot';
import { useSandboxes } from '../support/sandboxes';
import { savedScene, sceneExtras } from '../support/scene-presets';

const sandbox = useSandboxes();

function part(s: Sandbox, name: string, figure = 0) {
  return s.figures[figure]!.ragdoll.parts.find((p) => p.spec.name === name)!.body;
}

/** A scene with one of each link: rope, weld, spring, hinge. */
async function linkedScene(): Promise<Sandbox> {
  const s = await sandbox();
  s.addFigure();
  s.addFigure();
  s.reset();
  const box = s.addProp('box');
  const ball = s.addProp('ball');
  const hand = part(s, 'armL_lo');
  const h = hand.translation();
  s.links.make(
    'rope',
    { handle: null, point: { x: h.x, y: h.y + 1, z: h.z } },
    { handle: hand.handle, point: h },
  );
  s.links.setSettings({ breakForce: 900, stiffness: 3000, damping: 60 });
  const b = box.body.translation();
  s.links.make(
    'weld',
    { handle: box.body.handle, point: b },
    { handle: ball.body.handle, point: b },
  );
  const head = part(s, 'head', 1);
  s.links.make(
    'spring',
    { handle: head.handle, point: head.translation() },
    { handle: ball.body.handle, point: ball.body.translation() },
  );
  const foot = part(s, 'legR_lo', 1);
  s.links.make(
    'hinge',
    { handle: foot.handle, point: foot.translation() },
    { handle: null, point: { x: 0, y: 0, z: 0 } },
    { x: 1, y: 0, z: 0 },
  );
  return s;
}

/** The links as comparable data: type, the ends' places and every number of the geometry. */
function describeLinks(s: Sandbox) {
  const handles = new Map<number, string>();
  s.figures.forEach((figure, f) =>
    figure.ragdoll.parts.forEach((p, i) => handles.set(p.body.handle, `figure ${f} part ${i}`)),
  );
  s.props.forEach((prop, i) => handles.set(prop.body.handle, `prop ${i}`));
  const end = (body: { handle: number } | null) => (body ? handles.get(body.handle) : 'world');
  return s.links.list.map((link) => ({
    a: end(link.bodyA),
    b: end(link.bodyB),
    geometry: link.geometry,
  }));
}

describe('links saved', () => {
  it('a preset keeps every kind of link, on the same places, and they hold when loaded', async () => {
    const saved = await linkedScene();
    const before = describeLinks(saved);
    expect(before.map((link) => link.geometry.type)).toEqual(['rope', 'weld', 'spring', 'hinge']);
    const content = savedScene(saved, sceneExtras('Linked'));
    expect(content.links).toHaveLength(4);
    expect(content.links[0]!.a).toEqual({ kind: 'world' });
    expect(content.links[1]).toMatchObject({
      a: { kind: 'prop', prop: 0, part: 0 },
      b: { kind: 'prop', prop: 1, part: 0 },
      breakForce: 900,
    });
    const loaded = await sandbox();
    const report = restoreScene(loaded, content, () => ({ spec: BOX_DOLL }));
    expect(report.notes).toEqual([]);
    const after = describeLinks(loaded);
    expect(after.map(({ a, b }) => ({ a, b }))).toEqual(before.map(({ a, b }) => ({ a, b })));
    after.forEach((link, i) => {
      const was = before[i]!.geometry;
      expect(link.geometry.type).toBe(was.type);
      expect(link.geometry.length).toBeCloseTo(was.length, 12);
      expect(link.geometry.breakForce).toBe(was.breakForce);
      expect(link.geometry.stiffness).toBe(was.stiffness);
      link.geometry.anchorA.forEach((v, k) => expect(v).toBeCloseTo(was.anchorA[k]!, 12));
      link.geometry.anchorB.forEach((v, k) => expect(v).toBeCloseTo(was.anchorB[k]!, 12));
    });
    // They hold as saved: the rope carries the hand (stretch within 1 cm), nothing explodes.
    loaded.run(1.5);
    const rope = loaded.links.list[0]!;
    expect(loaded.links.stretch(rope)).toBeLessThan(0.01);
    expect(loaded.measure().nanCount).toBe(0);
  });

  it('a link whose end is not in the preset is left out with a note', async () => {
    const saved = await linkedScene();
    const content = captureScene(saved, sceneExtras('Linked'));
    const loaded = await sandbox();
    const trimmed = { ...content, figures: content.figures.slice(0, 1) };
    const report = restoreScene(loaded, trimmed, () => ({ spec: BOX_DOLL }));
    // The spring and the hinge held figure 2.
    expect(loaded.links.list.map((link) => link.geometry.type)).toEqual(['rope', 'weld']);
    expect(report.notes).toEqual(['2 links were left out: one of their ends is not in the scene.']);
  });

  it('undo snapshots put links back: one removed, one to a removed figure made again', async () => {
    const s = await linkedScene();
    const ids = new SnapshotIds();
    const before = describeLinks(s);
    const snapshot = takeSceneSnapshot(s);
    expect(snapshot.links).toHaveLength(4);
    s.links.remove(s.links.list[1]!.id);
    s.removeFigure(s.figures[1]!);
    // The spring and hinge went with figure 2; the weld was removed.
    expect(s.links.list.map((link) => link.geometry.type)).toEqual(['rope']);
    restoreSceneSnapshot(s, snapshot, ids);
    expect(describeLinks(s)).toEqual(before);
    // Nothing changed since: putting the same snapshot back keeps the live links as they are.
    const live = [...s.links.list];
    const version = s.links.version;
    restoreSceneSnapshot(s, snapshot, ids);
    expect(s.links.list).toEqual(live);
    expect(s.links.version).toBe(version);
    s.run(0.5);
    expect(s.measure().nanCount).toBe(0);
  });
});
