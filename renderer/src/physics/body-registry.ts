import type { PartShape } from './doll-spec';
import type { MmdBodies } from './mmd/mmd-bodies';
import type { MmdBody } from './mmd/mmd-body';
import type { MmdBodyMotion } from './mmd/mmd-physics-spec';
import type { Ragdoll } from './ragdoll';
import type { Collider, RigidBody } from './rapier-api';
import type { QuatLike, Vec3Like } from './vector-math';

/**
 * A moving body as the view sees it: what to draw and how it is shaped. The view reads
 * its transform with {@link Sandbox.readTransform} after each frame and never changes it.
 */
export interface SimBody {
  /**
   * Key for {@link Sandbox.readTransform} and `SandboxGrab.start`: the Rapier body handle, or,
   * for an MMD `follow` body (a collider riding its part, with no body of its own), a negative
   * number; {@link Sandbox.bodyOf} knows only the former.
   */
  readonly handle: number;
  /** A ragdoll part, a ball or box, or one of a figure's own MMD bodies. */
  readonly kind: 'part' | 'prop' | 'mmd';
  /** Figure or prop id. */
  readonly ownerId: number;
  /** Part name, prop kind, or the MMD body's name from the file. */
  readonly name: string;
  /** The collider's shape; an MMD capsule lies along the body's local Y like the others. */
  readonly shape: PartShape;
  /** Collider rotation relative to the body, [x, y, z, w] (MMD bodies: none, the body turns). */
  readonly colliderRotation: readonly [number, number, number, number] | undefined;
  /** For `mmd` bodies only: which body of the figure's spec, and how it moves. */
  readonly mmd?: SimMmdBody;
}

/** What the view may want to know about an MMD body (e.g. to draw `follow` ones dimmer). */
export interface SimMmdBody {
  /** Position in the figure's `MmdPhysicsSpec.bodies`. */
  readonly index: number;
  readonly motion: MmdBodyMotion;
  /** The ragdoll part it rides with; grabbing the body grabs this part. */
  readonly part: string;
}

/** What the registry needs of a figure: its id, ragdoll and MMD bodies. */
export interface RegisteredFigure {
  readonly id: number;
  readonly ragdoll: Ragdoll;
  readonly mmd: MmdBodies | null;
}

/** What the registry needs of a prop. */
export interface RegisteredProp {
  readonly id: number;
  readonly kind: string;
  readonly body: RigidBody;
  readonly collider: Collider;
}

/**
 * The sandbox's index of moving bodies: the view's list ({@link SimBody}, with a version that
 * changes on every add and remove), handle → Rapier body for reading and grabbing, the part
 * that stands in for each MMD body when grabbed, and which figure or prop owns each collider
 * (for the fall guard). Lookups allocate nothing.
 */
export class BodyRegistry<F extends RegisteredFigure, P extends RegisteredProp> {
  private readonly bodyByHandle = new Map<number, RigidBody>();
  /** The ragdoll part standing in for each MMD body when it is grabbed. */
  private readonly grabPartByHandle = new Map<number, RigidBody>();
  /** MMD `follow` bodies by their view handle (negative: they have no Rapier body of their own). */
  private readonly followByHandle = new Map<number, { mmd: MmdBodies; index: number }>();
  /** Which figure or prop owns each moving collider, for the fall guard. */
  private readonly ownerByCollider = new Map<number, F | P>();
  private readonly simBodies: SimBody[] = [];
  private version = 0;
  /** Every handle {@link readTransform} answers for, drawn or not, in the order added. */
  private readonly readable: number[] = [];
  private readableChanges = 0;

  /** Every moving body, for the view. */
  get bodies(): readonly SimBody[] {
    return this.simBodies;
  }

  /** Increases whenever a body is added or removed. */
  get bodiesVersion(): number {
    return this.version;
  }

  /**
   * Every handle {@link readTransform} answers for: the view's bodies and those it does not
   * draw (a model prop's carrier parts), in the order they were added.
   */
  get readableHandles(): readonly number[] {
    return this.readable;
  }

  /** Increases whenever {@link readableHandles} changes. */
  get readableVersion(): number {
    return this.readableChanges;
  }

