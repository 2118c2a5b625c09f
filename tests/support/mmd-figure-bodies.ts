import type { Figure, Sandbox } from '../../renderer/src/physics/sandbox';

/** Every body of the figure (parts and MMD dynamic bodies). */
export function bodiesOf(figure: Figure) {
  return [...figure.ragdoll.parts.map((part) => part.body), ...(figure.mmd?.rigidBodies() ?? [])];
}

/** The fastest body of any figure, m/s. */
export function fastest(sandbox: Sandbox): number {
  let top = 0;
  for (const figure of sandbox.figures) {
    for (const body of bodiesOf(figure)) {
      const v = body.linvel();
      top = Math.max(top, Math.hypot(v.x, v.y, v.z));
    }
  }
  return top;
}
