import type { RapierApi, RigidBody, World } from './rapier-api';
import type { Quat, Vec3 } from './vector-math';

/** One fixed box of the stage. Sizes are half extents in metres. */
export interface StageBox {
  readonly name: string;
  readonly role: 'floor' | 'slope' | 'stair' | 'wall';
  readonly halfExtents: Vec3;
  readonly center: Vec3;
  readonly rotation: Quat;
}

/** The stage as data: the physics builds it and the view draws it from the same numbers. */
export interface StageLayout {
  readonly boxes: readonly StageBox[];
  readonly friction: number;
  readonly restitution: number;
}

/** The stage, in metres and radians. */
export const STAGE_DIMENSIONS = {
  floorSize: 60,
  floorThickness: 1,
  /** Rises toward −Z. */
  slopeAngle: 0.38,
  slopeLength: 5,
  slopeWidth: 4,
  slopeThickness: 0.2,
  /** Distance from the origin to the slope's low edge along −Z. */
  slopeStartZ: -2.8,
  /** Toward +X. */
  stairCount: 6,
  stairRise: 0.2,
  stairDepth: 0.7,
  stairWidth: 2,
  stairStartX: 2.6,
  /** A low wall toward −X. */
  wallX: -3.2,
  wallHeight: 0.5,
  wallThickness: 0.3,
  wallLength: 4,
} as const;

const UNROTATED: Quat = [0, 0, 0, 1];

/** Builds the stage layout from {@link STAGE_DIMENSIONS}. Pure data, no Rapier. */
export function stageLayout(d = STAGE_DIMENSIONS): StageLayout {
  const boxes: StageBox[] = [
    {
      name: 'floor',
      role: 'floor',
      halfExtents: [d.floorSize / 2, d.floorThickness / 2, d.floorSize / 2],
      center: [0, -d.floorThickness / 2, 0],
      rotation: UNROTATED,
    },
  ];
  // The slope is a plate turned about +X, so its far (−Z) end rises; its top surface's
  // low edge sits on the floor at slopeStartZ.
  const halfLength = d.slopeLength / 2;
  const halfThickness = d.slopeThickness / 2;
  const sin = Math.sin(d.slopeAngle);
  const cos = Math.cos(d.slopeAngle);
  boxes.push({
    name: 'slope',
    role: 'slope',
    halfExtents: [d.slopeWidth / 2, halfThickness, halfLength],
    center: [
      0,
      halfLength * sin - halfThickness * cos,
      d.slopeStartZ - halfLength * cos - halfThickness * sin,
    ],
    rotation: [Math.sin(d.slopeAngle / 2), 0, 0, Math.cos(d.slopeAngle / 2)],
  });
  for (let i = 0; i < d.stairCount; i++) {
    const height = (i + 1) * d.stairRise;
    boxes.push({
      name: `stair${i + 1}`,
      role: 'stair',
      halfExtents: [d.stairDepth / 2, height / 2, d.stairWidth / 2],
      center: [d.stairStartX + d.stairDepth * (i + 0.5), height / 2, 0],
      rotation: UNROTATED,
    });
  }
  boxes.push({
    name: 'wall',
    role: 'wall',
    halfExtents: [d.wallThickness / 2, d.wallHeight / 2, d.wallLength / 2],
    center: [d.wallX, d.wallHeight / 2, 0],
    rotation: UNROTATED,
  });
  return { boxes, friction: 0.9, restitution: 0.1 };
}

/** Creates the stage as fixed bodies. Returns them so they can be removed. */
export function buildStage(rapier: RapierApi, world: World, layout: StageLayout): RigidBody[] {
  return layout.boxes.map((box) => {
    const [x, y, z, w] = box.rotation;
    const body = world.createRigidBody(
      rapier.RigidBodyDesc.fixed()
        .setTranslation(...box.center)
        .setRotation({ x, y, z, w }),
    );
    // The stage grips whatever lies on it at least at its own friction (Rapier combines a
    // pair by the stronger rule, Max above all): MMD files often give hair no friction so it
    // slides over the body (Bullet multiplies the two, as `mmd-collider.ts` does), and
    // multiplied by the stage's that left hair skating on the floor, a long chain swinging
    // sideways at about 1 m/s for good (docs/physics.md). Dolls (0.9) meet it as before;
    // balls (0.6) and boxes (0.8) grip at 0.9 instead of the average.
    world.createCollider(
      rapier.ColliderDesc.cuboid(...box.halfExtents)
        .setFriction(layout.friction)
        .setFrictionCombineRule(rapier.CoefficientCombineRule.Max)
        .setRestitution(layout.restitution),
      body,
    );
    return body;
  });
}
