import { Group, Mesh, MeshBasicMaterial, MeshStandardMaterial } from 'three';
import type { BufferGeometry, Object3D } from 'three';
import type { SimBody } from '../physics/sandbox';
import type { ShadowCasterBounds } from './shadow-caster-bounds';
import { geometryForShape } from './shape-geometry';
import { bodyColor } from './palette';

/** What {@link BodyMeshes} needs from the sandbox: read-only access to bodies and transforms. */
export interface BodySource {
  readonly bodies: readonly SimBody[];
  readonly bodiesVersion: number;
  readTransform(
    handle: number,
    position: { x: number; y: number; z: number },
    rotation: { x: number; y: number; z: number; w: number },
  ): boolean;
}

/**
 * What a figure is doing with the scene's motion, which colours its BODIES outline:
 * `passive` (no motion; today's green), `following` (moving with the motion), `limp`
 * (knocked down) and `gettingUp`.
 */
export type BodyMotionState = 'passive' | 'following' | 'limp' | 'gettingUp';

/** The BODIES outline colour of each motion state. */
export const MOTION_STATE_OUTLINE_COLORS: Readonly<Record<BodyMotionState, number>> = {
  passive: 0x19e68c,
  following: 0x3fa9ff,
  limp: 0xff5a4a,
  gettingUp: 0xffc83d,
};

/** One drawn body. */
interface BodyEntry {
  readonly body: SimBody;
  readonly mesh: Mesh<BufferGeometry, MeshStandardMaterial>;
  readonly overlay: Mesh<BufferGeometry, MeshBasicMaterial>;
  /** How far the shape reaches from the body's centre, metres. */
  readonly reach: number;
}

// Scratch for the per-frame sync: Rapier writes into plain objects, then one `set` call
// each updates three.js (its quaternion setters would otherwise fire four change callbacks).
const scratchPosition = { x: 0, y: 0, z: 0 };
const scratchRotation = { x: 0, y: 0, z: 0, w: 1 };

/** Ignores rays: the overlay must never be what a grab picks. */
function noRaycast(): void {}

/**
 * One mesh per moving body, keyed by body handle: the single place where physics and
 * view meet. Rebuilds only the affected meshes when the sandbox's `bodiesVersion` changes
 * and copies transforms each frame; it never changes physics state.
 *
 * The BODIES overlay is a coarse wireframe of each collision shape drawn on top: for the
 * box dummy the meshes are the shapes, but for avatars it shows what really collides.
 */
export class BodyMeshes {
  /** Add this to the scene. */
  readonly group = new Group();
  /** The solid meshes, for picking. Rebuilt with the map; do not keep a reference across frames. */
  readonly pickables: Object3D[] = [];
  private readonly entries = new Map<number, BodyEntry>();
  private readonly ordered: BodyEntry[] = [];
  /** One shared outline material per motion state; props use the passive one. */
  private readonly overlayMaterials: Readonly<Record<BodyMotionState, MeshBasicMaterial>> = {
    passive: outlineMaterial(MOTION_STATE_OUTLINE_COLORS.passive),
    following: outlineMaterial(MOTION_STATE_OUTLINE_COLORS.following),
    limp: outlineMaterial(MOTION_STATE_OUTLINE_COLORS.limp),
    gettingUp: outlineMaterial(MOTION_STATE_OUTLINE_COLORS.gettingUp),
  };
  private seenVersion = -1;
  private overlayVisible = false;
  /** Figures drawn by an avatar: their solid meshes are not drawn but still picked. */
  private readonly hiddenOwners = new Set<number>();
  /**
   * Whether a mesh moved, came, went or was hidden or shown. A hidden one counts too: an
   * avatar draws it, and casts its shadow in its place.
   */
  private castersChanged = true;

  /**
   * @param motionStateOf - what figure `ownerId` is doing with the motion, for the outline's
   *   colour; without it every outline is the passive green
   */
  constructor(
    private readonly source: BodySource,
    private readonly motionStateOf?: (ownerId: number) => BodyMotionState,
  ) {
    this.group.name = 'bodies';
  }

