import type { MmdModel } from '../../formats/mmd/mmd-model';
import { MmdLoadError } from './mmd-load-error';

/**
 * Thrown by `loadMmdModel` for a model without a humanoid skeleton (see `mmdModelKind`): it
 * cannot be a figure, but it can be opened as a prop, so the parsed model comes along. Anyone
 * who does not open props sees an `MmdLoadError` naming the file and why. Its own module, like
 * `MmdLoadError`, so the interface can recognise it without loading the MMD reader.
 */
export class MmdNotHumanoidError extends MmdLoadError {
  override name = 'MmdNotHumanoidError';

  constructor(
    fileName: string,
    readonly model: MmdModel,
  ) {
    super(
      `${fileName}: has no humanoid skeleton (it lacks 下半身 (lower body) or 上半身 (upper body)), ` +
        'so it cannot be a figure; open it on its own to add it as a prop',
    );
  }
}
