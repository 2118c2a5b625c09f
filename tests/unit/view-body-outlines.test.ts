/**
 * BODIES outlines by motion state (renderer/src/view/body-meshes.ts): each figure's bodies
 * (its parts and its MMD bodies) take the colour of what the figure is doing with the motion
 * (passive green, following blue, limp red, getting up amber); props keep the passive colour;
 * without a state source every outline stays green, as before motions.
 */

import { describe, expect, it } from 'vitest';
import type { SimBody } from '../../renderer/src/physics/sandbox';
import type { BodyMotionState, BodySource } from '../../renderer/src/view/body-meshes';
import { BodyMeshes, MOTION_STATE_OUTLINE_COLORS } from '../../renderer/src/view/body-meshes';

function body(handle: number, kind: SimBody['kind'], ownerId: number): SimBody {
  return {
    handle,
    kind,
    ownerId,
    name: kind === 'prop' ? 'ball' : `part${handle}`,
    shape: { kind: 'sphere', radius: 0.1 },
    colliderRotation: undefined,
  };
}

/** Two figures (ids 1 and 2, the second with an MMD body) and a ball (prop id 7). */
const SOURCE: BodySource = {
  bodies: [
    body(10, 'part', 1),
    body(11, 'part', 1),
    body(20, 'part', 2),
    body(21, 'mmd', 2),
    body(30, 'prop', 7),
  ],
  bodiesVersion: 1,
  readTransform: (_handle, position, rotation) => {
    position.x = position.y = position.z = 0;
    rotation.x = rotation.y = rotation.z = 0;
    rotation.w = 1;
    return true;
  },
};

describe('BODIES outline colours', () => {
  it('follow each figure’s motion state, frame by frame, while BODIES is shown', () => {
    const states = new Map<number, BodyMotionState>([
      [1, 'following'],
      [2, 'limp'],
    ]);
    const meshes = new BodyMeshes(SOURCE, (owner) => states.get(owner) ?? 'passive');
    meshes.showBodies = true;
    meshes.sync();
    const colours = (): (number | undefined)[] =>
      [10, 11, 20, 21, 30].map((handle) => meshes.outlineColorOf(handle));
    const { passive, following, limp, gettingUp } = MOTION_STATE_OUTLINE_COLORS;
    expect(colours()).toEqual([following, following, limp, limp, passive]);
    states.set(2, 'gettingUp');
    states.set(1, 'passive');
    meshes.sync();
    expect(colours()).toEqual([passive, passive, gettingUp, gettingUp, passive]);
    expect(new Set(Object.values(MOTION_STATE_OUTLINE_COLORS)).size).toBe(4);
    meshes.dispose();
  });

  it('stay the passive green without a state source, as before motions', () => {
    const meshes = new BodyMeshes(SOURCE);
    meshes.showBodies = true;
    meshes.sync();
    expect(meshes.outlineColorOf(10)).toBe(MOTION_STATE_OUTLINE_COLORS.passive);
    expect(meshes.outlineColorOf(99)).toBeUndefined();
    meshes.dispose();
  });
});