  /** Whether the physics-shape overlay is shown. */
  get showBodies(): boolean {
    return this.overlayVisible;
  }

  set showBodies(visible: boolean) {
    this.overlayVisible = visible;
    for (const entry of this.ordered) entry.overlay.visible = visible;
  }

  /**
   * Hides or shows the solid meshes of the figure or prop `ownerId`. Hidden meshes are still
   * what a grab picks (a raycast ignores visibility) and their BODIES outline still shows: the
   * original design's invisible physics parts under a VRM. The material is hidden rather than the mesh,
   * because an invisible mesh would hide its outline child too.
   */
  setSolidHidden(ownerId: number, hidden: boolean): void {
    if (hidden) this.hiddenOwners.add(ownerId);
    else this.hiddenOwners.delete(ownerId);
    for (const entry of this.ordered) {
      if (entry.body.ownerId !== ownerId) continue;
      entry.mesh.material.visible = !hidden;
      // A hidden mesh casts nothing; the shadow pass then skips it without a frustum test.
      entry.mesh.castShadow = !hidden;
    }
    this.castersChanged = true;
  }

  /**
   * Whether the shadows these meshes, or the avatars over them, cast may differ from when
   * this was last asked: a mesh moved in a {@link sync} (a hidden one too: an avatar draws its
   * body), or meshes were added, removed, hidden or shown. Clears it.
   */
  takeShadowChange(): boolean {
    const changed = this.castersChanged;
    this.castersChanged = false;
    return changed;
  }

  /** How many bodies are drawn. */
  get size(): number {
    return this.ordered.length;
  }

  /** The body handle a picked object stands for, or undefined. */
  handleOf(object: Object3D): number | undefined {
    const handle: unknown = object.userData['handle'];
    return typeof handle === 'number' ? handle : undefined;
  }

  /** Brings the meshes up to date with the sandbox and copies every transform. Call once per frame. */
  sync(): void {
    if (this.source.bodiesVersion !== this.seenVersion) this.rebuild();
    if (this.overlayVisible) this.colourOutlines();
    const source = this.source;
    for (let i = 0; i < this.ordered.length; i++) {
      const entry = this.ordered[i]!;
      if (!source.readTransform(entry.body.handle, scratchPosition, scratchRotation)) continue;
      const mesh = entry.mesh;
      if (!this.castersChanged && moved(mesh)) this.castersChanged = true;
      placeAsRead(mesh);
    }
  }

  /**
   * Adds every body, as the sphere its shape fills about its centre where it was last synced,
   * to `bounds`: the casters the sun's shadow must cover, hidden ones (drawn by avatars)
   * included. Allocates nothing.
   */
  addCastersTo(bounds: ShadowCasterBounds): void {
    for (let i = 0; i < this.ordered.length; i++) {
      const entry = this.ordered[i]!;
      const { x, y, z } = entry.mesh.position;
      bounds.addSphere(x, y, z, entry.reach);
    }
  }

  /** The colour (0xRRGGBB) body `handle`'s BODIES outline was last given; undefined for none. */
  outlineColorOf(handle: number): number | undefined {
    return this.entries.get(handle)?.overlay.material.color.getHex();
  }

  /** Gives each figure's outlines the colour of its motion state (no allocation). */
  private colourOutlines(): void {
    const stateOf = this.motionStateOf;
    if (stateOf === undefined) return;
    // Bodies are listed figure by figure: ask once per run of one owner.
    let owner = -1;
    let material = this.overlayMaterials.passive;
    for (let i = 0; i < this.ordered.length; i++) {
      const entry = this.ordered[i]!;
      if (entry.body.kind === 'prop') continue;
      if (entry.body.ownerId !== owner) {
        owner = entry.body.ownerId;
        material = this.overlayMaterials[stateOf(owner)];
      }
      if (entry.overlay.material !== material) entry.overlay.material = material;
    }
  }

