import { describe, expect, it } from 'vitest';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { ModelProp, ModelPropSpec } from '../../renderer/src/physics/model-prop';
import {
  MODEL_PROP_CLEARANCE,
  MODEL_PROP_SPOTS,
} from '../../renderer/src/physics/model-prop-placement';
import type { Collider } from '../../renderer/src/physics/rapier-api';
import type { Sandbox } from '../../renderer/src/physics/sandbox';
import { captureScene, restoreScene } from '../../renderer/src/physics/scene-preset';
import { STAGE_DIMENSIONS } from '../../renderer/src/physics/stage';
import type { Vec3Like } from '../../renderer/src/physics/vector-math';
import { vec3 } from '../../renderer/src/physics/vector-math';
import { mmdPropRig } from '../../renderer/src/rig/mmd/mmd-prop-rig';
import {
  ribbonPropModel,
  staticAccessoryModel,
} from '../../tools/fixtures/mmd/prop-fixture-models';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';
import { useSandboxes } from '../support/sandboxes';
import { RIBBON_FILE, sceneExtras } from '../support/scene-presets';

const makeSandbox = useSandboxes();
const D = STAGE_DIMENSIONS;

/** A generated prop model written as PMX and read back, as the app reads a dropped file. */
function propSpec(model = ribbonPropModel(6)): ModelPropSpec {
  const rig = mmdPropRig(parseMmdModel(writePmx(model)));
  return { carrier: rig.rig.spec, mmd: rig.physics, carrierCollides: rig.carrierCollides };
}

const DOWN = vec3(0, -1, 0);

/** The stage point straight below (x, z), cast from 10 m up. */
function below(sandbox: Sandbox, x: number, z: number): Vec3Like {
  const point = sandbox.stagePointAt(vec3(x, 10, z), DOWN);
  if (!point) throw new Error(`no stage below (${x}, ${z})`);
  return point;
}

function stageColliders(sandbox: Sandbox): Collider[] {
  const colliders: Collider[] = [];
  sandbox.world.colliders.forEach((collider) => {
    if (collider.parent()?.isFixed()) colliders.push(collider);
  });
  return colliders;
}

/** The prop's colliders that the stage stops (collision groups that meet it). */
function propColliders(prop: ModelProp): Collider[] {
  const all = [prop.collider, ...prop.mmd.bodies.map((body) => body.collider)];
  return all.filter((collider) => (collider.collisionGroups() & 0xffff) !== 0);
}

/**
 * The smallest gap between the prop and the stage, metres (negative: sunk in), by Rapier's
 * contact query on the colliders as placed, and the stage box it is nearest.
 */
function gapToStage(sandbox: Sandbox, prop: ModelProp): { gap: number; box: string } {
  sandbox.world.propagateModifiedBodyPositionsToColliders();
  const stage = stageColliders(sandbox);
  let gap = Infinity;
  let box = '';
  for (const own of propColliders(prop))
    stage.forEach((collider, index) => {
      const contact = collider.contactCollider(own, 10);
      if (contact && contact.distance < gap) {
        gap = contact.distance;
        box = sandbox.stage.boxes[index]!.name;
      }
    });
  return { gap, box };
}

function horizontalDistance(a: Vec3Like, b: Vec3Like): number {
  return Math.hypot(a.x - b.x, a.z - b.z);
}

describe('a ray onto the stage', () => {
  it('meets the floor, a stair top, the wall top and the slope where they are', async () => {
    const sandbox = await makeSandbox();
    expect(below(sandbox, 1, 2)).toEqual({ x: 1, y: expect.closeTo(0, 6), z: 2 });
    const stairX = D.stairStartX + D.stairDepth * 2.5; // the third stair's middle
    expect(below(sandbox, stairX, 0.3).y).toBeCloseTo(3 * D.stairRise, 6);
    expect(below(sandbox, D.wallX, -1).y).toBeCloseTo(D.wallHeight, 6);
    // The slope rises toward -Z from its low edge on the floor.
    const slopeZ = D.slopeStartZ - 2;
    expect(below(sandbox, 0.5, slopeZ).y).toBeCloseTo(2 * Math.tan(D.slopeAngle), 3);
    // A slanting ray from a camera's height stops at the first surface it meets.
    const slanted = sandbox.stagePointAt(vec3(0, 3, 6), vec3(0, -3, -6))!;
    expect(slanted.y).toBeCloseTo(0, 6);
    expect(slanted.z).toBeCloseTo(0, 6);
  });

  it('looks through figures and props, and meets nothing in the sky or past the floor', async () => {
    const sandbox = await makeSandbox();
    sandbox.addFigure(BOX_DOLL);
    const pelvis = sandbox.figures[0]!.ragdoll.root.body.translation();
    expect(below(sandbox, pelvis.x, pelvis.z).y).toBeCloseTo(0, 6);
    expect(sandbox.stagePointAt(vec3(0, 3, 6), vec3(0, 0.1, -1))).toBeUndefined();
    // Over the wall, down to the floor 100 m away: past its edge.
    expect(sandbox.stagePointAt(vec3(0, 1, 0), vec3(-1, -0.01, 0))).toBeUndefined();
    expect(sandbox.stagePointAt(vec3(0, 1, 0), vec3(0, 0, 0))).toBeUndefined();
    expect(sandbox.stagePointAt(vec3(Number.NaN, 1, 0), DOWN)).toBeUndefined();
  });
});

