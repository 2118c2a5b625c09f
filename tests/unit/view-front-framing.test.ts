/**
 * The recent list's model pictures are framed by `frontFraming`: a camera on the model's front
 * (+Z) side that sees the whole of its box, with the margin asked for, whichever side is the
 * tighter fit.
 */
import { Box3, PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { frontFraming } from '../../renderer/src/view/front-framing';

/** Where each corner of `box` lands in the camera's picture, in normalized device units (±1). */
function projectedCorners(box: Box3, fovDeg: number, aspect: number, margin: number): Vector3[] {
  const framing = frontFraming(box, fovDeg, aspect, margin);
  const camera = new PerspectiveCamera(fovDeg, aspect, framing.near, framing.far);
  camera.position.copy(framing.position);
  camera.lookAt(framing.target);
  camera.updateMatrixWorld();
  const corners: Vector3[] = [];
  for (const x of [box.min.x, box.max.x])
    for (const y of [box.min.y, box.max.y])
      for (const z of [box.min.z, box.max.z]) corners.push(new Vector3(x, y, z).project(camera));
  return corners;
}

const extent = (corners: Vector3[], axis: 'x' | 'y'): number =>
  Math.max(...corners.map((corner) => Math.abs(corner[axis])));

describe('frontFraming', () => {
  it('fits a standing figure by its height in a wide picture, looking at it level from +Z', () => {
    const figure = new Box3(new Vector3(-0.6, 0, -0.15), new Vector3(0.6, 1.6, 0.15));
    const framing = frontFraming(figure, 25, 16 / 9, 0.1);
    expect(framing.target.toArray()).toEqual([0, 0.8, 0]);
    expect(framing.position.x).toBe(0);
    expect(framing.position.y).toBe(0.8);
    expect(framing.position.z).toBeGreaterThan(figure.max.z);
    const corners = projectedCorners(figure, 25, 16 / 9, 0.1);
    // The nearest corners reach 90 % of the height exactly; nothing leaves the picture.
    expect(extent(corners, 'y')).toBeCloseTo(0.9, 6);
    expect(extent(corners, 'x')).toBeLessThan(0.9);
    for (const corner of corners) expect(corner.z).toBeGreaterThan(-1);
    for (const corner of corners) expect(corner.z).toBeLessThan(1);
  });

  it('fits a figure with its arms out by its width in a square picture', () => {
    const tPose = new Box3(new Vector3(-0.9, 0, -0.1), new Vector3(0.9, 1.5, 0.1));
    const corners = projectedCorners(tPose, 25, 1, 0.2);
    expect(extent(corners, 'x')).toBeCloseTo(0.8, 6);
    expect(extent(corners, 'y')).toBeLessThan(0.8);
  });

  it('keeps a box off the origin centred', () => {
    const away = new Box3(new Vector3(2, 1, -5), new Vector3(3, 3, -4));
    const corners = projectedCorners(away, 30, 16 / 9, 0.1);
    const xs = corners.map((corner) => corner.x);
    const ys = corners.map((corner) => corner.y);
    expect(Math.max(...xs) + Math.min(...xs)).toBeCloseTo(0, 6);
    expect(Math.max(...ys) + Math.min(...ys)).toBeCloseTo(0, 6);
  });
});
