import { Group } from 'three';
import type { Avatar } from './avatar';
import type { FrameSectionClock } from './frame-sections';
import type { BodySource } from './body-meshes';
import type { RecordedFrames } from './recorded-frames';

/**
 * The avatars in the view, keyed by the figure each follows. Updated once per frame after
 * the physics; owns the avatars it holds and disposes them on removal.
 */
export class AvatarLayer {
  /** Add this to the scene; it stays at the origin, unrotated (the pose writer relies on it). */
  readonly group = new Group();
  private readonly avatars = new Map<number, Avatar>();
  private readonly ordered: Avatar[] = [];
  private seenVersion = -1;

  constructor() {
    this.group.name = 'avatars';
  }

  /** How many avatars are shown. */
  get size(): number {
    return this.ordered.length;
  }

  /** The avatar following figure `figureId`, if any. */
  get(figureId: number): Avatar | undefined {
    return this.avatars.get(figureId);
  }

  /** Shows `avatar`; a previous avatar of the same figure is disposed. */
  add(avatar: Avatar): void {
    this.remove(avatar.figureId);
    this.avatars.set(avatar.figureId, avatar);
    this.ordered.push(avatar);
    this.group.add(avatar.scene);
  }

  /** Removes and disposes the avatar of figure `figureId`; false when there is none. */
  remove(figureId: number): boolean {
    const avatar = this.avatars.get(figureId);
    if (!avatar) return false;
    this.avatars.delete(figureId);
    this.ordered.splice(this.ordered.indexOf(avatar), 1);
    avatar.dispose();
    return true;
  }

  /**
   * Removes and disposes the avatars whose figure or model prop has no body in `source` any
   * more: a prop that CLEAR, RESET, a preset, the fall guard or the 13th prop removed inside
   * the sandbox. Looks only when the body list changed; allocates nothing otherwise.
   */
  prune(source: BodySource): void {
    if (source.bodiesVersion === this.seenVersion) return;
    this.seenVersion = source.bodiesVersion;
    const owners = new Set(source.bodies.map((body) => body.ownerId));
    for (let i = this.ordered.length - 1; i >= 0; i--) {
      const id = this.ordered[i]!.figureId;
      if (!owners.has(id)) this.remove(id);
    }
  }

  /** Restarts every avatar's spring bones on the next frame (after DROP or RESET). */
  requestSpringReset(): void {
    for (const avatar of this.ordered) avatar.requestSpringReset();
  }

  /**
   * Poses every avatar from the physics; `seconds` is the frame's simulated time. Each avatar
   * laps its work on `sections` when given, and keeps its springs beside `recording`'s frames.
   */
  update(seconds: number, sections?: FrameSectionClock, recording?: RecordedFrames): void {
    for (let i = 0; i < this.ordered.length; i++)
      this.ordered[i]!.update(seconds, sections, recording);
  }

  /**
   * Whether any avatar's shadow may have moved beyond what its bodies show (see
   * `Avatar.takeShadowChange`); asks, and so clears, every one. Allocates nothing.
   */
  takeShadowChange(): boolean {
    let changed = false;
    for (let i = 0; i < this.ordered.length; i++)
      if (this.ordered[i]!.takeShadowChange()) changed = true;
    return changed;
  }

  /** Disposes every avatar. */
  dispose(): void {
    for (const avatar of [...this.ordered]) this.remove(avatar.figureId);
    this.group.removeFromParent();
  }
}
