/**
 * Pins, with real Rapier: a pinned part holds its place within 1 mm while the rest of its
 * figure swings below it; unpinning lets it fall; RESET, DROP and removing the figure or prop
 * let go of its pins.
 */
import { describe, expect, it } from 'vitest';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { restoreScene } from '../../renderer/src/physics/scene-preset';
import type { Sandbox } from '../../renderer/src/physics/sandbox';
import { useSandboxes } from '../support/sandboxes';
import { savedScene, sceneExtras } from '../support/scene-presets';

const sandbox = useSandboxes();
/** A drawn frame at 60 Hz: two physics steps. */
const FRAME_S = 1 / 60;

function part(s: Sandbox, name: string) {
  return s.figures[0]!.ragdoll.parts.find((p) => p.spec.name === name)!.body;
}

function gap(a: { x: number; y: number; z: number }, b: { x: number; y: number; z: number }) {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}

type Point = { x: number; y: number; z: number };

/**
 * Runs `s` for `seconds` and returns the farthest the pinned body strayed from `held`
 * (`worst`) and the pelvis from `pelvisBefore` (`swing`), metres.
 */
function runPinned(
  s: Sandbox,
  seconds: number,
  pinned: ReturnType<typeof part>,
  held: Point,
  pelvisBefore: Point,
): { worst: number; swing: number } {
  let worst = 0;
  let swing = 0;
  s.run(seconds, () => {
    worst = Math.max(worst, gap(pinned.translation(), held));
    swing = Math.max(swing, gap(part(s, 'pelvis').translation(), pelvisBefore));
  });
  return { worst, swing };
}

