import type { Figure, Prop, Sandbox } from '../../renderer/src/physics/sandbox';
import { quat, rotateVec, vec3 } from '../../renderer/src/physics/vector-math';

/** How far in front of the figure the ball starts (metres). */
const THROW_DISTANCE = 3;

/**
 * Throws the app's ball (a `ball` prop: 0.3 m radius, density 150) at a figure's head from
 * {@link THROW_DISTANCE} in front of it (the way its pelvis faces, level), at `speed` m/s.
 * Falls back to the head part's name `head`, else the root, for the target.
 */
export function throwBallAtHead(sandbox: Sandbox, figure: Figure, speed: number): Prop {
  const parts = figure.ragdoll.parts;
  const head = (parts.find((part) => part.spec.name === 'head') ?? figure.ragdoll.root).body;
  const target = head.translation();
  const facing = rotateVec(figure.ragdoll.root.body.rotation(), vec3(0, 0, 1), vec3());
  facing.y = 0;
  const length = Math.hypot(facing.x, facing.z) || 1;
  const start = vec3(
    target.x + (facing.x / length) * THROW_DISTANCE,
    target.y,
    target.z + (facing.z / length) * THROW_DISTANCE,
  );
  const prop = sandbox.addProp('ball');
  prop.body.setTranslation(start, true);
  prop.body.setRotation(quat(), true);
  const dx = target.x - start.x;
  const dy = target.y - start.y;
  const dz = target.z - start.z;
  const d = Math.hypot(dx, dy, dz) || 1;
  prop.body.setLinvel(vec3((dx / d) * speed, (dy / d) * speed, (dz / d) * speed), true);
  prop.body.setAngvel(vec3(), true);
  return prop;
}
