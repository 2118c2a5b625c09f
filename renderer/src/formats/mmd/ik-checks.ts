import type { MmdIk } from './mmd-model';
import type { ReadWarnings } from './read-warnings';

/** An IK record that could be stepped over but not read as a chain, and why. */
export interface DamagedIk {
  readonly damaged: string;
}

/** What makes an IK chain unusable, or null when it can be solved as stored. */
export function ikChainProblem(ik: MmdIk, boneCount: number): string | null {
  const inRange = (index: number) => Number.isInteger(index) && index >= 0 && index < boneCount;
  if (!inRange(ik.targetIndex)) return `its target is bone ${ik.targetIndex}`;
  if (!(ik.loopCount >= 0)) return `its loop count is ${ik.loopCount}`;
  if (!Number.isFinite(ik.limitAngle)) return `its angle limit is ${ik.limitAngle}`;
  if (ik.links.length > boneCount) return `it has ${ik.links.length} links`;
  for (const link of ik.links) {
    if (!inRange(link.boneIndex)) return `a link is bone ${link.boneIndex}`;
    const limits = link.limits;
    if (limits && ![...limits.min, ...limits.max].every(Number.isFinite)) {
      return `a link's angle limit is not a number`;
    }
  }
  return null;
}

/**
 * Collects a model's damaged IK chains while its bones are read, then reports them as one
 * `ik-chain-dropped` warning. A dropped chain's bones keep the pose their parents give them.
 */
export class DamagedIkChains {
  private readonly names: string[] = [];

  constructor(private readonly boneCount: number) {}

  /** The chain when it is usable; null (and noted) when it is damaged. */
  check(boneName: string, ik: MmdIk | DamagedIk): MmdIk | null {
    if ('damaged' in ik || ikChainProblem(ik, this.boneCount) !== null) {
      this.names.push(boneName);
      return null;
    }
    return ik;
  }

  report(warnings: ReadWarnings): void {
    const count = this.names.length;
    if (count === 0) return;
    warnings.add('ik-chain-dropped', ikChainDroppedSentence(count, this.names[0]!), {
      count,
      names: this.names,
    });
  }
}

/** The English warning: `count` chains left out, the first on bone `example`. */
export function ikChainDroppedSentence(count: number, example: string): string {
  return (
    `${count} IK chain${count > 1 ? 's are' : ' is'} damaged (first: "${example}"); ` +
    'left out, so the bones they would turn follow their parents.'
  );
}
