import type { Collider, ImpulseJoint, RapierApi, RigidBody, World } from '../rapier-api';
import { SandboxError } from '../sandbox-error';
import type { ImpactSounds } from '../sound/impact-sounds';
import type { Vec3Like } from '../vector-math';
import { quat, rotateVec, vec3 } from '../vector-math';
import type { LinkGeometry, LinkSettings, LinkType } from './link-geometry';
import {
  BREAK_FORCE_RANGE,
  DEFAULT_LINK_SETTINGS,
  SPRING_DAMPING_RANGE,
  SPRING_STIFFNESS_RANGE,
} from './link-geometry';
import type { LinkEndInput } from './link-joint';
import { createLinkJoint, linkGeometry } from './link-joint';
import type { LoadGroup } from './link-load';
import { LinkLoadGauge } from './link-load';
import { projectRope } from './rope-projection';

/** Who owns a collider, as the sandbox's body registry knows it. */
export interface LinkOwner {
  readonly ragdoll?: { readonly parts: readonly { readonly body: RigidBody }[] };
  readonly mmd?: { rigidBodies(): readonly RigidBody[] } | null;
  readonly body?: RigidBody;
}

/** What the links read of the sandbox's body registry (`BodyRegistry` fits). */
export interface LinkRegistry {
  readonly bodiesVersion: number;
  /** What a click on this view handle holds: an MMD body's part, or the body itself. */
  grabTarget(handle: number): RigidBody | undefined;
  ownerOf(colliderHandle: number): LinkOwner | undefined;
}

/** One end of a link as the tool names it: a body's view handle (null: the world) and a point. */
export interface LinkEndRequest {
  readonly handle: number | null;
  /** The point clicked, world metres. */
  readonly point: Vec3Like;
}

/** A measuring group for one end, with its velocity scratch. */
interface EndGroup extends LoadGroup {
  readonly owner: LinkOwner;
  readonly velocities: Float64Array;
  measurable: boolean;
}

/** A link in the scene. */
export interface Link {
  readonly id: number;
  readonly geometry: LinkGeometry;
  /** End A's body; null: the world. */
  readonly bodyA: RigidBody | null;
  /** End B's body; null: the world. */
  readonly bodyB: RigidBody | null;
  /**
   * The largest stretch past a rope's length at the end of a step since it was made, metres
   * (0 for the others): what the scene shows and carries on from.
   */
  readonly maxStretch: number;
  /**
   * The largest stretch the solver and the ragdoll's joint checks left before the rope was put
   * back to length (see `projectRope`), metres.
   */
  readonly maxSolverStretch: number;
  /** The force measured in the last step, newtons (breakable links only; NaN when not measured). */
  readonly load: number;
}

interface LiveLink extends Link {
  maxStretch: number;
  maxSolverStretch: number;
  load: number;
  readonly joint: ImpulseJoint;
  /** The fixed body standing for the world end (at the origin, unturned), or null. */
  readonly anchor: RigidBody | null;
  /** Each end's group (null: the world, or a body no figure or prop owns). */
  readonly groups: readonly [EndGroup | null, EndGroup | null];
  /** Whether the load can be measured: breakable, and its ends are not one figure. */
  readonly measured: boolean;
}

const scratchA = vec3();
const scratchB = vec3();
const scratchLocal = vec3();
const scratchPosition = vec3();
const scratchRotation = quat();

/**
 * The sandbox's links (`sandbox.links`): ropes, welds, springs and hinges between two bodies
 * (a figure's part, a prop, a model prop) or a body and the world, each a Rapier impulse joint.
 * A link to a body removed from the scene goes with it (Rapier removes its joint; the list
 * forgets it on its next read). Breakable links measure their force each step (see
 * `LinkLoadGauge`) and break, with a sound, when it passes their break force for one step.
 */
