import type { Collider, RapierApi, RigidBody, World } from '../rapier-api';
import { monotonicNowMs } from '../monotonic-clock';
import { colliderDescForShape } from '../shape-collider';
import type { StageBounds, StageShape } from './stage-shape';
import { stageBounds, triangleCount } from './stage-shape';
import type { CollisionTriangles } from './coplanar-merge';
import { MERGE_ITEMS_PER_SLICE, mergeCoplanarSteps } from './coplanar-merge';
import { TrimeshChunks } from './trimesh-chunks';

/** The grip and bounce of a file stage's triangles: those of the built-in stage. */
export const STAGE_FRICTION = 0.9;
export const STAGE_RESTITUTION = 0.1;

/** Share of a build's progress given to merging flat patches, before any collider is made. */
const MERGE_SHARE = 0.4;

/**
 * A stage from a file being built: its flat patches merged into few triangles for collision
 * (see coplanar-merge.ts), then one fixed body whose trimesh colliders are made a chunk at a
 * time, both a slice at a time by {@link advance} (a few per frame in the app), the colliders
 * disabled until the build is taken into the scene, so figures meet none of them half made.
 * {@link cancel} removes what it made.
 */
export class StageBuild {
  readonly body: RigidBody;
  readonly colliders: Collider[] = [];
  readonly bounds: StageBounds;
  /** The file's triangles (what messages name), before any are merged. */
  readonly triangles: number;
  private readonly merging: Generator<void, CollisionTriangles, void>;
  private chunks: TrimeshChunks | null = null;
  private mergeSlices = 0;
  private fixedShapesMade = false;
  private cancelled = false;

  constructor(
    private readonly rapier: RapierApi,
    private readonly world: World,
    readonly shape: StageShape,
  ) {
    this.triangles = triangleCount(shape);
    this.bounds = fullBounds(shape);
    this.merging = mergeCoplanarSteps(shape);
    this.body = world.createRigidBody(rapier.RigidBodyDesc.fixed());
  }

  /** How far the build is, 0 to 1: merging, then the colliders' triangles. */
  get progress(): number {
    const chunks = this.chunks;
    if (!chunks) {
      // Slices of the merge, against a rough count of how many it takes (about four passes
      // over the triangles).
      const expected = Math.max(1, (4 * this.triangles) / MERGE_ITEMS_PER_SLICE);
      return MERGE_SHARE * Math.min(0.99, this.mergeSlices / expected);
    }
    return chunks.triangles === 0
      ? 1
      : MERGE_SHARE + (1 - MERGE_SHARE) * (chunks.done / chunks.triangles);
  }

  get finished(): boolean {
    return (
      this.fixedShapesMade && this.chunks !== null && this.chunks.done >= this.chunks.triangles
    );
  }

  /**
   * Builds chunks until `budgetMs` of wall time has passed (at least one) or all are built.
   * Returns true when the build is finished.
   */
  advance(budgetMs = Infinity): boolean {
    if (this.cancelled) throw new Error('stage: a cancelled build cannot go on');
    const start = monotonicNowMs();
    if (!this.fixedShapesMade) {
      for (const fixed of this.shape.fixedShapes) {
        const [x, y, z, w] = fixed.rotation;
        const desc = colliderDescForShape(this.rapier, fixed.shape)
          .setTranslation(...fixed.position)
          .setRotation({ x, y, z, w });
        this.add(desc, fixed.friction, fixed.restitution);
      }
      this.fixedShapesMade = true;
    }
    while (!this.chunks) {
      const step = this.merging.next();
      if (step.done) this.chunks = new TrimeshChunks(step.value.positions, step.value.indices);
      else this.mergeSlices++;
      if (monotonicNowMs() - start >= budgetMs) return this.finished;
    }
    for (;;) {
      const chunk = this.chunks.next();
      if (!chunk) return true;
      this.add(
        this.rapier.ColliderDesc.trimesh(chunk.positions, chunk.indices),
        STAGE_FRICTION,
        STAGE_RESTITUTION,
      );
      if (monotonicNowMs() - start >= budgetMs) return this.finished;
    }
  }

  /** Removes the body and every collider made so far (the world keeps nothing of it). */
  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.world.removeRigidBody(this.body);
    this.colliders.length = 0;
  }

  private add(
    desc: ReturnType<RapierApi['ColliderDesc']['ball']>,
    friction: number,
    restitution: number,
  ): void {
    // Same rules as the built-in stage (see `stage.ts`): its grip wins over slippery hair.
    desc
      .setFriction(friction)
      .setFrictionCombineRule(this.rapier.CoefficientCombineRule.Max)
      .setRestitution(restitution)
      .setEnabled(false);
    this.colliders.push(this.world.createCollider(desc, this.body));
  }
}

/** The triangles' bounds grown by the fixed shapes' centres (a stage of bodies only has those). */
function fullBounds(shape: StageShape): StageBounds {
  const triangles = stageBounds(shape);
  const min = triangles ? [...triangles.min] : [Infinity, Infinity, Infinity];
  const max = triangles ? [...triangles.max] : [-Infinity, -Infinity, -Infinity];
  for (const fixed of shape.fixedShapes)
    for (let axis = 0; axis < 3; axis++) {
      min[axis] = Math.min(min[axis]!, fixed.position[axis]!);
      max[axis] = Math.max(max[axis]!, fixed.position[axis]!);
    }
  return { min: [min[0]!, min[1]!, min[2]!], max: [max[0]!, max[1]!, max[2]!] };
}
