import { BODY_SNAPSHOT_LENGTH, readBodySnapshot, writeBodySnapshot } from './body-snapshot';
import type { RigidBody } from './rapier-api';
import type { Figure, Prop } from './sandbox';

/** What a snapshot reads of the sandbox: its figures and props. */
export interface SnapshotScene {
  readonly figures: readonly Figure[];
  readonly props: readonly Prop[];
}

/**
 * Every moving body of a scene (ragdoll parts, MMD bodies with a body of their own, props) at
 * full precision, with whether it slept, to be put back exactly: for something that moves
 * bodies for a while and must then leave the scene as it found it (a clip export replays
 * recorded frames through the world). Bodies gone by then are skipped.
 */
export class SceneBodiesSnapshot {
  private readonly bodies: readonly RigidBody[];
  private readonly states: Float64Array;
  private readonly sleeping: readonly boolean[];

  constructor(scene: SnapshotScene) {
    this.bodies = sceneBodies(scene);
    this.states = new Float64Array(this.bodies.length * BODY_SNAPSHOT_LENGTH);
    this.sleeping = this.bodies.map((body, i) => {
      readBodySnapshot(body, this.states, i * BODY_SNAPSHOT_LENGTH);
      return body.isSleeping();
    });
  }

  /** How many bodies it holds. */
  get size(): number {
    return this.bodies.length;
  }

  /** Puts every body still in `scene` back as it was; returns how many were put back. */
  restore(scene: SnapshotScene): number {
    const present = new Set(sceneBodies(scene));
    let restored = 0;
    for (let i = 0; i < this.bodies.length; i++) {
      const body = this.bodies[i]!;
      if (!present.has(body)) continue;
      writeBodySnapshot(body, this.states, i * BODY_SNAPSHOT_LENGTH);
      if (this.sleeping[i]) body.sleep();
      restored++;
    }
    return restored;
  }
}

function sceneBodies(scene: SnapshotScene): RigidBody[] {
  const bodies: RigidBody[] = [];
  for (const figure of scene.figures) {
    for (const part of figure.ragdoll.parts) bodies.push(part.body);
    for (const body of figure.mmd?.bodies ?? [])
      if (body.spec.motion !== 'follow') bodies.push(body.body);
  }
  for (const prop of scene.props) bodies.push(prop.body);
  return bodies;
}
