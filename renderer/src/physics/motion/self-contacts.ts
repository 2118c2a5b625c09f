import type { Ragdoll } from '../ragdoll';
import type { ImpulseJoint, RapierApi, World } from '../rapier-api';
import { vec3 } from '../vector-math';

/**
 * Whether a figure's own parts collide with each other (parts joined by a ragdoll joint never
 * do). A motion is authored against the model's mesh, but the ragdoll's shapes are fatter than
 * the mesh: a capsule round each bone, a box round the hips. So the motion's own pose can put
 * one part inside another (hands hanging at the sides of a wide-hipped model), and while the
 * figure follows the motion that contact fights the motors for the whole clip: measured on a
 * 15-part avatar whose pelvis box reaches past its hanging hands, Stand tracked at 0.133 rad
 * with self-contacts and 0.032 rad without. A limp figure keeps them, so a ragdoll lying in a
 * heap does not fold into itself.
 *
 * Rapier has no per-figure collision filter short of a contact hook called from the step, but
 * a joint between two bodies can switch their contacts off: each pair of parts not joined gets
 * a joint with every axis free (it constrains nothing and the solver adds no rows for it), and
 * {@link setEnabled} flips its contacts on a state change. Nothing runs per step.
 */
export class SelfContacts {
  private readonly joints: ImpulseJoint[] = [];
  private enabled = true;
  private disposed = false;

  constructor(
    rapier: RapierApi,
    private readonly world: World,
    doll: Ragdoll,
  ) {
    const joined = new Set(
      doll.joints.map((joint) => pairKey(joint.parent.body, joint.child.body)),
    );
    const parts = doll.parts;
    for (let i = 0; i < parts.length; i++) {
      for (let j = i + 1; j < parts.length; j++) {
        const a = parts[i]!.body;
        const b = parts[j]!.body;
        if (joined.has(pairKey(a, b))) continue;
        const data = rapier.JointData.generic(vec3(), vec3(), vec3(1, 0, 0), 0 as never);
        this.joints.push(world.createImpulseJoint(data, a, b, false));
      }
    }
  }

  /** Number of part pairs this switches (every pair not already joined). */
  get pairCount(): number {
    return this.joints.length;
  }

  /** True while the figure's own parts collide with each other. */
  get contactsEnabled(): boolean {
    return this.enabled;
  }

  /** Lets the figure's own parts collide with each other (true) or pass through (false). */
  setEnabled(on: boolean): void {
    if (on === this.enabled || this.disposed) return;
    this.enabled = on;
    for (let i = 0; i < this.joints.length; i++) this.joints[i]!.setContactsEnabled(on);
  }

  /** Removes the joints (the figure's own parts collide again). Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const joint of this.joints) {
      if (this.world.impulseJoints.contains(joint.handle))
        this.world.removeImpulseJoint(joint, true);
    }
    this.joints.length = 0;
  }
}

function pairKey(a: { handle: number }, b: { handle: number }): string {
  return a.handle < b.handle ? `${a.handle}:${b.handle}` : `${b.handle}:${a.handle}`;
}
