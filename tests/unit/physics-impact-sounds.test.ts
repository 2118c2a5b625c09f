/**
 * Impact sounds chosen from the contact force events of real Rapier scenes: hits above the
 * threshold sound, louder the harder they are; resting and sliding contact is silent; a
 * body sounds at most every 80 ms; at most four voices at once; what is hit picks the kind;
 * BLAST has its own sound.
 */
import { describe, expect, it } from 'vitest';
import type { RapierApi, World } from '../../renderer/src/physics/rapier-api';
import { FIXED_STEP } from '../../renderer/src/physics/sandbox';
import type { ImpactMaterial } from '../../renderer/src/physics/sound/impact-sounds';
import {
  ImpactSounds,
  MAX_IMPACT_VOICES,
  VOICE_SECONDS,
} from '../../renderer/src/physics/sound/impact-sounds';
import type { SoundRequest } from '../../renderer/src/physics/sound/sound-requests';
import { SoundRequestRing, soundRequest } from '../../renderer/src/physics/sound/sound-requests';
import { loadRapier } from '../support/rapier';
import { useSandboxes } from '../support/sandboxes';

const sandbox = useSandboxes();

/** A bare Rapier world with a floor, an {@link ImpactSounds} on it, and a step that drives both. */
class Scene {
  readonly world: World;
  readonly sounds: ImpactSounds;
  readonly heard: SoundRequest[] = [];

  constructor(
    readonly rapier: RapierApi,
    gravity = -9.81,
  ) {
    this.world = new rapier.World({ x: 0, y: gravity, z: 0 });
    this.world.timestep = FIXED_STEP;
    this.sounds = new ImpactSounds(rapier, new SoundRequestRing(256), FIXED_STEP);
    this.fixedBox(0, -0.5, 0, 20, 0.5, 20);
  }

  fixedBox(x: number, y: number, z: number, hx: number, hy: number, hz: number, restitution = 0) {
    const body = this.world.createRigidBody(
      this.rapier.RigidBodyDesc.fixed().setTranslation(x, y, z),
    );
    const collider = this.world.createCollider(
      this.rapier.ColliderDesc.cuboid(hx, hy, hz).setRestitution(restitution),
      body,
    );
    this.sounds.register(collider, 'stage');
  }

  ball(x: number, y: number, z: number, material: ImpactMaterial = 'ball', restitution = 0.55) {
    const body = this.world.createRigidBody(
      this.rapier.RigidBodyDesc.dynamic().setTranslation(x, y, z).setCcdEnabled(true),
    );
    const collider = this.world.createCollider(
      this.rapier.ColliderDesc.ball(0.3).setDensity(150).setRestitution(restitution),
      body,
    );
    this.sounds.register(collider, material);
    return body;
  }

  box(x: number, y: number, z: number) {
    const body = this.world.createRigidBody(
      this.rapier.RigidBodyDesc.dynamic().setTranslation(x, y, z),
    );
    const collider = this.world.createCollider(
      this.rapier.ColliderDesc.cuboid(0.25, 0.25, 0.25).setDensity(250).setFriction(0.3),
      body,
    );
    this.sounds.register(collider, 'box');
    return body;
  }

  run(seconds: number): SoundRequest[] {
    const from = this.heard.length;
    for (let i = 0; i < Math.round(seconds / FIXED_STEP); i++) {
      this.world.step(this.sounds.queue);
      this.sounds.afterStep();
      const out = soundRequest();
      while (this.sounds.ring.shift(out)) this.heard.push({ ...out });
    }
    return this.heard.slice(from);
  }

  dispose(): void {
    this.sounds.dispose();
    this.world.free();
  }
}

async function scene(gravity?: number): Promise<Scene> {
  return new Scene(await loadRapier(), gravity);
}

