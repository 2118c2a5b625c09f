/**
 * Links (ropes, welds, springs, hinges), with real Rapier: a rope holds its length under a
 * power-16 BLAST, a weld holds two props together, a breakable link breaks at its force and
 * not below, a link goes with a removed body, RESET removes every link.
 */
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../renderer/src/physics/sandbox';
import { soundRequest } from '../../renderer/src/physics/sound/sound-requests';
import { useSandboxes } from '../support/sandboxes';

const sandbox = useSandboxes();

function part(s: Sandbox, name: string) {
  return s.figures[0]!.ragdoll.parts.find((p) => p.spec.name === name)!.body;
}

/** A box prop lifted to `y` metres and held still there (its velocity zeroed). */
function boxAt(s: Sandbox, x: number, y: number) {
  const prop = s.addProp('box');
  prop.body.setTranslation({ x, y, z: 0 }, true);
  prop.body.setRotation({ x: 0, y: 0, z: 0, w: 1 }, true);
  prop.body.setLinvel({ x: 0, y: 0, z: 0 }, true);
  prop.body.setAngvel({ x: 0, y: 0, z: 0 }, true);
  return prop;
}

describe('links', () => {
  it('a rope from the world never stretches past its length by more than 1 cm, swung and under a power-16 BLAST', async () => {
    const s = await sandbox({ stiffness: 0 });
    s.addFigure();
    s.reset();
    const hand = part(s, 'armL_lo');
    const p = hand.translation();
    const top = { x: p.x + 0.6, y: p.y + 1, z: p.z };
    const rope = s.links.make(
      'rope',
      { handle: null, point: top },
      { handle: hand.handle, point: { ...p } },
    );
    expect(rope.geometry.length).toBeCloseTo(Math.hypot(0.6, 1), 6);
    let worst = 0;
    let worstGap = 0;
    let worstSpeed = 0;
    const watch = () => {
      worst = Math.max(worst, s.links.stretch(rope));
      const m = s.measure();
      worstGap = Math.max(worstGap, m.maxJointGapM);
      worstSpeed = Math.max(worstSpeed, m.maxSpeed);
    };
    // It falls onto the rope and swings from it, then is blasted twice.
    s.run(2, watch);
    s.blast(16);
    s.run(1.5, watch);
    s.blast(16, { x: p.x, y: p.y - 1, z: p.z });
    s.run(2, watch);
    expect(s.links.list).toHaveLength(1);
    // At the end of every step (what is drawn and carried on from): the rope is put back to
    // length after the solver and the figure's joint checks.
    expect(worst).toBeLessThan(0.01);
    expect(rope.maxStretch).toBeCloseTo(worst, 6);
    // It was really pulled on: the solver alone left it stretched.
    expect(rope.maxSolverStretch).toBeGreaterThan(0.001);
    expect(s.measure().nanCount).toBe(0);
    expect(worstGap).toBeLessThan(0.011);
    expect(worstSpeed).toBeLessThan(40);
  });

  it('a weld holds two props within 1 mm and 0.01 rad while they fall, tumble and are blasted', async () => {
    const s = await sandbox();
    const a = boxAt(s, 0, 2);
    const b = boxAt(s, 0.55, 2.2);
    const at = { x: 0.27, y: 2.1, z: 0 };
    s.links.make(
      'weld',
      { handle: a.body.handle, point: at },
      { handle: b.body.handle, point: at },
    );
    const relative = () => {
      const pa = a.body.translation();
      const pb = b.body.translation();
      const qa = a.body.rotation();
      const qb = b.body.rotation();
      // b's position in a's frame, and the angle between their rotations.
      const inv = { x: -qa.x, y: -qa.y, z: -qa.z, w: qa.w };
      const d = rotate(inv, { x: pb.x - pa.x, y: pb.y - pa.y, z: pb.z - pa.z });
      const dot = Math.abs(qa.x * qb.x + qa.y * qb.y + qa.z * qb.z + qa.w * qb.w);
      return { d, angle: 2 * Math.acos(Math.min(1, dot)) };
    };
    const start = relative();
    let worstMove = 0;
    let worstTurn = 0;
    const watch = () => {
      const now = relative();
      worstMove = Math.max(
        worstMove,
        Math.hypot(now.d.x - start.d.x, now.d.y - start.d.y, now.d.z - start.d.z),
      );
      worstTurn = Math.max(worstTurn, Math.abs(now.angle - start.angle));
    };
    s.run(2, watch);
    s.blast(16, { x: 0.2, y: 0, z: 0.3 });
    s.run(2, watch);
    // They moved (fell, were thrown) and stayed welded.
    expect(a.body.translation().y).toBeLessThan(1);
    expect(worstMove).toBeLessThan(0.001);
    expect(worstTurn).toBeLessThan(0.01);
  });

  it('a breakable rope breaks at its break force (±10 %) and holds a load 10 % below it', async () => {
    const s = await sandbox();
    const box = boxAt(s, 0, 2);
    const mass = box.body.mass();
    const weight = mass * 9.81;
    // Break at 1.5 g: GRAVITY rises from 1 g to 2 g over 4 s, so the load passes it on the way.
    const breakForce = 1.5 * weight;
    s.links.setSettings({ breakForce });
    const rope = s.links.make(
      'rope',
      { handle: null, point: { x: 0, y: 3, z: 0 } },
      { handle: box.body.handle, point: { x: 0, y: 2, z: 0 } },
    );
    // At 0.9 of the break force (1.35 g) it holds for 3 s.
    s.setGravityScale(1.35);
    s.run(3);
    expect(s.links.list).toContain(rope);
    expect(rope.load).toBeGreaterThan(0.85 * breakForce);
    expect(rope.load).toBeLessThan(breakForce);
    let brokeAt: number | null = null;
    for (let g = 1.35; g <= 2 && brokeAt === null; g += 0.01) {
      s.setGravityScale(g);
      s.run(0.05);
      if (s.links.list.length === 0) brokeAt = weight * s.gravityScale;
    }
    expect(brokeAt).not.toBeNull();
    expect(brokeAt!).toBeGreaterThan(0.9 * breakForce);
    expect(brokeAt!).toBeLessThan(1.1 * breakForce);
    expect(s.links.broken).toBe(1);
    // Broken, the box falls.
    s.run(0.5);
    expect(box.body.translation().y).toBeLessThan(1.5);
  });

  it('a link that breaks asks for the impact sound where it broke', async () => {
    const s = await sandbox({ impactSounds: true });
    const box = boxAt(s, 0, 3);
    s.links.setSettings({ breakForce: 10 });
    s.links.make(
      'rope',
      { handle: null, point: { x: 0, y: 3.5, z: 0 } },
      { handle: box.body.handle, point: { x: 0, y: 3, z: 0 } },
    );
    const ring = s.soundRequests!;
    const before = ring.total;
    // Taut from the start, the box's weight (about 300 N) breaks it in the first step, in the air.
    s.step();
    expect(s.links.list).toHaveLength(0);
    expect(ring.total).toBe(before + 1);
    const request = soundRequest();
    const heard: { kind: string; y: number }[] = [];
    while (ring.shift(request)) heard.push({ kind: request.kind, y: request.y });
    expect(heard.at(-1)!.kind).toBe('box');
    expect(heard.at(-1)!.y).toBeCloseTo(3.5, 6);
  });

  it('a breakable weld resting on the floor does not break under its own weight (contacts carry it)', async () => {
    const s = await sandbox();
    const a = boxAt(s, 0, 0.3);
    const b = boxAt(s, 0.6, 0.3);
    s.run(1);
    const weight = (a.body.mass() + b.body.mass()) * 9.81;
    // Without the floor's push taken off, each box would read half their weight.
    s.links.setSettings({ breakForce: 0.25 * weight });
    const at = { x: 0.3, y: a.body.translation().y, z: 0 };
    s.links.make(
      'weld',
      { handle: a.body.handle, point: at },
      { handle: b.body.handle, point: at },
    );
    s.run(3);
    expect(s.links.list).toHaveLength(1);
  });

  it('a figure hung by a breakable rope holds at 1.5x its weight and breaks at 0.7x', async () => {
    for (const [factor, breaks] of [
      [1.5, false],
      [0.7, true],
    ] as const) {
      const s = await sandbox();
      s.addFigure();
      s.reset();
      // Lifted 1 m, so it hangs clear of the floor from a rope taut from the start.
      for (const { body } of s.figures[0]!.ragdoll.parts) {
        const at = body.translation();
        body.setTranslation({ x: at.x, y: at.y + 1, z: at.z }, true);
      }
      const mass = s.figures[0]!.ragdoll.parts.reduce((sum, p) => sum + p.body.mass(), 0);
      s.links.setSettings({ breakForce: factor * mass * 9.81 });
      const head = part(s, 'head');
      const p = { ...head.translation() };
      s.links.make(
        'rope',
        { handle: null, point: { x: p.x, y: p.y + 0.3, z: p.z } },
        { handle: head.handle, point: p },
      );
      // Lifted off the floor by the rope: the floor falls away under it.
      s.run(3);
      expect(s.links.list.length === 0, `break force ${factor}x weight`).toBe(breaks);
    }
  });

  it('a spring pulls toward its rest length; a hinge keeps its point', async () => {
    const s = await sandbox();
    const box = boxAt(s, 0, 2);
    s.links.setSettings({ stiffness: 2000, damping: 40 });
    const spring = s.links.make(
      'spring',
      { handle: null, point: { x: 0, y: 3, z: 0 } },
      { handle: box.body.handle, point: { x: 0, y: 2, z: 0 } },
    );
    s.run(3);
    const sag = box.body.translation().y;
    // At rest k·x = m·g below the rest length.
    expect(2 - sag).toBeCloseTo((box.body.mass() * 9.81) / 2000, 2);
    s.links.remove(spring.id);
    const other = boxAt(s, 1, 2);
    const pivot = { x: 0.8, y: 2.2, z: 0 };
    const hinge = s.links.make(
      'hinge',
      { handle: null, point: pivot },
      { handle: other.body.handle, point: pivot },
      { x: 0, y: 0, z: 1 },
    );
    let worst = 0;
    s.run(2, () => {
      const a = { x: 0, y: 0, z: 0 };
      const b = { x: 0, y: 0, z: 0 };
      s.links.readEnds(hinge, a, b);
      worst = Math.max(worst, Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z));
    });
    expect(worst).toBeLessThan(0.005);
    // It swung about z only: no turn about x or y.
    const q = other.body.rotation();
    expect(Math.abs(q.x) + Math.abs(q.y)).toBeLessThan(0.01);
    expect(Math.abs(q.z)).toBeGreaterThan(0.1);
  });

  it('a link goes with a removed body, and RESET removes every link', async () => {
    const s = await sandbox();
    s.addFigure();
    const a = boxAt(s, 0, 2);
    const b = boxAt(s, 1, 2);
    s.links.make(
      'rope',
      { handle: a.body.handle, point: { x: 0, y: 2, z: 0 } },
      { handle: b.body.handle, point: { x: 1, y: 2, z: 0 } },
    );
    const hand = part(s, 'armL_lo');
    s.links.make(
      'rope',
      { handle: null, point: { x: 0, y: 3, z: 0 } },
      { handle: hand.handle, point: hand.translation() },
    );
    const version = s.links.version;
    s.removeProp(a);
    expect(s.links.list).toHaveLength(1);
    expect(s.links.version).toBeGreaterThan(version);
    expect(() =>
      s.links.make(
        'weld',
        { handle: b.body.handle, point: { x: 0, y: 0, z: 0 } },
        { handle: b.body.handle, point: { x: 1, y: 0, z: 0 } },
      ),
    ).toThrow(/two different bodies/);
    s.run(0.2);
    s.reset();
    expect(s.links.list).toHaveLength(0);
    s.run(0.2);
    expect(s.measure().nanCount).toBe(0);
    expect(() =>
      s.links.make(
        'rope',
        { handle: null, point: { x: 0, y: 0, z: 0 } },
        { handle: null, point: { x: 1, y: 0, z: 0 } },
      ),
    ).toThrow(/body at one end/);
  });
});

function rotate(
  q: { x: number; y: number; z: number; w: number },
  v: { x: number; y: number; z: number },
) {
  const tx = 2 * (q.y * v.z - q.z * v.y);
  const ty = 2 * (q.z * v.x - q.x * v.z);
  const tz = 2 * (q.x * v.y - q.y * v.x);
  return {
    x: v.x + q.w * tx + (q.y * tz - q.z * ty),
    y: v.y + q.w * ty + (q.z * tx - q.x * tz),
    z: v.z + q.w * tz + (q.x * ty - q.y * tx),
  };
}
