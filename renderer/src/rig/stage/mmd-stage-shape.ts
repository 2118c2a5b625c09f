import type { MmdModel } from '../../formats/mmd/mmd-model';
import type { StageFixedShape, StageShape } from '../../physics/stage/stage-shape';
import { MMD_UNIT_METRES } from '../mmd/mmd-coordinates';
import { mmdPropRig } from '../mmd/mmd-prop-rig';

/** What an MMD stage gives the physics, and what it leaves out (for a note). */
export interface MmdStage {
  readonly shape: StageShape;
  /** Moving (type 1 and 2) rigid bodies of the file: a stage does not swing, so none is built. */
  readonly movingBodiesLeftOut: number;
}

/**
 * An MMD model (PMX or PMD) as a stage: its triangles in metres (MMD units times
 * `unitMetres`, z mirrored as for models, the winding turned back to counter-clockwise) and
 * its bone-following rigid bodies as fixed shapes where the file puts them.
 */
export function mmdStageShape(
  model: MmdModel,
  name: string,
  unitMetres = MMD_UNIT_METRES,
): MmdStage {
  const source = model.mesh.positions;
  const positions = new Float32Array(source.length);
  for (let i = 0; i < source.length; i += 3) {
    positions[i] = source[i]! * unitMetres;
    positions[i + 1] = source[i + 1]! * unitMetres;
    positions[i + 2] = -source[i + 2]! * unitMetres;
  }
  const indices = new Uint32Array(model.mesh.indices.length - (model.mesh.indices.length % 3));
  for (let i = 0; i < indices.length; i += 3) {
    // Mirroring z turns every triangle over; swapping two corners turns it back.
    indices[i] = model.mesh.indices[i]!;
    indices[i + 1] = model.mesh.indices[i + 2]!;
    indices[i + 2] = model.mesh.indices[i + 1]!;
  }
  const bodies =
    model.rigidBodies.length > 0 ? mmdPropRig(model, { unitMetres }).physics.bodies : [];
  const fixedShapes: StageFixedShape[] = bodies
    .filter((body) => body.motion === 'follow')
    .map((body) => ({
      shape: body.shape,
      position: body.position,
      rotation: body.rotation,
      friction: body.friction,
      restitution: body.restitution,
    }));
  return {
    shape: { name, positions, indices, fixedShapes },
    movingBodiesLeftOut: bodies.length - fixedShapes.length,
  };
}
