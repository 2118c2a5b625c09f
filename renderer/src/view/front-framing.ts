import { Vector3 } from 'three';
import type { Box3 } from 'three';

/** Where a camera stands to see a box whole from its front (+Z side), metres. */
export interface FrontFraming {
  readonly position: Vector3;
  /** The box's centre, where the camera looks. */
  readonly target: Vector3;
  /** Near and far planes that hold the box with room to spare. */
  readonly near: number;
  readonly far: number;
}

/**
 * A camera on the +Z side of `box` (models face +Z), level with its centre, far enough back
 * that the whole box fits a `fovDeg` vertical field of view at `aspect` (width / height) with
 * `margin` of the picture's height or width left free around it (0.1: a tenth in all).
 *
 * @param fovDeg - the camera's vertical field of view, degrees
 */
export function frontFraming(
  box: Box3,
  fovDeg: number,
  aspect: number,
  margin = 0.1,
): FrontFraming {
  const target = box.getCenter(new Vector3());
  const size = box.getSize(new Vector3());
  const halfTan = Math.tan((fovDeg * Math.PI) / 360);
  const fill = 1 - margin;
  // The distance from the box's front face at which its height, or its width, fills `fill`.
  const forHeight = size.y / 2 / (halfTan * fill);
  const forWidth = size.x / 2 / (halfTan * aspect * fill);
  const fromFront = Math.max(forHeight, forWidth, 1e-3);
  const distance = size.z / 2 + fromFront;
  const position = new Vector3(target.x, target.y, target.z + distance);
  return {
    position,
    target,
    near: Math.max(1e-3, fromFront * 0.5),
    far: distance + size.z + fromFront,
  };
}