  /** Removes every mesh and frees all geometries and materials. */
  dispose(): void {
    for (const entry of this.ordered) this.disposeEntry(entry);
    this.entries.clear();
    this.ordered.length = 0;
    this.pickables.length = 0;
    this.hiddenOwners.clear();
    for (const material of Object.values(this.overlayMaterials)) material.dispose();
    this.group.removeFromParent();
  }

  /** Adds meshes for new bodies and disposes those of removed ones; unchanged bodies keep theirs. */
  private rebuild(): void {
    this.seenVersion = this.source.bodiesVersion;
    this.castersChanged = true;
    const current = new Set<number>();
    for (const body of this.source.bodies) {
      current.add(body.handle);
      const existing = this.entries.get(body.handle);
      // Rapier reuses handles: a different body under an old handle needs a new mesh.
      if (existing && existing.body !== body) this.removeEntry(existing);
      if (!this.entries.has(body.handle)) this.entries.set(body.handle, this.createEntry(body));
    }
    for (const entry of [...this.entries.values()]) {
      if (!current.has(entry.body.handle)) this.removeEntry(entry);
    }
    this.ordered.length = 0;
    this.pickables.length = 0;
    for (const entry of this.entries.values()) {
      this.ordered.push(entry);
      this.pickables.push(entry.mesh);
    }
  }

  private createEntry(body: SimBody): BodyEntry {
    const geometry = geometryForShape(body.shape, body.colliderRotation);
    geometry.computeBoundingSphere();
    const sphere = geometry.boundingSphere!;
    const reach = sphere.center.length() + sphere.radius;
    const material = new MeshStandardMaterial({
      color: bodyColor(body),
      roughness: body.kind === 'prop' ? 0.45 : 0.65,
      metalness: 0,
    });
    material.visible = !this.hiddenOwners.has(body.ownerId);
    const mesh = new Mesh(geometry, material);
    mesh.name = `${body.kind}:${body.ownerId}:${body.name}`;
    mesh.userData['handle'] = body.handle;
    mesh.castShadow = material.visible;
    mesh.receiveShadow = true;
    const overlay = new Mesh(
      geometryForShape(body.shape, body.colliderRotation, 'outline'),
      this.overlayMaterials.passive,
    );
    overlay.visible = this.overlayVisible;
    overlay.renderOrder = 1;
    overlay.raycast = noRaycast;
    mesh.add(overlay);
    // Until the first sync a new body would be drawn at the origin for a frame.
    if (this.source.readTransform(body.handle, scratchPosition, scratchRotation)) placeAsRead(mesh);
    this.group.add(mesh);
    return { body, mesh, overlay, reach };
  }

  private removeEntry(entry: BodyEntry): void {
    this.entries.delete(entry.body.handle);
    this.disposeEntry(entry);
  }

  private disposeEntry(entry: BodyEntry): void {
    entry.mesh.removeFromParent();
    entry.mesh.geometry.dispose();
    entry.mesh.material.dispose();
    // The overlay materials are shared by all overlays and freed in dispose(); the geometry is its own.
    entry.overlay.geometry.dispose();
  }
}

/** Puts `mesh` at the transform just read into the scratch. */
function placeAsRead(mesh: Mesh): void {
  mesh.position.set(scratchPosition.x, scratchPosition.y, scratchPosition.z);
  mesh.quaternion.set(scratchRotation.x, scratchRotation.y, scratchRotation.z, scratchRotation.w);
}

/** Whether the transform just read into the scratch differs from `mesh`'s. */
function moved(mesh: Mesh): boolean {
  const { position, quaternion } = mesh;
  return (
    position.x !== scratchPosition.x ||
    position.y !== scratchPosition.y ||
    position.z !== scratchPosition.z ||
    quaternion.x !== scratchRotation.x ||
    quaternion.y !== scratchRotation.y ||
    quaternion.z !== scratchRotation.z ||
    quaternion.w !== scratchRotation.w
  );
}

/** A BODIES outline material: a wireframe drawn over everything. */
function outlineMaterial(color: number): MeshBasicMaterial {
  return new MeshBasicMaterial({
    color,
    wireframe: true,
    depthTest: false,
    transparent: true,
    opacity: 0.85,
  });
}
