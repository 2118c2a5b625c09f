/**
 * The hard-kick scene of the hinge-limit tests (tests/unit/physics-design-results.test.ts),
 * shared with the overshoot sweep (scripts/research/limit-overshoot.ts) so both measure the same thing.
 */
import type { RagdollJoint } from '../../renderer/src/physics/ragdoll';
import type { Sandbox } from '../../renderer/src/physics/sandbox';

/**
 * The signed angle (radians) of a hinge: the child's rotation relative to the parent, about
 * the hinge axis.
 */
export function hingeAngle(joint: RagdollJoint): number {
  if (joint.spec.kind !== 'revolute') throw new Error(`${joint.spec.name} is not a hinge`);
  const qa = joint.parent.body.rotation();
  const qb = joint.child.body.rotation();
  // qRel = conjugate(qa) * qb
  const x = qa.w * qb.x - qa.x * qb.w - qa.y * qb.z + qa.z * qb.y;
  const y = qa.w * qb.y + qa.x * qb.z - qa.y * qb.w - qa.z * qb.x;
  const z = qa.w * qb.z - qa.x * qb.y + qa.y * qb.x - qa.z * qb.w;
  const w = qa.w * qb.w + qa.x * qb.x + qa.y * qb.y + qa.z * qb.z;
  const [ax, ay, az] = joint.spec.axis;
  return 2 * Math.atan2(x * ax + y * ay + z * az, w);
}

/**
 * Adds one box dummy to `sandbox` (made with STIFFNESS 0), stands it up, and for 40 rounds of
 * 0.15 s kicks every forearm and shin about its hinge with an angular impulse of `kick`
 * (N·m·s), both ways in turn, with a power-30 blast every `blastEvery` rounds (0: none).
 * Returns each hinge's [min, max] angle seen after every step (radians).
 */
export function hingeRanges(
  sandbox: Sandbox,
  kick: number,
  blastEvery: number,
): Map<RagdollJoint, [number, number]> {
  const figure = sandbox.addFigure();
  sandbox.reset();
  const hinges = figure.ragdoll.joints.filter((j) => j.spec.kind === 'revolute');
  const range = new Map(hinges.map((h) => [h, [Infinity, -Infinity] as [number, number]]));
  for (let round = 0; round < 40; round++) {
    // Alternate angular kicks on every forearm and shin, both ways.
    const sign = round % 2 === 0 ? 1 : -1;
    for (const hinge of hinges) {
      hinge.child.body.applyTorqueImpulse({ x: sign * kick, y: 0.15 * sign * kick, z: 0 }, true);
    }
    if (blastEvery > 0 && round % blastEvery === blastEvery - 1) sandbox.blast(30);
    sandbox.run(0.15, () => {
      for (const [hinge, seen] of range) {
        const angle = hingeAngle(hinge);
        seen[0] = Math.min(seen[0], angle);
        seen[1] = Math.max(seen[1], angle);
      }
    });
  }
  return range;
}

/** How far (radians) the hinges in `ranges` went past their limits at worst: 0 if never. */
export function worstOvershoot(ranges: Map<RagdollJoint, [number, number]>): number {
  let worst = 0;
  for (const [hinge, [min, max]] of ranges) {
    if (hinge.spec.kind !== 'revolute') continue;
    const [lo, hi] = hinge.spec.limits;
    worst = Math.max(worst, lo - min, max - hi);
  }
  return worst;
}