export class SandboxLinks {
  private readonly live: LiveLink[] = [];
  private nextId = 1;
  private versionValue = 0;
  private seenBodies = -1;
  private brokenValue = 0;
  private settingsValue: LinkSettings = DEFAULT_LINK_SETTINGS;
  private readonly gauge: LinkLoadGauge;

  constructor(
    private readonly rapier: RapierApi,
    private readonly world: World,
    private readonly registry: LinkRegistry,
    private readonly sounds: ImpactSounds | null,
    dt: number,
  ) {
    this.gauge = new LinkLoadGauge(world, dt);
  }

  /** The links, oldest first (a live list: copy to keep). */
  get list(): readonly Link[] {
    this.prune();
    return this.live;
  }

  /** Rises whenever a link is made, removed or broken. */
  get version(): number {
    this.prune();
    return this.versionValue;
  }

  /** Links broken by their load since the sandbox was made. */
  get broken(): number {
    return this.brokenValue;
  }

  /** What new links get: SPRING stiffness and damping, the break force. */
  get settings(): LinkSettings {
    return this.settingsValue;
  }

  /** Changes the settings for new links; each is clamped to its range (break force null: off). */
  setSettings(settings: Partial<LinkSettings>): void {
    const next = { ...this.settingsValue, ...settings };
    this.settingsValue = {
      stiffness: clamp(next.stiffness, SPRING_STIFFNESS_RANGE),
      damping: clamp(next.damping, SPRING_DAMPING_RANGE),
      breakForce: next.breakForce === null ? null : clamp(next.breakForce, BREAK_FORCE_RANGE),
    };
  }

  /**
   * Makes a link of `type` between two clicked ends (see `linkGeometry`); `axis` is the view's
   * direction (a HINGE turns about it). Throws a {@link SandboxError} when both ends are the
   * world or the same body, or a handle names no body.
   */
  make(type: LinkType, a: LinkEndRequest, b: LinkEndRequest, axis: Vec3Like = vec3(0, 0, 1)): Link {
    const bodyA = this.endBody(a.handle);
    const bodyB = this.endBody(b.handle);
    if (!bodyA && !bodyB) throw new SandboxError('A link needs a body at one end at least.');
    if (bodyA && bodyA === bodyB) throw new SandboxError('A link needs two different bodies.');
    const ends: [LinkEndInput, LinkEndInput] = [
      { body: bodyA, point: a.point },
      { body: bodyB, point: b.point },
    ];
    return this.add(linkGeometry(type, ends[0], ends[1], this.settingsValue, axis), bodyA, bodyB);
  }

  /** Makes a link of known geometry between two bodies (null: the world): presets, undo. */
  add(geometry: LinkGeometry, bodyA: RigidBody | null, bodyB: RigidBody | null): Link {
    if (!bodyA && !bodyB) throw new SandboxError('A link needs a body at one end at least.');
    const anchor =
      bodyA && bodyB ? null : this.world.createRigidBody(this.rapier.RigidBodyDesc.fixed());
    const joint = createLinkJoint(
      this.rapier,
      this.world,
      geometry,
      bodyA ?? anchor!,
      bodyB ?? anchor!,
    );
    const groups = [bodyA && this.groupOf(bodyA), bodyB && this.groupOf(bodyB)] as const;
    const link: LiveLink = {
      id: this.nextId++,
      geometry,
      bodyA,
      bodyB,
      maxStretch: 0,
      maxSolverStretch: 0,
      load: Number.NaN,
      joint,
      anchor,
      groups,
      // Both ends in one figure: its pull is inside the group and cannot be seen.
      measured:
        geometry.breakForce !== null &&
        !(groups[0] && groups[1] && groups[0].owner === groups[1].owner),
    };
    this.live.push(link);
    this.versionValue++;
    return link;
  }

  /** The body a click on view handle `handle` holds: an MMD body's ragdoll part, or itself. */
  targetOf(handle: number): RigidBody | undefined {
    return this.registry.grabTarget(handle);
  }

