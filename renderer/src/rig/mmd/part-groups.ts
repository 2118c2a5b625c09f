import type { MmdRigidBody } from '../../formats/mmd/mmd-model';
import type { BoneParts } from './bone-parts';

function mostCommon(values: readonly number[]): number | undefined {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: number | undefined;
  let bestCount = 0;
  for (const [v, c] of counts) {
    if (c > bestCount) {
      best = v;
      bestCount = c;
    }
  }
  return best;
}

/**
 * The MMD collision group each ragdoll part should belong to, so the model's own bodies meet
 * the ragdoll the way its author set up their own body colliders: a part takes the group of the
 * model's follow (type 0) bodies on the bones it owns (the most common one if several), else
 * the group most of the model's follow bodies use, else 0.
 */
export function partGroups(
  partNames: readonly string[],
  bodies: readonly MmdRigidBody[],
  parts: BoneParts,
): Record<string, number> {
  const followGroups: number[] = [];
  const byPart = new Map<string, number[]>();
  for (const body of bodies) {
    if (body.physicsMode !== 0 || !Number.isInteger(body.group)) continue;
    followGroups.push(body.group);
    const owner = parts.owned[body.boneIndex];
    if (owner === undefined) continue;
    const list = byPart.get(owner) ?? [];
    list.push(body.group);
    byPart.set(owner, list);
  }
  const fallback = mostCommon(followGroups) ?? 0;
  return Object.fromEntries(
    partNames.map((name) => [name, mostCommon(byPart.get(name) ?? []) ?? fallback]),
  );
}
