/**
 * Loads a PMX or PMD file in Node for the simulator, the benchmark and the tests: the same
 * parser and rig the app uses (renderer/src/formats/mmd, renderer/src/rig/mmd).
 */
import { basename, extname } from 'node:path';
import type { MmdModel } from '../../renderer/src/formats/mmd/mmd-model';
import { MmdFormatError } from '../../renderer/src/formats/mmd/mmd-format-error';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import { DollSpecError } from '../../renderer/src/physics/doll-spec';
import type { MmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import type { MmdPhysicsReport } from '../../renderer/src/rig/mmd/mmd-physics-report';
import { mmdPhysicsReport } from '../../renderer/src/rig/mmd/mmd-physics-report';
import { RigError } from '../../renderer/src/rig/rig-error';
import { readModelFile } from './read-model-file';

/** A PMX/PMD file that cannot become a ragdoll; the message starts with the file name. */
export class MmdLoadError extends Error {
  override name = 'MmdLoadError';
}

/** An MMD file turned into a ragdoll spec plus its own physics. */
export interface MmdDoll {
  readonly spec: DollSpec;
  readonly model: MmdModel;
  readonly rig: MmdRig;
  readonly fileName: string;
}

/** What `npm run sim -- --model FILE.pmx|.pmd` adds to its JSON. */
export interface MmdModelReport {
  /** `figure`: a humanoid ragdoll; `prop`: no humanoid skeleton (see `mmdModelKind`). */
  readonly kind: 'figure' | 'prop';
  readonly format: 'pmx' | 'pmd';
  /** Ragdoll parts and joints per doll. */
  readonly parts: number;
  readonly joints: number;
  /** Optional standard bones the model lacks (Japanese names). */
  readonly bonesMissing: readonly string[];
  /** The model's own rigid bodies and joints that run (bad ones left out). */
  readonly mmdBodies: number;
  readonly mmdJoints: number;
  /** Problems tolerated while reading and rigging, one per kind: "code: message". */
  readonly warnings: readonly string[];
  /** With `--report`: the model's physics census (see `mmdPhysicsReport`). */
  readonly report?: MmdPhysicsReport;
}

/** Builds the doll from a parsed model; rig problems become {@link MmdLoadError}s naming the file. */
export function mmdDollFromModel(model: MmdModel, fileName: string): MmdDoll {
  try {
    const rig = mmdRig(model, { name: model.name || basename(fileName, extname(fileName)) });
    return { spec: rig.rig.spec, model, rig, fileName };
  } catch (error) {
    if (error instanceof RigError || error instanceof DollSpecError)
      throw new MmdLoadError(`${fileName}: ${error.message}`);
    throw error;
  }
}

/**
 * Reads a .pmx/.pmd file and builds its ragdoll. Every failure (unreadable, not a model,
 * truncated, missing bones) becomes an {@link MmdLoadError} whose message starts with the
 * file name.
 */
export async function loadMmdDoll(path: string): Promise<MmdDoll> {
  const { model, fileName } = await readMmdModel(path);
  return mmdDollFromModel(model, fileName);
}

/**
 * Reads and parses a .pmx/.pmd file. Every failure (unreadable, not a model, truncated)
 * becomes an {@link MmdLoadError} whose message starts with the file name.
 */
export async function readMmdModel(path: string): Promise<{ model: MmdModel; fileName: string }> {
  const fileName = basename(path);
  const bytes = await readModelFile(path, (message) => new MmdLoadError(message));
  let model: MmdModel;
  try {
    model = parseMmdModel(bytes);
  } catch (error) {
    if (error instanceof MmdFormatError) throw new MmdLoadError(`${fileName}: ${error.message}`);
    throw error;
  }
  return { model, fileName };
}

/** The simulator's extra JSON keys for an MMD model. */
export function mmdModelReport(doll: MmdDoll, withReport: boolean): MmdModelReport {
  return {
    kind: 'figure',
    format: doll.model.format,
    parts: doll.spec.parts.length,
    joints: doll.spec.joints.length,
    bonesMissing: doll.rig.bonesMissing,
    mmdBodies: doll.rig.physics.bodies.length,
    mmdJoints: doll.rig.physics.joints.length,
    warnings: doll.rig.warnings.map((w) => `${w.code}: ${w.message}`),
    ...(withReport ? { report: mmdPhysicsReport(doll.model) } : {}),
  };
}