  /** The links that hold the body a click on view handle `handle` holds (a copy). */
  linksOf(handle: number): Link[] {
    const body = this.registry.grabTarget(handle);
    if (!body) return [];
    return this.list.filter((link) => link.bodyA === body || link.bodyB === body);
  }

  /** Removes the link with this id; false when there is none. */
  remove(id: number): boolean {
    this.prune();
    const index = this.live.findIndex((link) => link.id === id);
    if (index < 0) return false;
    this.dispose(this.live[index]!);
    this.live.splice(index, 1);
    this.versionValue++;
    return true;
  }

  /** Removes every link. */
  clear(): void {
    if (this.live.length === 0) return;
    for (const link of this.live) this.dispose(link);
    this.live.length = 0;
    this.versionValue++;
  }

  /**
   * Copies the world positions of a link's two anchors (metres) into `a` and `b`. Allocates
   * nothing.
   */
  readEnds(link: Link, a: Vec3Like, b: Vec3Like): void {
    anchorInWorld(link.bodyA, link.geometry.anchorA, a);
    anchorInWorld(link.bodyB, link.geometry.anchorB, b);
  }

  /**
   * Where the ray from `origin` along `direction` (world metres) first meets the body a click
   * on view handle `handle` holds (an MMD body's ragdoll part), or that body's centre when the
   * ray misses it; undefined when there is no such body. Allocates: for a click.
   */
  pointOn(handle: number, origin: Vec3Like, direction: Vec3Like): Vec3Like | undefined {
    const body = this.registry.grabTarget(handle);
    if (!body) return undefined;
    const ray = new this.rapier.Ray(origin, direction);
    let nearest = Infinity;
    for (let i = 0; i < body.numColliders(); i++) {
      const toi = body.collider(i).castRay(ray, 1000, true);
      if (toi >= 0 && toi < nearest) nearest = toi;
    }
    if (!Number.isFinite(nearest)) return { ...body.translation() };
    return vec3(
      origin.x + direction.x * nearest,
      origin.y + direction.y * nearest,
      origin.z + direction.z * nearest,
    );
  }

  /** How far a link's anchors are apart past its length now, metres (negative: slack). */
  stretch(link: Link): number {
    this.readEnds(link, scratchA, scratchB);
    const d = Math.hypot(scratchA.x - scratchB.x, scratchA.y - scratchB.y, scratchA.z - scratchB.z);
    return d - link.geometry.length;
  }

  /**
   * Before the world steps: notes which ends move freely (not pinned) and the breakable links'
   * ends' velocities.
   */
  beforeWorldStep(): void {
    this.prune();
    for (let i = 0; i < this.live.length; i++) {
      const link = this.live[i]!;
      for (let g = 0; g < 2; g++) {
        const group = link.groups[g];
        if (!group) continue;
        group.measurable = link.measured
          ? this.gauge.begin(group, group.velocities)
          : allDynamic(group.bodies);
      }
    }
  }

  /**
   * After the world steps: overloaded links break; ropes stretched past their length are put
   * back (see `projectRope`), their largest stretch noted first.
   */
  afterWorldStep(): void {
    for (let i = this.live.length - 1; i >= 0; i--) {
      const link = this.live[i]!;
      const limit = link.geometry.breakForce;
      if (link.measured && limit !== null) {
        link.load = this.measure(link);
        if (link.load > limit) {
          this.breakLink(i);
          continue;
        }
      }
      if (link.geometry.type === 'rope') this.holdRope(link);
    }
  }

  private holdRope(link: LiveLink): void {
    this.readEnds(link, scratchA, scratchB);
    const stretch =
      Math.hypot(scratchA.x - scratchB.x, scratchA.y - scratchB.y, scratchA.z - scratchB.z) -
      link.geometry.length;
    if (stretch > link.maxSolverStretch) link.maxSolverStretch = stretch;
    const [a, b] = link.groups;
    const moved = projectRope(
      a?.measurable ? a : null,
      b?.measurable ? b : null,
      scratchA,
      scratchB,
      link.geometry.length,
      link.bodyA,
      link.bodyB,
    );
    const after = moved ? this.stretch(link) : stretch;
    if (after > link.maxStretch) link.maxStretch = after;
  }

