import { Vector3 } from 'three';
import type { MmdModel } from '../../renderer/src/formats/mmd/mmd-model';
import { armPoses } from '../../tools/physics/arm-poses';
import { posedMmdAvatar } from '../../tools/loaders/posed-mmd-avatar';

/**
 * How far (metres, the worst over `poses`) the skinned vertices weighted mostly to `helpers`
 * drift from their rest distance to the segment from `arm` to `elbow`: a sleeve that wraps the
 * arm keeps its distance; one left behind in the A-pose does not.
 */
export async function sleeveDrift(
  model: MmdModel,
  side: '右' | '左',
  helpers: readonly string[],
): Promise<{ drift: number; vertices: number }> {
  const posed = await posedMmdAvatar(model, false);
  const index = (name: string) => model.bones.findIndex((bone) => bone.name === name);
  const helperSet = new Set(helpers.map(index));
  const { skinIndices, skinWeights } = model.mesh;
  const chosen: number[] = [];
  for (let v = 0; v < model.mesh.vertexCount; v++) {
    let share = 0;
    for (let k = 0; k < 4; k++) {
      if (helperSet.has(skinIndices[v * 4 + k]!)) share += skinWeights[v * 4 + k]!;
    }
    if (share >= 0.5) chosen.push(v);
  }
  const arm = `${side}腕`;
  const elbow = `${side}ひじ`;
  const distances = () => {
    const a = posed.bone(arm).position;
    const b = posed.bone(elbow).position;
    const vertex = new Vector3();
    return chosen.map((v) => {
      posed.drawing.mesh.getVertexPosition(v, vertex);
      return distanceToSegment(vertex, a, b);
    });
  };
  const rest = distances();
  let drift = 0;
  for (const { upper, lower } of armPoses(side === '右' ? -1 : 1)) {
    posed.parts.turn(posed.partOf(arm), upper);
    posed.parts.turn(posed.partOf(elbow), lower);
    distances().forEach((d, i) => (drift = Math.max(drift, Math.abs(d - rest[i]!))));
  }
  posed.avatar.dispose();
  return { drift, vertices: chosen.length };
}

function distanceToSegment(p: Vector3, a: Vector3, b: Vector3): number {
  const ab = b.clone().sub(a);
  const t = Math.min(Math.max(p.clone().sub(a).dot(ab) / ab.lengthSq(), 0), 1);
  return p.distanceTo(a.clone().addScaledVector(ab, t));
}
