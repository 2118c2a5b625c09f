import { Quaternion, Vector3 } from 'three';
import type { MmdModel } from '../../renderer/src/formats/mmd/mmd-model';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import type { MmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import type { BodySource } from '../../renderer/src/view/body-meshes';
import { MmdAvatar } from '../../renderer/src/view/mmd/mmd-avatar';
import type { MmdSkinnedModel } from '../../renderer/src/view/mmd/mmd-skinned-mesh';
import { buildMmdSkinnedModel } from '../../renderer/src/view/mmd/mmd-skinned-mesh';
import { loadMmdTextures } from '../../renderer/src/view/mmd/mmd-textures';
import { writePmx } from '../fixtures/mmd/pmx-writer';

/**
 * Ragdoll parts held where a test puts them: each part rests at its rest centre, unrotated,
 * unless `turn` rotates it. Stands in for the physics when a test wants exact part poses.
 */
export class PosedParts implements BodySource {
  readonly bodies = [];
  readonly bodiesVersion = 0;
  private readonly rotations = new Map<number, Quaternion>();
  private readonly shifts = new Map<number, Vector3>();
  private readonly centers: readonly (readonly [number, number, number])[];

  constructor(private readonly rig: MmdRig) {
    this.centers = rig.rig.spec.parts.map((part) => part.center);
  }

  /** Part handles (their index in the spec), by part name. */
  get handles(): Map<string, number> {
    return new Map(this.rig.rig.spec.parts.map((part, i) => [part.name, i] as const));
  }

  /** Rotates part `name` (world rotation away from rest). */
  turn(name: string, rotation: Quaternion): void {
    this.rotations.set(this.handles.get(name)!, rotation.clone());
  }

  /** Moves part `name` by `offset` (metres) from its rest centre. */
  shift(name: string, offset: Vector3): void {
    this.shifts.set(this.handles.get(name)!, offset.clone());
  }

  readTransform(
    handle: number,
    position: { x: number; y: number; z: number },
    rotation: { x: number; y: number; z: number; w: number },
  ): boolean {
    const center = this.centers[handle];
    if (!center) return false;
    const shift = this.shifts.get(handle) ?? new Vector3();
    [position.x, position.y, position.z] = [
      center[0] + shift.x,
      center[1] + shift.y,
      center[2] + shift.z,
    ];
    const q = this.rotations.get(handle) ?? new Quaternion();
    [rotation.x, rotation.y, rotation.z, rotation.w] = [q.x, q.y, q.z, q.w];
    return true;
  }
}

/**
 * `model`'s skinned mesh, built as the app builds it, with no texture read (as on a page
 * without a desktop host); `rig` is the model's when not given.
 */
export async function drawMmdModel(
  model: MmdModel,
  rig: Pick<MmdRig, 'unitMetres'> = mmdRig(model),
): Promise<MmdSkinnedModel> {
  return buildMmdSkinnedModel(model, rig.unitMetres, await loadMmdTextures(model, undefined));
}

/** A model written to PMX, read back and drawn over {@link PosedParts} (no physics bodies). */
export interface PosedMmdAvatar {
  readonly model: MmdModel;
  readonly rig: MmdRig;
  readonly parts: PosedParts;
  readonly drawing: MmdSkinnedModel;
  readonly avatar: MmdAvatar;
  /** Poses the bones and returns bone `name`'s drawn world position and rotation. */
  bone(name: string): { position: Vector3; rotation: Quaternion };
  /** The part that drives bone `name`. */
  partOf(name: string): string;
}

export async function posedMmdAvatar(source: MmdModel, asFile = true): Promise<PosedMmdAvatar> {
  const model = asFile ? parseMmdModel(writePmx(source)) : source;
  const rig = mmdRig(model);
  const parts = new PosedParts(rig);
  const drawing = await drawMmdModel(model, rig);
  const avatar = new MmdAvatar(
    drawing,
    rig,
    { id: 1, partHandles: parts.handles, bodies: null },
    parts,
  );
  const indexOf = (name: string) => {
    const index = model.bones.findIndex((bone) => bone.name === name);
    if (index < 0) throw new Error(`no bone ${name}`);
    return index;
  };
  return {
    model,
    rig,
    parts,
    drawing,
    avatar,
    bone(name) {
      avatar.update();
      drawing.root.updateMatrixWorld(true);
      const node = drawing.skeleton.bones[indexOf(name)]!;
      return {
        position: node.getWorldPosition(new Vector3()),
        rotation: node.getWorldQuaternion(new Quaternion()),
      };
    },
    partOf(name) {
      const driver = rig.boneDrivers[indexOf(name)]!;
      if (driver.kind !== 'part') throw new Error(`${name} is not driven by a part`);
      return driver.part;
    },
  };
}