  /** The load on a breakable link: the smaller of its measurable ends' (they should agree). */
  private measure(link: LiveLink): number {
    let load = Number.NaN;
    for (let g = 0; g < 2; g++) {
      const group = link.groups[g];
      if (!group || !group.measurable) continue;
      const force = this.gauge.force(group, group.velocities);
      if (!(force >= load)) load = force;
    }
    return load;
  }

  private breakLink(index: number): void {
    const link = this.live[index]!;
    this.readEnds(link, scratchA, scratchB);
    this.dispose(link);
    this.live.splice(index, 1);
    this.versionValue++;
    this.brokenValue++;
    this.sounds?.ring.push('box', this.sounds.time, 0.9, 0.9, scratchA.x, scratchA.y, scratchA.z);
  }

  /** Forgets links whose bodies left the world (Rapier removed their joints with them). */
  private prune(): void {
    const version = this.registry.bodiesVersion;
    if (version === this.seenBodies) return;
    this.seenBodies = version;
    for (let i = this.live.length - 1; i >= 0; i--) {
      const link = this.live[i]!;
      if (alive(this.world, link.bodyA) && alive(this.world, link.bodyB)) continue;
      this.dispose(link);
      this.live.splice(i, 1);
      this.versionValue++;
    }
  }

  private dispose(link: LiveLink): void {
    if (this.world.impulseJoints.get(link.joint.handle))
      this.world.removeImpulseJoint(link.joint, true);
    if (link.anchor) this.world.removeRigidBody(link.anchor);
  }

  private endBody(handle: number | null): RigidBody | null {
    if (handle === null) return null;
    const body = this.registry.grabTarget(handle);
    if (!body) throw new SandboxError(`There is no body ${handle} to link.`);
    return body;
  }

  private groupOf(body: RigidBody): EndGroup | null {
    if (body.numColliders() === 0) return null;
    const owner = this.registry.ownerOf(body.collider(0).handle);
    if (!owner) return null;
    const bodies = ownerBodies(owner);
    const registry = this.registry;
    return {
      owner,
      bodies,
      velocities: new Float64Array(bodies.length * 3),
      measurable: false,
      owns: (collider: Collider) => registry.ownerOf(collider.handle) === owner,
    };
  }
}

/** Every moving body of an owner: a figure's or model prop's parts and MMD bodies, or a prop. */
function ownerBodies(owner: LinkOwner): RigidBody[] {
  if (!owner.ragdoll) return owner.body ? [owner.body] : [];
  return [...owner.ragdoll.parts.map((part) => part.body), ...(owner.mmd?.rigidBodies() ?? [])];
}

function allDynamic(bodies: readonly RigidBody[]): boolean {
  for (let i = 0; i < bodies.length; i++) if (!bodies[i]!.isDynamic()) return false;
  return true;
}

function alive(world: World, body: RigidBody | null): boolean {
  return body === null || world.bodies.get(body.handle) === body;
}

function anchorInWorld(body: RigidBody | null, local: readonly number[], out: Vec3Like): void {
  scratchLocal.x = local[0]!;
  scratchLocal.y = local[1]!;
  scratchLocal.z = local[2]!;
  if (!body) {
    out.x = scratchLocal.x;
    out.y = scratchLocal.y;
    out.z = scratchLocal.z;
    return;
  }
  rotateVec(body.rotation(scratchRotation), scratchLocal, out);
  const p = body.translation(scratchPosition);
  out.x += p.x;
  out.y += p.y;
  out.z += p.z;
}

function clamp(value: number, range: { readonly min: number; readonly max: number }): number {
  if (!Number.isFinite(value))
    throw new SandboxError(`A link setting must be a number, not ${value}.`);
  return Math.min(range.max, Math.max(range.min, value));
}