describe('impact sounds', () => {
  it('a ball landing sounds once it lands, louder and brighter from higher; a tiny drop is silent', async () => {
    const landings: SoundRequest[] = [];
    for (const height of [0.31, 0.5, 3]) {
      const s = await scene();
      s.ball(0, height, 0);
      const heard = s.run(1.2);
      s.dispose();
      if (height === 0.31) {
        // 1 cm: it lands at 0.44 m/s, under the threshold.
        expect(heard).toEqual([]);
        continue;
      }
      expect(heard.length).toBeGreaterThan(0);
      expect(heard[0]!.kind).toBe('ball');
      // Free fall to the floor: t = sqrt(2 h / g).
      expect(heard[0]!.time).toBeCloseTo(Math.sqrt((2 * (height - 0.3)) / 9.81), 1);
      landings.push(heard[0]!);
    }
    expect(landings[1]!.gain).toBeGreaterThan(landings[0]!.gain + 0.05);
    expect(landings[1]!.brightness).toBeGreaterThan(landings[0]!.brightness + 0.05);
    expect(landings[1]!.gain).toBeLessThanOrEqual(1);
  });

  it('resting and sliding contact makes no sound', async () => {
    const s = await scene();
    const box = s.box(0, 1, 0);
    const landing = s.run(1.5);
    expect(landing.map((heard) => heard.kind)).toContain('box');
    // Resting: two seconds on the floor.
    expect(s.run(2)).toEqual([]);
    // Sliding: pushed along the floor at 4 m/s until friction stops it.
    box.setLinvel({ x: 4, y: 0, z: 0 }, true);
    expect(s.run(2)).toEqual([]);
    expect(box.translation().x).toBeGreaterThan(1);
    s.dispose();
  });

  it('a body sounds at most every 80 ms, however often it hits', async () => {
    // A ball 0.6 m across rattling between two walls 0.8 m apart without gravity: at 5 m/s
    // it hits one every 40 ms.
    const s = await scene(0);
    s.fixedBox(-0.7, 1, 0, 0.3, 1, 1, 1);
    s.fixedBox(0.7, 1, 0, 0.3, 1, 1, 1);
    const ball = s.ball(0, 1, 0, 'ball', 1);
    ball.setLinvel({ x: 5, y: 0, z: 0 }, true);
    const heard = s.run(1);
    // Under the rule it still sounds throughout, just not more often.
    expect(heard.length).toBeGreaterThanOrEqual(8);
    for (let i = 1; i < heard.length; i++)
      expect(heard[i]!.time - heard[i - 1]!.time).toBeGreaterThanOrEqual(0.08 - 1e-9);
    expect(Math.abs(ball.linvel().x)).toBeGreaterThan(3);
    s.dispose();
  });

  it('at most four voices at once: ten balls landing together start four, the loudest', async () => {
    const s = await scene();
    // Same height, different weights: the heaviest hit hardest.
    for (let i = 0; i < 10; i++) s.ball(i * 0.8 - 4, 1.5, 0);
    const heavy = [7, 8, 9];
    const bodies: number[] = [];
    s.world.forEachRigidBody((body) => {
      if (body.isDynamic()) bodies.push(body.handle);
    });
    for (const index of heavy) s.world.getRigidBody(bodies[index]!)!.setAdditionalMass(30, true);
    const heard = s.run(0.6);
    expect(heard.length).toBe(MAX_IMPACT_VOICES);
    expect(new Set(heard.map((h) => h.time)).size).toBe(1);
    // The three heavy balls (x = 1.6, 2.4, 3.2) are among the four heard.
    const xs = heard.map((h) => Math.round(h.x * 10) / 10);
    for (const index of heavy) expect(xs).toContain(Math.round((index * 0.8 - 4) * 10) / 10);
    // Stereo needs a place: each sound is where its ball is.
    for (const h of heard) expect(h.y).toBeCloseTo(0.3, 1);
    s.dispose();
  });

  it('in the sandbox, a BLAST of six figures and twelve props: its own sound, then hits of every kind, never more than four voices', async () => {
    const s = await sandbox({ impactSounds: true, seed: 3 });
    for (let i = 0; i < 6; i++) s.addFigure();
    for (let i = 0; i < 12; i++) s.addProp(i % 2 === 0 ? 'ball' : 'box');
    s.run(3);
    const ring = s.soundRequests!;
    ring.clear();
    s.blast(14);
    const heard: SoundRequest[] = [];
    s.run(3, () => {
      const out = soundRequest();
      while (ring.shift(out)) heard.push({ ...out });
    });
    expect(heard[0]!.kind).toBe('blast');
    expect(heard[0]!.gain).toBeGreaterThan(0.8);
    const kinds = new Set(heard.map((h) => h.kind));
    for (const kind of ['body', 'ball', 'box', 'stage']) expect(kinds).toContain(kind);
    const impacts = heard.filter((h) => h.kind !== 'blast');
    for (const h of impacts) {
      const sounding = impacts.filter((o) => o.time <= h.time && o.time > h.time - VOICE_SECONDS);
      expect(sounding.length).toBeLessThanOrEqual(MAX_IMPACT_VOICES);
      expect(h.gain).toBeGreaterThan(0);
      expect(h.gain).toBeLessThanOrEqual(1);
    }
  });

  it('is off unless asked for', async () => {
    const s = await sandbox();
    s.addProp('ball');
    s.run(2);
    expect(s.soundRequests).toBeNull();
  });
});
