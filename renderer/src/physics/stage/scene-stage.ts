import { OTHER_SOLVER_GROUPS } from '../mmd/interaction-groups';
import type { Collider, RapierApi, RigidBody, World } from '../rapier-api';
import { PROP_DROP_HEIGHT } from '../props';
import { DROP_HEIGHT, FALL_GUARD_Y } from '../sandbox-settings';
import type { ImpactSounds } from '../sound/impact-sounds';
import type { StageLayout } from '../stage';
import { buildStage } from '../stage';
import { castRayOntoStage } from '../stage-ray';
import type { Vec3Like } from '../vector-math';
import { vec3 } from '../vector-math';
import { StageBuild } from './stage-build';
import type { StageBounds, StageShape } from './stage-shape';
import { stageShapeProblem } from './stage-shape';

/** A stage shape that cannot be used; the message names the file and what to do. */
export class StageShapeError extends Error {
  override name = 'StageShapeError';
}

/** What the scene stands on now: the built-in stage, or a file's (its name and size). */
export interface StageInUse {
  readonly kind: 'built-in' | 'file';
  /** The file's name; absent for the built-in stage. */
  readonly name?: string;
  readonly triangles: number;
  readonly bounds: StageBounds;
}

/** How far below a file stage's lowest point the fall guard starts, metres. */
const FALL_MARGIN = 15;
/** A ray looking for a file stage's floor starts this far above its top, metres. */
const ABOVE_TOP = 1;

/**
 * Room a prop keeps below a file stage's ceiling, metres: the box's half-diagonal (0.43 m)
 * and a margin, so it starts clear of the surface it would otherwise drop onto from above.
 */
const PROP_CEILING_CLEARANCE = 0.6;

/** A ray looking up from a point starts this far above it, metres. */
const RAY_LIFT = 0.01;

const down = vec3(0, -1, 0);
const up = vec3(0, 1, 0);
const scratchOrigin = vec3();

/**
 * The stage the scene stands on, built-in or from a file, and the swap between them: the
 * stage's colliders (one array, kept the same object so everything that casts onto the stage
 * sees the current one), where figures drop onto it, and the fall guard's height below it.
 */
export class SceneStage {
  /** The live stage's colliders: what drops, props and picks are cast onto. */
  readonly colliders: Collider[] = [];
  private builtInBodies: RigidBody[] = [];
  private fileBuild: StageBuild | null = null;
  private pending: StageBuild | null = null;

  constructor(
    private readonly rapier: RapierApi,
    private readonly world: World,
    private readonly layout: StageLayout,
    private readonly sounds: ImpactSounds | null,
    /** Moves the fall guard's top (metres) when the stage's lowest point changes. */
    private readonly setFallGuardTop: (topY: number) => void,
  ) {
    this.buildBuiltIn();
  }

  /** What the scene stands on now. */
  get inUse(): StageInUse {
    const file = this.fileBuild;
    if (!file) return { kind: 'built-in', triangles: 0, bounds: builtInBounds(this.layout) };
    return { kind: 'file', name: file.shape.name, triangles: file.triangles, bounds: file.bounds };
  }

  /** The build under way, if any (its `progress` for the status line). */
  get building(): StageBuild | null {
    return this.pending;
  }

  /**
   * Starts building `shape` as the next stage; the current one stays until {@link commit}.
   * A build already under way is cancelled. Throws {@link StageShapeError} for a shape that
   * cannot be a stage (no triangles, too many, damaged), leaving everything as it was.
   */
  begin(shape: StageShape): StageBuild {
    const problem = stageShapeProblem(shape);
    if (problem) throw new StageShapeError(problem);
    this.cancel();
    this.pending = new StageBuild(this.rapier, this.world, shape);
    return this.pending;
  }

  /** Cancels the build under way, if any; the current stage stays. */
  cancel(): void {
    this.pending?.cancel();
    this.pending = null;
  }

  /**
   * Takes the finished build into the scene in place of the current stage (built-in or file).
   * Throws when no build is finished.
   */
  commit(): void {
    const build = this.pending;
    if (!build?.finished) throw new Error('stage: no finished stage build to use');
    this.pending = null;
    this.removeCurrent();
    this.fileBuild = build;
    for (const collider of build.colliders) this.adopt(collider);
    this.setFallGuardTop(Math.min(FALL_GUARD_Y, build.bounds.min[1] - FALL_MARGIN));
  }

  /** Builds `shape` at once and uses it (the simulator, tests; the app builds across frames). */
  use(shape: StageShape): void {
    this.begin(shape).advance();
    this.commit();
  }

