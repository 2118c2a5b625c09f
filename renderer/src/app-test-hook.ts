import type { Sandbox } from './physics/sandbox';
import type { RagdollTestHook } from './test-hook';
import type { AppUi } from './ui/app-ui';
import type { RagdollView } from './view/ragdoll-view';

/** Builds the read-only `window.__ragdoll` hook over the running app (see test-hook.ts). */
export function createAppTestHook(sandbox: Sandbox, view: RagdollView, ui: AppUi): RagdollTestHook {
  return {
    figures: () => sandbox.figures.length,
    props: () => sandbox.props.length,
    propKinds: () => sandbox.props.map((prop) => prop.kind),
    measure: () => ({ ...sandbox.measure(), stiffnessMethod: sandbox.stiffnessMethod }),
    rootPosition: (index) => {
      const body = sandbox.figures[index]?.ragdoll.root.body;
      if (!body) return null;
      const { x, y, z } = body.translation();
      return { x, y, z };
    },
    partOnScreen: (index, partName) => {
      const part = sandbox.figures[index]?.ragdoll.parts.find((p) => p.spec.name === partName);
      return part ? view.projectToClient(part.body.translation()) : null;
    },
    grabbedHandle: () => sandbox.grabbedHandle,
    settings: () => ({
      stiffness: sandbox.stiffness,
      timeScale: sandbox.timeScale,
      showBodies: view.showBodies,
      language: ui.language,
    }),
    frameStats: () => view.stats.snapshot(),
  };
}
