import type { MmdModel } from '../../formats/mmd/mmd-model';
import { parseMmdModel } from '../../formats/mmd/parse-mmd-model';
import { DollSpecError } from '../../physics/doll-spec';
import { mmdRig, type MmdRig } from '../../rig/mmd/mmd-rig';
import { mmdModelKind, mmdPropRig, type MmdPropRig } from '../../rig/mmd/mmd-prop-rig';
import { MmdNotHumanoidError } from './mmd-not-humanoid-error';
import { RigError } from '../../rig/rig-error';
import { buildMmdSkinnedModel, type MmdSkinnedModel } from './mmd-skinned-mesh';
import { loadMmdTextures, type MmdTextureReader } from './mmd-textures';

import { MmdLoadError } from './mmd-load-error';

export { MmdLoadError } from './mmd-load-error';

/** A parsed MMD model and its ragdoll, ready to be drawn over any number of figures. */
export interface MmdAvatarModel {
  readonly fileName: string;
  /** The model's own name, else the file name. */
  readonly title: string;
  readonly model: MmdModel;
  readonly rig: MmdRig;
}

/** A parsed MMD model without a humanoid skeleton and its prop rig, ready to be drawn. */
export interface MmdPropModel {
  readonly fileName: string;
  /** The model's own name, else the file name. */
  readonly title: string;
  readonly model: MmdModel;
  readonly rig: MmdPropRig;
}

/** What `drawMmdModel` needs of a loaded model, figure or prop. */
export interface DrawableMmdModel {
  readonly fileName: string;
  readonly model: MmdModel;
  readonly rig: { readonly unitMetres: number };
}

/** What drawing one figure of a model found about its textures, for one message. */
export interface MmdTextureReport {
  /** Texture names the model uses that are not in its folder. */
  readonly missing: readonly string[];
  /** Texture names found but unreadable or undecodable. */
  readonly broken: readonly string[];
}

/**
 * Parses a PMX/PMD file and builds its ragdoll and physics input. Plain data only (no
 * three.js objects), so one parse serves every figure. Throws an {@link MmdLoadError} naming
 * the file for a damaged file (the parser's message) or a skeleton without the bones a
 * ragdoll needs (the rig's message, naming the missing bones); an {@link MmdNotHumanoidError}
 * (an `MmdLoadError` carrying the parsed model) for a model without a humanoid skeleton, which
 * can be opened as a prop with {@link loadMmdProp}.
 */
export function loadMmdModel(bytes: Uint8Array, fileName: string): MmdAvatarModel {
  const model = parseMmdFile(bytes, fileName);
  if (mmdModelKind(model) === 'prop') throw new MmdNotHumanoidError(fileName, model);
  try {
    const rig = mmdRig(model, { name: model.name || fileName });
    return { fileName, title: model.name || fileName, model, rig };
  } catch (error) {
    if (error instanceof RigError || error instanceof DollSpecError) {
      throw new MmdLoadError(`${fileName}: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

/**
 * Parses a PMX/PMD file saved as a prop and rigs it so (a preset's model prop). Throws an
 * {@link MmdLoadError} naming the file for a damaged file.
 */
export function readMmdProp(bytes: Uint8Array, fileName: string): MmdPropModel {
  return loadMmdProp(parseMmdFile(bytes, fileName), fileName);
}

/** Parses a PMX/PMD file, or throws an {@link MmdLoadError} naming it with the parser's message. */
function parseMmdFile(bytes: Uint8Array, fileName: string): MmdModel {
  try {
    return parseMmdModel(bytes);
  } catch (error) {
    throw new MmdLoadError(`${fileName}: ${messageOf(error)}`, { cause: error });
  }
}

/** Rigs a parsed model without a humanoid skeleton as a prop (see `mmdPropRig`). */
export function loadMmdProp(model: MmdModel, fileName: string): MmdPropModel {
  const title = model.name || fileName;
  return { fileName, title, model, rig: mmdPropRig(model, { name: title }) };
}

/**
 * Builds one figure's three.js model: textures read through `read` (none without it) and
 * decoded, then the skinned mesh. The caller owns the result.
 */
export async function drawMmdModel(
  loaded: DrawableMmdModel,
  read: MmdTextureReader | undefined,
): Promise<{ drawing: MmdSkinnedModel; textures: MmdTextureReport }> {
  const textures = await loadMmdTextures(loaded.model, read);
  const report: MmdTextureReport = {
    missing: textures.missing,
    broken: textures.broken.map(({ name, reason }) => `${name} (${reason})`),
  };
  try {
    return {
      drawing: buildMmdSkinnedModel(loaded.model, loaded.rig.unitMetres, textures),
      textures: report,
    };
  } catch (error) {
    textures.dispose();
    throw new MmdLoadError(`${loaded.fileName}: ${messageOf(error)}`, { cause: error });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