  /**
   * Registers a figure's ragdoll parts, then its MMD bodies in spec order. With `drawParts`
   * false (a model prop whose carrier only carries mass) the parts can be read and grabbed but
   * are not in the view's list, which shows what collides.
   */
  addFigure(figure: F, options: { readonly drawParts?: boolean } = {}): void {
    for (const part of figure.ragdoll.parts) {
      this.ownerByCollider.set(part.collider.handle, figure);
      if (options.drawParts === false) {
        this.bodyByHandle.set(part.body.handle, part.body);
        this.addReadable(part.body.handle);
        continue;
      }
      this.registerBody(part.body, {
        handle: part.body.handle,
        kind: 'part',
        ownerId: figure.id,
        name: part.spec.name,
        shape: part.spec.shape,
        colliderRotation: part.spec.colliderRotation,
      });
    }
    const mmd = figure.mmd;
    for (const body of mmd?.bodies ?? []) {
      this.ownerByCollider.set(body.collider.handle, figure);
      const handle = mmdViewHandle(body);
      this.grabPartByHandle.set(handle, body.part.body);
      if (body.spec.motion === 'follow')
        this.followByHandle.set(handle, { mmd: mmd!, index: body.index });
      else this.bodyByHandle.set(handle, body.body);
      this.addReadable(handle);
      this.addSimBody({
        handle,
        kind: 'mmd',
        ownerId: figure.id,
        name: body.spec.name,
        shape: body.spec.shape,
        colliderRotation: undefined,
        mmd: { index: body.index, motion: body.spec.motion, part: body.part.spec.name },
      });
    }
  }

  /** Forgets a figure's parts and MMD bodies (the caller removes them from the world). */
  removeFigure(figure: F): void {
    for (const part of figure.ragdoll.parts) {
      this.unregisterBody(part.body.handle);
      this.ownerByCollider.delete(part.collider.handle);
    }
    for (const body of figure.mmd?.bodies ?? []) {
      const handle = mmdViewHandle(body);
      this.unregisterBody(handle);
      this.grabPartByHandle.delete(handle);
      this.followByHandle.delete(handle);
      this.ownerByCollider.delete(body.collider.handle);
    }
  }

  /** Registers a prop of this shape. */
  addProp(prop: P, shape: PartShape): void {
    this.ownerByCollider.set(prop.collider.handle, prop);
    this.registerBody(prop.body, {
      handle: prop.body.handle,
      kind: 'prop',
      ownerId: prop.id,
      name: prop.kind,
      shape,
      colliderRotation: undefined,
    });
  }

  /** Forgets a prop (the caller removes it from the world). */
  removeProp(prop: P): void {
    this.unregisterBody(prop.body.handle);
    this.ownerByCollider.delete(prop.collider.handle);
  }

  /** The figure or prop that owns a moving collider. */
  ownerOf(colliderHandle: number): F | P | undefined {
    return this.ownerByCollider.get(colliderHandle);
  }

  /** The Rapier body with this view handle (not MMD `follow` bodies). */
  bodyOf(handle: number): RigidBody | undefined {
    return this.bodyByHandle.get(handle);
  }

  /** What grabbing this handle drags: an MMD body's part, or the body itself. */
  grabTarget(handle: number): RigidBody | undefined {
    return this.grabPartByHandle.get(handle) ?? this.bodyByHandle.get(handle);
  }

  /**
   * Copies the current transform of the body with this view handle into `position` (metres)
   * and `rotation`. False when there is no such body. Allocates nothing.
   */
  readTransform(handle: number, position: Vec3Like, rotation: QuatLike): boolean {
    const follow = this.followByHandle.get(handle);
    if (follow) return follow.mmd.readBody(follow.index, position, rotation);
    const body = this.bodyByHandle.get(handle);
    if (!body) return false;
    body.translation(position);
    body.rotation(rotation);
    return true;
  }

  /** Every registered Rapier body (parts, props, dynamic MMD bodies). Allocates. */
  rigidBodies(): RigidBody[] {
    return [...this.bodyByHandle.values()];
  }

  /** Forgets everything. */
  clear(): void {
    this.simBodies.length = 0;
    this.bodyByHandle.clear();
    this.grabPartByHandle.clear();
    this.followByHandle.clear();
    this.ownerByCollider.clear();
    this.readable.length = 0;
    this.readableChanges++;
  }

  private registerBody(body: RigidBody, simBody: SimBody): void {
    this.bodyByHandle.set(body.handle, body);
    this.addReadable(body.handle);
    this.addSimBody(simBody);
  }

  private addReadable(handle: number): void {
    this.readable.push(handle);
    this.readableChanges++;
  }

  private addSimBody(simBody: SimBody): void {
    this.simBodies.push(simBody);
    this.version++;
  }

  private unregisterBody(handle: number): void {
    this.bodyByHandle.delete(handle);
    const index = this.simBodies.findIndex((simBody) => simBody.handle === handle);
    if (index >= 0) this.simBodies.splice(index, 1);
    const readableIndex = this.readable.indexOf(handle);
    if (readableIndex >= 0) {
      this.readable.splice(readableIndex, 1);
      this.readableChanges++;
    }
    this.version++;
  }
}

/**
 * The handle the view knows an MMD body by: its Rapier body's, or for a `follow` body (a
 * collider on its part, no body of its own) a negative number derived from its collider's,
 * which no Rapier body handle can equal.
 */
function mmdViewHandle(body: MmdBody): number {
  return body.spec.motion === 'follow' ? -1 - body.collider.handle : body.body.handle;
}
