import type { Sandbox } from '../../renderer/src/physics/sandbox';
import type { SceneRecorderOptions } from '../../renderer/src/physics/recording/scene-recorder';
import { SceneRecorder } from '../../renderer/src/physics/recording/scene-recorder';

/** A recorder that `sandbox` hands each step to, as the app's timeline attaches its own. */
export function recordSteps(sandbox: Sandbox, options: SceneRecorderOptions = {}): SceneRecorder {
  const recorder = new SceneRecorder(sandbox, options);
  sandbox.setStepObserver(recorder.afterStep);
  return recorder;
}
