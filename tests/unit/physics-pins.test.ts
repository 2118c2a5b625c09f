/**
 * Pins, with real Rapier: a pinned part holds its place within 1 mm while the rest of its
 * figure swings below it; unpinning lets it fall; RESET, DROP and removing the figure or prop
 * let go of its pins.
 */
import { describe, expect, it } from 'vitest';
import { PRESET_MOTION_NONE, presetContentSchema } from '../../shared/preset-schema';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { captureScene, restoreScene } from '../../renderer/src/physics/scene-preset';
import type { Sandbox } from '../../renderer/src/physics/sandbox';
import { useSandboxes } from '../support/sandboxes';

const sandbox = useSandboxes();

function part(s: Sandbox, name: string) {
  return s.figures[0]!.ragdoll.parts.find((p) => p.spec.name === name)!.body;
}

function gap(a: { x: number; y: number; z: number }, b: { x: number; y: number; z: number }) {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}

describe('pins', () => {
  it('hangs a figure by one hand: the hand stays within 1 mm, the rest swings', async () => {
    // Limp, so the body drops and swings below the hand rather than holding its pose.
    const s = await sandbox({ stiffness: 0 });
    s.addFigure();
    s.run(0.2);
    const hand = part(s, 'armL_lo');
    expect(s.pin(hand.handle)).toBe(true);
    expect(s.isPinned(hand.handle)).toBe(true);
    const held = { ...hand.translation() };
    const pelvisBefore = { ...part(s, 'pelvis').translation() };
    let worst = 0;
    let swing = 0;
    s.run(3, () => {
      worst = Math.max(worst, gap(hand.translation(), held));
      swing = Math.max(swing, gap(part(s, 'pelvis').translation(), pelvisBefore));
    });
    expect(worst).toBeLessThan(0.001);
    expect(swing).toBeGreaterThan(0.05);
    expect(s.measure().nanCount).toBe(0);
    expect(s.unpin(hand.handle)).toBe(true);
    expect(s.pinnedHandles).toEqual([]);
    s.run(1);
    expect(hand.translation().y).toBeLessThan(held.y - 0.3);
  });

  it('holds through a BLAST: the pinned head stays within 1 mm while the body is thrown', async () => {
    const s = await sandbox({ stiffness: 0 });
    s.addFigure();
    s.reset();
    const head = part(s, 'head');
    s.pin(head.handle);
    const held = { ...head.translation() };
    const pelvisBefore = { ...part(s, 'pelvis').translation() };
    s.blast(14);
    let worst = 0;
    let swing = 0;
    s.run(1, () => {
      worst = Math.max(worst, gap(head.translation(), held));
      swing = Math.max(swing, gap(part(s, 'pelvis').translation(), pelvisBefore));
    });
    expect(worst).toBeLessThan(0.001);
    // The blast's push is taken by the pin; the body still swings ten times the pin's slack.
    expect(swing).toBeGreaterThan(0.01);
  });

  it('RESET, DROP and removal let go of pins; props can be pinned', async () => {
    const s = await sandbox();
    s.addFigure();
    const ball = s.addProp('ball');
    s.pin(ball.body.handle);
    s.pin(part(s, 'head').handle);
    expect(s.pinnedHandles).toHaveLength(2);
    const ballAt = { ...ball.body.translation() };
    s.run(1);
    expect(gap(ball.body.translation(), ballAt)).toBeLessThan(0.001);
    s.drop();
    expect(s.pinnedHandles).toEqual([]);
    s.pin(part(s, 'head').handle);
    s.reset();
    expect(s.pinnedHandles).toEqual([]);
    const again = s.addProp('box');
    s.pin(again.body.handle);
    s.removeProp(again);
    s.pin(part(s, 'torso').handle);
    s.removeFigure(s.figures[0]!);
    expect(s.pinnedHandles).toEqual([]);
    s.run(0.5);
    expect(s.measure().nanCount).toBe(0);
  });

  it('are saved in a preset and pinned again when it is restored', async () => {
    const saved = await sandbox();
    saved.addFigure();
    const ball = saved.addProp('ball');
    saved.pin(part(saved, 'head').handle);
    saved.pin(ball.body.handle);
    const content = presetContentSchema.parse(
      JSON.parse(
        JSON.stringify(
          captureScene(saved, {
            name: 'Hung',
            camera: { position: [3, 2, 5], target: [0, 0.5, 0], fovDeg: 45 },
            showBodies: false,
            modelOf: () => ({ kind: 'box' }),
            motion: PRESET_MOTION_NONE,
            motionTimeOf: () => 0,
          }),
        ),
      ),
    );
    expect(content.pins).toEqual([
      { kind: 'part', figure: 0, part: 2 },
      { kind: 'prop', prop: 0 },
    ]);
    const loaded = await sandbox();
    restoreScene(loaded, content, () => ({ spec: BOX_DOLL }));
    expect(loaded.pinnedHandles).toEqual([
      part(loaded, 'head').handle,
      loaded.props[0]!.body.handle,
    ]);
    const held = { ...part(loaded, 'head').translation() };
    loaded.run(1);
    expect(gap(part(loaded, 'head').translation(), held)).toBeLessThan(0.001);
  });
});
