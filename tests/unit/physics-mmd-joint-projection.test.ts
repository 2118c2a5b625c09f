/**
 * The joint projection (`physics/joint-projection.ts`) on an MMD figure, on the real Rapier WASM
 * and a real model: a part put back onto its joint takes the hair and skirt bodies hanging from
 * it along (`physics/mmd/hanging-bodies.ts`), so the hair's own joints are not torn by the move.
 * The sandbox runs it so on every MMD figure (`tests/unit/physics-landing-gaps.test.ts`).
 * Skipped when the real-model fixtures are absent.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { HeldBodies } from '../../renderer/src/physics/joint-projection';
import { JointProjection } from '../../renderer/src/physics/joint-projection';
import { jointGap, worldAnchor } from '../../renderer/src/physics/measurements';
import type { MmdJoint } from '../../renderer/src/physics/mmd/mmd-bodies';
import type { Figure } from '../../renderer/src/physics/sandbox';
import { FIXED_STEP } from '../../renderer/src/physics/sandbox';
import { vec3 } from '../../renderer/src/physics/vector-math';
import type { MmdDoll } from '../../tools/loaders/load-mmd-doll';
import { loadMmdDoll } from '../../tools/loaders/load-mmd-doll';
import { realFixture } from '../../tools/fixtures/real-fixtures';
import { useSandboxes } from '../support/sandboxes';

const makeSandbox = useSandboxes();

const NOBODY_HELD: HeldBodies = { grabbed: null, isPinned: () => false, pinCount: 0 };

const MOKOU = realFixture('pmd/mokou/mokou_B.pmd');
const present = existsSync(MOKOU);
if (!present) console.warn(`physics-mmd-joint-projection: ${MOKOU} not found; skipped`);

const dolls = new Map<string, Promise<MmdDoll>>();
function doll(file: string): Promise<MmdDoll> {
  if (!dolls.has(file)) dolls.set(file, loadMmdDoll(file));
  return dolls.get(file)!;
}

const local = vec3();

/** How far apart each MMD joint's two ends are (metres), in the figure's joint order. */
function mmdJointSeparations(joints: readonly MmdJoint[]): number[] {
  const a = vec3();
  const b = vec3();
  return joints.map(({ joint }) => {
    worldAnchor(joint.body1(), joint.anchor1(local), a);
    worldAnchor(joint.body2(), joint.anchor2(local), b);
    return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
  });
}

/**
 * Shifts the head and the model's dynamic bodies placed from it by `by` metres along X, as one
 * rigid piece: the neck joint opens by `by`, the hair's own joints stay as they were.
 */
function tearNeck(figure: Figure, by: number): void {
  const head = figure.ragdoll.parts.find((part) => part.spec.name === 'head')!;
  const moved = [head.body];
  for (const mmd of figure.mmd!.bodies)
    if (mmd.part === head && mmd.spec.motion !== 'follow') moved.push(mmd.body);
  for (const body of moved) {
    const at = body.translation();
    body.setTranslation({ x: at.x + by, y: at.y, z: at.z }, true);
  }
}

describe.skipIf(!present)(
  'the joint projection on an MMD figure (skipped without the fixtures)',
  () => {
    it('a part put back onto its joint takes the hair hanging from it along (mokou_B)', async () => {
      const model = await doll(MOKOU);
      const sandbox = await makeSandbox({ jointProjection: false });
      const figure = sandbox.addFigure(model.spec, { mmd: model.rig.physics });
      const mmd = figure.mmd!;
      const neck = figure.ragdoll.joints.find((joint) => joint.child.spec.name === 'head')!;
      const headIndex = figure.ragdoll.parts.indexOf(neck.child);
      // Every dynamic body hangs from exactly one part; the head carries its hair.
      const hanging = mmd.hangingFromParts.flat();
      expect(new Set(hanging).size).toBe(hanging.length);
      expect(hanging.length).toBe(mmd.rigidBodies().length);
      expect(mmd.hangingFromParts[headIndex]!.length).toBeGreaterThan(10);
      const atRest = mmdJointSeparations(mmd.joints);
      const fast = (): void => figure.ragdoll.root.body.setLinvel({ x: 0, y: -8, z: 0 }, true);

      const projection = new JointProjection(figure.ragdoll, FIXED_STEP, {
        carried: mmd.hangingFromParts,
      });
      tearNeck(figure, 0.06);
      expect(jointGap(neck)).toBeGreaterThan(0.059);
      fast();
      expect(projection.update(NOBODY_HELD)).toBeGreaterThan(0);
      expect(jointGap(neck)).toBeLessThan(1e-4);
      const after = mmdJointSeparations(mmd.joints);
      // No hair joint opened: the hair moved with the head by the same shift.
      const grown = Math.max(...after.map((s, i) => s - atRest[i]!));
      expect(grown).toBeLessThan(1e-4);

      // Moving the head alone (what the projection did before) tears the hair off it.
      const alone = new JointProjection(figure.ragdoll, FIXED_STEP);
      tearNeck(figure, 0.06);
      fast();
      expect(alone.update(NOBODY_HELD)).toBeGreaterThan(0);
      const torn = mmdJointSeparations(mmd.joints);
      expect(Math.max(...torn.map((s, i) => s - atRest[i]!))).toBeGreaterThan(0.05);
    });
  },
);