describe('pins', () => {
  it('hangs a figure by one hand: the hand stays within 1 mm, the rest swings', async () => {
    // Limp, so the body drops and swings below the hand rather than holding its pose.
    const s = await sandbox({ stiffness: 0 });
    s.addFigure();
    s.run(0.2);
    const hand = part(s, 'armL_lo');
    expect(s.pins.add(hand.handle)).toBe(true);
    expect(s.pins.has(hand.handle)).toBe(true);
    const held = { ...hand.translation() };
    const pelvisBefore = { ...part(s, 'pelvis').translation() };
    const { worst, swing } = runPinned(s, 3, hand, held, pelvisBefore);
    expect(worst).toBeLessThan(0.001);
    expect(swing).toBeGreaterThan(0.05);
    expect(s.measure().nanCount).toBe(0);
    expect(s.pins.remove(hand.handle)).toBe(true);
    expect(s.pins.handles).toEqual([]);
    s.run(1);
    expect(hand.translation().y).toBeLessThan(held.y - 0.3);
  });

  it('holds through a BLAST: the pinned head stays within 1 mm while the body is thrown', async () => {
    const s = await sandbox({ stiffness: 0 });
    s.addFigure();
    s.reset();
    const head = part(s, 'head');
    s.pins.add(head.handle);
    const held = { ...head.translation() };
    const pelvisBefore = { ...part(s, 'pelvis').translation() };
    s.blast(14);
    const { worst, swing } = runPinned(s, 1, head, held, pelvisBefore);
    expect(worst).toBeLessThan(0.001);
    // The blast's push is taken by the pin; the body still swings ten times the pin's slack.
    expect(swing).toBeGreaterThan(0.01);
  });

  it('RESET, DROP and removal let go of pins; props can be pinned', async () => {
    const s = await sandbox();
    s.addFigure();
    const ball = s.addProp('ball');
    s.pins.add(ball.body.handle);
    s.pins.add(part(s, 'head').handle);
    expect(s.pins.handles).toHaveLength(2);
    const ballAt = { ...ball.body.translation() };
    s.run(1);
    expect(gap(ball.body.translation(), ballAt)).toBeLessThan(0.001);
    s.drop();
    expect(s.pins.handles).toEqual([]);
    s.pins.add(part(s, 'head').handle);
    s.reset();
    expect(s.pins.handles).toEqual([]);
    const again = s.addProp('box');
    s.pins.add(again.body.handle);
    s.removeProp(again);
    s.pins.add(part(s, 'torso').handle);
    s.removeFigure(s.figures[0]!);
    expect(s.pins.handles).toEqual([]);
    s.run(0.5);
    expect(s.measure().nanCount).toBe(0);
  });

  it('are saved in a preset and pinned again when it is restored', async () => {
    const saved = await sandbox();
    saved.addFigure();
    const ball = saved.addProp('ball');
    saved.pins.add(part(saved, 'head').handle);
    saved.pins.add(ball.body.handle);
    const content = savedScene(saved, sceneExtras('Hung'));
    expect(content.pins).toEqual([
      { kind: 'part', figure: 0, part: 2 },
      { kind: 'prop', prop: 0 },
    ]);
    const loaded = await sandbox();
    restoreScene(loaded, content, () => ({ spec: BOX_DOLL }));
    expect(loaded.pins.handles).toEqual([
      part(loaded, 'head').handle,
      loaded.props[0]!.body.handle,
    ]);
    const held = { ...part(loaded, 'head').translation() };
    loaded.run(1);
    expect(gap(part(loaded, 'head').translation(), held)).toBeLessThan(0.001);
  });

  it('grabbing a pinned hand moves the pin: dragged 0.5 m, it stays there and the figure hangs from it', async () => {
    const s = await sandbox({ stiffness: 0 });
    s.addFigure();
    s.run(0.2);
    const hand = part(s, 'armL_lo');
    const pelvis = part(s, 'pelvis');
    s.pins.add(hand.handle);
    s.run(1.5);
    const from = { ...hand.translation() };
    /** Where the pelvis hangs from the hand, metres. */
    const hanging = () => {
      const p = pelvis.translation();
      const h = hand.translation();
      return { x: p.x - h.x, y: p.y - h.y, z: p.z - h.z };
    };
    const restingOffset = hanging();
    expect(restingOffset.y).toBeLessThan(0);
    // Grab a point 3 cm off the hand's centre and drag it 0.5 m sideways over 0.5 s.
    const at = { x: from.x + 0.03, y: from.y, z: from.z };
    expect(s.grab.start(hand.handle, at)).toBe(true);
    expect(s.grab.handle).toBe(hand.handle);
    const steps = 60;
    let swing = 0;
    for (let i = 1; i <= steps; i++) {
      s.grab.moveTo({ x: at.x + (0.5 * i) / steps, y: at.y, z: at.z });
      s.run(1 / 120);
      swing = Math.max(swing, gap(hanging(), restingOffset));
    }
    s.run(0.1);
    s.grab.release();
    expect(s.grab.handle).toBeNull();
    const to = { x: from.x + 0.5, y: from.y, z: from.z };
    expect(gap(hand.translation(), to)).toBeLessThan(0.001);
    expect(s.pins.has(hand.handle)).toBe(true);
    // The rest of the figure swung after the hand rather than being carried rigidly.
    expect(swing).toBeGreaterThan(0.01);

    // Let go, it stays pinned there while the figure settles hanging from it as before.
    let worst = 0;
    s.run(3, () => {
      worst = Math.max(worst, gap(hand.translation(), to));
    });
    expect(worst).toBeLessThan(0.001);
    expect(gap(hanging(), restingOffset)).toBeLessThan(0.05);
    expect(s.measure().maxJointGapM).toBeLessThan(0.005);
    expect(s.measure().nanCount).toBe(0);
  });

  it('unpinning a pinned body while it is moved lets go of it, and it falls', async () => {
    const s = await sandbox({ stiffness: 0 });
    s.addFigure();
    s.run(0.2);
    const hand = part(s, 'armL_lo');
    s.pins.add(hand.handle);
    const from = { ...hand.translation() };
    s.grab.start(hand.handle, from);
    // Dragged 0.2 m up at 3 m/s, as a pointer moves it: a step of 5 cm a frame, spread over the
    // frame's two steps. Moved 0.2 m within a single step instead (24 m/s, no drag goes so
    // fast), the limp figure was flung upward and where its hand then tumbled was chance.
    for (let frame = 1; frame <= 4; frame++) {
      s.grab.moveTo({ x: from.x, y: from.y + 0.05 * frame, z: from.z });
      expect(s.advance(FRAME_S)).toBe(2);
    }
    s.run(0.05);
    s.pins.remove(hand.handle);
    expect(s.grab.handle).toBeNull();
    s.run(1);
    expect(hand.translation().y).toBeLessThan(from.y - 0.3);
  });
});