  /** Brings the built-in stage back (a build under way is cancelled). */
  useBuiltIn(): void {
    this.cancel();
    if (!this.fileBuild) return;
    this.removeCurrent();
    this.buildBuiltIn();
    this.setFallGuardTop(FALL_GUARD_Y);
  }

  /**
   * The floor under (`x`, `z`), into `out`, metres: y = 0 on the built-in stage. On a file stage
   * the floor is found by casting down, first from drop height (so a room's ceiling is not
   * taken for its floor), then from above the stage's top; where there is none under the point,
   * the floor over the stage's centre instead.
   */
  floorPoint(x: number, z: number, out: Vec3Like): Vec3Like {
    const file = this.fileBuild;
    if (!file) return setVec(out, x, 0, z);
    const floor = this.floorUnder(x, z, file.bounds);
    if (floor !== undefined) return setVec(out, x, floor, z);
    const { min, max } = file.bounds;
    const cx = (min[0] + max[0]) / 2;
    const cz = (min[2] + max[2]) / 2;
    return setVec(out, cx, this.floorUnder(cx, cz, file.bounds) ?? max[1], cz);
  }

  /**
   * How far up from `point` the stage leaves free, metres, up to `limit`: the distance to the
   * first surface above (a room's ceiling). The built-in stage has none over its figure slots
   * and prop drops, so it answers `limit`.
   */
  headroom(point: Vec3Like, limit: number): number {
    if (!this.fileBuild) return limit;
    // Starts a hair above the point: a ray from the floor itself meets that floor at once.
    const from = setVec(scratchOrigin, point.x, point.y + RAY_LIFT, point.z);
    const hit = castRayOntoStage(this.rapier, this.colliders, from, up, limit);
    return hit ? Math.min(limit, hit.y - point.y) : limit;
  }

  /**
   * Where a ball or box drops from, into `out`: {@link PROP_DROP_HEIGHT} above `above` (the
   * first figure) or, without one, above the floor where the first figure would drop (never
   * below y = 0 on the built-in stage). Under a file stage's ceiling (a room's, a roof's) the
   * start is lowered to just under it, so the prop falls into the room and not onto its roof.
   */
  propDropPoint(above: Vec3Like | undefined, out: Vec3Like): Vec3Like {
    const base = above ? setVec(out, above.x, above.y, above.z) : this.floorPoint(0, 0, out);
    if (!this.fileBuild) base.y = Math.max(base.y, 0);
    const free = this.headroom(base, PROP_DROP_HEIGHT + PROP_CEILING_CLEARANCE);
    base.y += Math.max(Math.min(PROP_DROP_HEIGHT, free - PROP_CEILING_CLEARANCE), 0);
    return base;
  }

  /** Height of the stage's floor under (`x`, `z`), metres: the highest point found casting down. */
  floorUnder(x: number, z: number, bounds: StageBounds): number | undefined {
    for (const fromY of [DROP_HEIGHT, bounds.max[1] + ABOVE_TOP]) {
      const hit = castRayOntoStage(
        this.rapier,
        this.colliders,
        setVec(scratchOrigin, x, fromY, z),
        down,
        fromY - bounds.min[1] + ABOVE_TOP,
      );
      if (hit) return hit.y;
    }
    return undefined;
  }

  private buildBuiltIn(): void {
    this.builtInBodies = buildStage(this.rapier, this.world, this.layout);
    for (const body of this.builtInBodies) this.adopt(body.collider(0));
  }

  private adopt(collider: Collider): void {
    collider.setEnabled(true);
    collider.setSolverGroups(OTHER_SOLVER_GROUPS);
    this.sounds?.register(collider, 'stage');
    this.colliders.push(collider);
  }

  private removeCurrent(): void {
    for (const collider of this.colliders) this.sounds?.forget(collider);
    this.colliders.length = 0;
    for (const body of this.builtInBodies) this.world.removeRigidBody(body);
    this.builtInBodies = [];
    this.fileBuild?.cancel();
    this.fileBuild = null;
  }
}

function setVec(out: Vec3Like, x: number, y: number, z: number): Vec3Like {
  out.x = x;
  out.y = y;
  out.z = z;
  return out;
}

/** The built-in stage's boxes' extent (centres ± half extents, rotation ignored: a bound). */
function builtInBounds(layout: StageLayout): StageBounds {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const box of layout.boxes) {
    const reach = Math.hypot(...box.halfExtents);
    for (let axis = 0; axis < 3; axis++) {
      const half = box.rotation[3] === 1 ? box.halfExtents[axis]! : reach;
      min[axis] = Math.min(min[axis]!, box.center[axis]! - half);
      max[axis] = Math.max(max[axis]!, box.center[axis]! + half);
    }
  }
  return { min: [min[0]!, min[1]!, min[2]!], max: [max[0]!, max[1]!, max[2]!] };
}
