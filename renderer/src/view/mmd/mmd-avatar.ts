import type { Group } from 'three';
import type { MmdBodySpec } from '../../physics/mmd/mmd-physics-spec';
import type { Vec3 } from '../../physics/vector-math';
import type { MmdBoneDriver } from '../../rig/mmd/bone-drivers';
import type { Avatar } from '../avatar';
import type { BodySource } from '../body-meshes';
import type { FrameSectionClock } from '../frame-sections';
import type { MmdSkinnedModel } from './mmd-skinned-mesh';
import type { MmdBodyReader } from './mmd-pose-writer';
import { MmdPoseWriter } from './mmd-pose-writer';

/** What an MMD avatar needs of a rig: a figure's `MmdRig` and a prop's `MmdPropRig` both fit. */
export interface MmdAvatarRig {
  /** Model space origin of doll space, metres. */
  readonly rig: { readonly origin: Vec3 };
  readonly boneDrivers: readonly MmdBoneDriver[];
  readonly physics: { readonly bodies: readonly MmdBodySpec[] };
}

/** The figure (or model prop) an MMD avatar follows. */
export interface MmdAvatarFigure {
  readonly id: number;
  /** Body handle of each ragdoll part, by part name. */
  readonly partHandles: ReadonlyMap<string, number>;
  /** The figure's own MMD bodies (`figure.mmd`), or null when the model has none. */
  readonly bodies: MmdBodyReader | null;
}

/**
 * One MMD model drawn over one ragdoll figure: each frame its bones take the ragdoll parts'
 * and the model's own rigid bodies' poses (see `MmdPoseWriter`). Hair and skirts move because
 * their bodies are simulated; there are no spring bones to restart, since DROP and RESET put
 * those bodies back themselves. Owns its mesh, materials, textures and skeleton.
 */
export class MmdAvatar implements Avatar {
  readonly figureId: number;
  private readonly writer: MmdPoseWriter;
  private disposed = false;

  constructor(
    private readonly drawing: MmdSkinnedModel,
    rig: MmdAvatarRig,
    figure: MmdAvatarFigure,
    source: BodySource,
  ) {
    this.figureId = figure.id;
    const [ox, oy, oz] = rig.rig.origin;
    this.writer = new MmdPoseWriter(
      {
        bones: drawing.skeleton.bones,
        parents: drawing.skeleton.parents,
        order: drawing.skeleton.order,
        restDoll: drawing.skeleton.restPositions.map(([x, y, z]) => [x - ox, y - oy, z - oz]),
        drivers: rig.boneDrivers,
        bodies: rig.physics.bodies,
        source: drawing.skeleton.source,
      },
      figure.partHandles,
      source,
      figure.bodies,
    );
  }

  get scene(): Group {
    return this.drawing.root;
  }

  /** How many materials the model has, and how many draw a texture (for tests). */
  get materialCounts(): { materials: number; textured: number } {
    return { materials: this.drawing.materials.length, textured: this.drawing.texturedMaterials };
  }

  /** Where bone `name` was last drawn, metres; null when the model has no such bone. */
  bonePosition(name: string): { x: number; y: number; z: number } | null {
    const index = this.drawing.skeleton.bones.findIndex((bone) => bone.name === name);
    const position = index < 0 ? undefined : this.writer.worldPosition(index);
    return position ? { x: position.x, y: position.y, z: position.z } : null;
  }

  /** Nothing to restart: the model's bodies are placed by the physics with the figure. */
  requestSpringReset(): void {}

  update(_seconds?: number, sections?: FrameSectionClock): void {
    this.writer.write();
    sections?.lap('pose');
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.drawing.dispose();
  }
}