describe('a model prop dropped on the stage', () => {
  it('stands over the point on the floor, its lowest point resting on it', async () => {
    const sandbox = await makeSandbox();
    const at = below(sandbox, 1.4, 2.3);
    const prop = sandbox.addModelProp(propSpec(), at);
    expect(horizontalDistance(prop.body.translation(), at)).toBeLessThan(1e-6);
    const { gap, box } = gapToStage(sandbox, prop);
    expect(box).toBe('floor');
    expect(gap).toBeCloseTo(MODEL_PROP_CLEARANCE, 3);
    // It settles there, nothing through the floor (the chain folds under the knot).
    sandbox.run(1);
    expect(gapToStage(sandbox, prop).gap).toBeGreaterThan(-0.01);
    expect(sandbox.measure().nanCount).toBe(0);
  });

  it('stands on a stair, the wall top and the slope, never sunk in', async () => {
    const sandbox = await makeSandbox();
    // Lowered straight down, it is left the clearance above the surface vertically: on the
    // slope, that is less along the slope's normal.
    const cases = [
      {
        at: below(sandbox, D.stairStartX + D.stairDepth * 3.5, -0.4),
        box: 'stair4',
        gap: MODEL_PROP_CLEARANCE,
      },
      { at: below(sandbox, D.wallX, 0.8), box: 'wall', gap: MODEL_PROP_CLEARANCE },
      {
        at: below(sandbox, -0.6, D.slopeStartZ - 1.5),
        box: 'slope',
        gap: MODEL_PROP_CLEARANCE * Math.cos(D.slopeAngle),
      },
    ];
    for (const { at, box, gap: expected } of cases) {
      const prop = sandbox.addModelProp(propSpec(), at);
      expect(horizontalDistance(prop.body.translation(), at)).toBeLessThan(1e-6);
      const gap = gapToStage(sandbox, prop);
      expect(gap.box).toBe(box);
      expect(gap.gap).toBeCloseTo(expected, 4);
      sandbox.removeModelProp(prop);
    }
  });

  it('stands a box-carried accessory on a stair by its real bottom, not a generous bound', async () => {
    const sandbox = await makeSandbox();
    const spec = propSpec(staticAccessoryModel());
    expect(spec.carrierCollides).toBe(true);
    const carrier = spec.carrier.parts[0]!;
    const half = carrier.shape.kind === 'box' ? carrier.shape.halfExtents[1] : Number.NaN;
    const at = below(sandbox, D.stairStartX + D.stairDepth * 1.5, 0);
    const prop = sandbox.addModelProp(spec, at);
    expect(prop.body.translation().y).toBeCloseTo(2 * D.stairRise + half + MODEL_PROP_CLEARANCE, 4);
  });

  it('falls back to the next spot in front of the figures off the stage or without a point', async () => {
    const sandbox = await makeSandbox();
    const spec = propSpec();
    // Past the floor's edge: lowered there it meets nothing.
    const off = sandbox.addModelProp(spec, vec3(D.floorSize, 0, 0));
    const plain = sandbox.addModelProp(spec);
    const broken = sandbox.addModelProp(spec, vec3(Number.NaN, 0, 0));
    [off, plain, broken].forEach((prop, index) => {
      // The carrier is centred over the spot.
      const [x, z] = MODEL_PROP_SPOTS[index]!;
      const carrier = prop.body.translation();
      expect(carrier.x).toBeCloseTo(x, 6);
      expect(carrier.z).toBeCloseTo(z, 6);
    });
  });

  it('is saved in a preset and restored where it was dropped', async () => {
    const sandbox = await makeSandbox();
    const prop = sandbox.addModelProp(propSpec(), below(sandbox, -1.2, 2.6));
    sandbox.run(0.2);
    const content = captureScene(
      sandbox,
      sceneExtras('Dropped ribbon', { modelPropOf: () => RIBBON_FILE }),
    );
    const other = await makeSandbox();
    restoreScene(
      other,
      content,
      () => ({ spec: BOX_DOLL }),
      () => ({ spec: propSpec() }),
    );
    expect(other.modelProps[0]!.body.translation()).toEqual(prop.body.translation());
  });
});
