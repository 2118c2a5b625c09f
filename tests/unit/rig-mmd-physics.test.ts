/**
 * The rig's physics spec run in the real sandbox (real Rapier WASM): a standing figure's
 * 10-segment hair chain, built from MMD units and springs by `mmdRig`, swings and settles.
 */
import { describe, expect, it } from 'vitest';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import { humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import { loadRapier } from '../support/rapier';

describe('a hanging MMD hair chain', () => {
  it('swung sideways behind a figure pinned standing, settles back: slow, hanging, no NaN', async () => {
    const rapier = await loadRapier();
    const rig = mmdRig(humanoidMmdModel({ hairSegments: 10 }));
    // With the app's still-scene sleep on: it must let the chain swing back to hanging by its
    // own springs and limits rather than freeze it mid-swing.
    const sandbox = new Sandbox(rapier, { stiffness: 100 });
    try {
      const figure = sandbox.addFigure(rig.rig.spec, { mmd: rig.physics });
      sandbox.reset();
      // Pin the ragdoll where it stands, so the hair hangs from a still head.
      for (const part of figure.ragdoll.parts)
        part.body.setBodyType(rapier.RigidBodyType.Fixed, true);
      const hair = figure.mmd!.bodies.filter((b) => b.spec.motion !== 'follow');
      expect(hair).toHaveLength(10);
      const restX = hair.map((b) => b.body.translation().x);
      // Swing it: every segment thrown sideways at 3 m/s.
      for (const b of hair) b.body.setLinvel({ x: 3, y: 0, z: 0 }, true);
      let peak = 0;
      sandbox.run(20, () => {
        for (const b of hair) {
          const v = b.body.linvel();
          peak = Math.max(peak, Math.hypot(v.x, v.y, v.z));
        }
      });
      const speeds = hair.map((b) => {
        const v = b.body.linvel();
        return Math.hypot(v.x, v.y, v.z);
      });
      const heights = hair.map((b) => b.body.translation().y);
      expect(sandbox.measure().nanCount).toBe(0);
      expect(Math.max(...speeds)).toBeLessThan(0.05);
      // Each segment hangs below the one above it, back where it hung (within 3 cm sideways;
      // 2.1 cm measured since the pinned parts collide with the hair as the file's masks say).
      for (let i = 1; i < heights.length; i++) expect(heights[i]!).toBeLessThan(heights[i - 1]!);
      hair.forEach((b, i) =>
        expect(Math.abs(b.body.translation().x - restX[i]!)).toBeLessThan(0.03),
      );
    } finally {
      sandbox.dispose();
    }
  });
});
