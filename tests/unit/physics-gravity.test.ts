/**
 * GRAVITY: the sandbox's gravity in g (0..2), with real Rapier. At 0 a ball left in the air
 * stays there; at 2 it falls twice as far in the same time; turning gravity back on wakes
 * bodies that went to sleep floating; presets keep it.
 */
import { describe, expect, it } from 'vitest';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { restoreScene } from '../../renderer/src/physics/scene-preset';
import { useSandboxes } from '../support/sandboxes';
import { savedScene, sceneExtras } from '../support/scene-presets';

const sandbox = useSandboxes();

describe('GRAVITY', () => {
  it('0 g leaves a ball floating; 1 g and 2 g pull it down in proportion', async () => {
    const drops: number[] = [];
    for (const g of [0, 1, 2]) {
      const s = await sandbox();
      s.setGravityScale(g);
      const ball = s.addProp('ball');
      const start = ball.body.translation().y;
      s.run(0.25);
      drops.push(start - ball.body.translation().y);
    }
    expect(Math.abs(drops[0]!)).toBeLessThan(1e-6);
    // ½ g t² at t = 0.25 s: 0.31 m at 1 g (damping takes a little).
    expect(drops[1]!).toBeGreaterThan(0.25);
    expect(drops[2]! / drops[1]!).toBeCloseTo(2, 1);
  });

  it('clamps to 0..2 and wakes sleeping bodies when it changes', async () => {
    const s = await sandbox();
    s.setGravityScale(5);
    expect(s.gravityScale).toBe(2);
    s.setGravityScale(-1);
    expect(s.gravityScale).toBe(0);
    const ball = s.addProp('ball');
    s.run(4);
    expect(ball.body.isSleeping()).toBe(true);
    const floating = ball.body.translation().y;
    s.setGravityScale(1);
    expect(ball.body.isSleeping()).toBe(false);
    s.run(0.3);
    expect(ball.body.translation().y).toBeLessThan(floating - 0.2);
  });

  it('is saved in a preset and restored from it', async () => {
    const saved = await sandbox();
    saved.addFigure();
    saved.setGravityScale(0.3);
    const content = savedScene(saved, sceneExtras('Moon'));
    expect(content.settings.gravity).toBeCloseTo(0.3, 10);
    const loaded = await sandbox();
    restoreScene(loaded, content, () => ({ spec: BOX_DOLL }));
    expect(loaded.gravityScale).toBeCloseTo(0.3, 10);
    expect(loaded.world.gravity.y).toBeCloseTo(-9.81 * 0.3, 5);
  });
});
