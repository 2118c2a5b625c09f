import type { Collider, RapierApi, RigidBody } from '../rapier-api';
import type { Vec3Like } from '../vector-math';
import { vec3 } from '../vector-math';
import type { SoundKind, SoundRequestRing } from './sound-requests';

/** A figure or model prop: colliders on its ragdoll parts and on its MMD bodies. */
export interface SoundingOwner {
  readonly ragdoll: { readonly parts: readonly { readonly collider: Collider }[] };
  readonly mmd: { readonly bodies: readonly { readonly collider: Collider }[] } | null;
}

/** What a collider is made of, as far as its sound goes. */
export type ImpactMaterial = 'stage' | 'body' | 'ball' | 'box';

/**
 * The slowest hit that sounds: the velocity change, m/s, that a contact's impulse gives the
 * lighter of the two bodies in one step. A body resting or sliding on the stage receives
 * about g·dt = 0.08 m/s a step, a hand pinned under a torso a few m/s but every step (see
 * {@link ImpactSounds}), a ball dropped from 0.2 m about 2 m/s.
 */
export const MIN_IMPACT_SPEED = 0.8;
/** At most this many impact sounds at once (a sound counts for {@link VOICE_SECONDS}). */
export const MAX_IMPACT_VOICES = 4;
/** How long an impact sound holds one of the {@link MAX_IMPACT_VOICES}, simulated seconds. */
export const VOICE_SECONDS = 0.12;
/** A body sounds at most once in this many simulated seconds. */
export const BODY_SOUND_INTERVAL = 0.08;
/** Impulses (N·s) mapped to the quietest and the loudest impact. */
const QUIET_IMPULSE = 0.3;
const LOUD_IMPULSE = 150;
/** The velocity change (m/s) that sounds brightest. */
const BRIGHT_SPEED = 16;
/** BLAST power (m/s at the centre) that sounds loudest. */
const LOUD_BLAST = 16;

const MATERIAL_CODE: Readonly<Record<ImpactMaterial, number>> = {
  stage: 1,
  body: 2,
  ball: 3,
  box: 4,
};
/** Colliders nobody registered (code 0) make no sound. */
const UNKNOWN = 0;
const STAGE = MATERIAL_CODE.stage;
const BALL = MATERIAL_CODE.ball;
const BOX = MATERIAL_CODE.box;

/** Tables start this long (collider indices) and double when a larger index is registered. */
const INITIAL_COLLIDERS = 512;

/** The raw contact force event Rapier hands the drain callback (valid only inside it). */
interface RawForceEvent {
  collider1(): number;
  collider2(): number;
  total_force_magnitude(): number;
  free(): void;
}

const scratchA = vec3();
const scratchB = vec3();
/** Reads a handle's arena index (its low 32 bits), as Rapier's own `Coarena` does. */
const handleFloat = new Float64Array(1);
const handleWords = new Uint32Array(handleFloat.buffer);

function colliderIndex(handle: number): number {
  handleFloat[0] = handle;
  return handleWords[0]!;
}

/**
 * Turns Rapier's contact force events into impact sound requests (see `sound-requests.ts`).
 *
 * Each registered moving collider asks Rapier to report a contact whose force would change
 * its body's velocity by {@link MIN_IMPACT_SPEED} in one step, so resting and sliding contact
 * (about g·dt a step) is never even reported. Of what is reported, a contact sounds only at
 * its onset: a body that was already reported in the step before is pressed, not struck
 * (a pile's bottom part, a hand under a torso). Then each body sounds at most every
 * {@link BODY_SOUND_INTERVAL} s, and each step starts the strongest hits that fit in the
 * {@link MAX_IMPACT_VOICES} not still sounding. Loudness follows the impulse (log scale),
 * brightness the velocity change it gave the lighter body.
 *
 * The sound differs by what is hit: a ball or a box when one takes part, else the stage when
 * a body meets it, else a figure's body.
 *
 * Per step this allocates nothing of its own; Rapier wraps each reported event in a small
 * object, so steps with hits allocate one per reported contact (steps without none).
 */
export class ImpactSounds {
  /** The queue to pass to `world.step`. Freed by {@link dispose}. */
  readonly queue: InstanceType<RapierApi['EventQueue']>;
  private materials = new Uint8Array(INITIAL_COLLIDERS);
  private masses = new Float64Array(INITIAL_COLLIDERS);
  private bodies: (RigidBody | null)[] = new Array<RigidBody | null>(INITIAL_COLLIDERS).fill(null);
  /** The step each collider was last reported in (−2: never). */
  private lastReported = new Float64Array(INITIAL_COLLIDERS).fill(-2);
  /** When each collider last sounded, simulated seconds. */
  private lastSounded = new Float64Array(INITIAL_COLLIDERS).fill(-Infinity);
  /** When each voice frees up, simulated seconds. */
  private readonly voiceEnds = new Float64Array(MAX_IMPACT_VOICES).fill(-Infinity);
  /** This step's strongest hits, strongest first (impulse, both colliders' indices, kind). */
  private readonly candidateImpulse = new Float64Array(MAX_IMPACT_VOICES);
  private readonly candidateSpeed = new Float64Array(MAX_IMPACT_VOICES);
  private readonly candidateA = new Int32Array(MAX_IMPACT_VOICES);
  private readonly candidateB = new Int32Array(MAX_IMPACT_VOICES);
  private readonly candidateKind: SoundKind[] = new Array<SoundKind>(MAX_IMPACT_VOICES).fill(
    'body',
  );
  private candidates = 0;
  private stepIndex = 0;
  private readonly onEvent = (event: RawForceEvent): void => {
    this.consider(event);
    event.free();
  };

  /**
   * @param rapier the Rapier module (for its `EventQueue` and event flags)
   * @param ring where requests go
   * @param dt the fixed step, seconds
   */
  constructor(
    private readonly rapier: RapierApi,
    readonly ring: SoundRequestRing,
    private readonly dt: number,
  ) {
    this.queue = new rapier.EventQueue(true);
  }

  /** Simulated seconds since this was made (steps × dt). */
  get time(): number {
    return this.stepIndex * this.dt;
  }

  /**
   * Lets `collider` sound as `material`. A moving one is asked for force events above its
   * body's {@link MIN_IMPACT_SPEED} threshold; the stage only needs to be known.
   */
  register(collider: Collider, material: ImpactMaterial): void {
    const index = colliderIndex(collider.handle);
    this.ensureRoom(index);
    const body = collider.parent();
    const moving = body !== null && body.isDynamic();
    const mass = moving ? body.mass() : Infinity;
    this.materials[index] = MATERIAL_CODE[material];
    this.masses[index] = mass;
    this.bodies[index] = body;
    this.lastReported[index] = -2;
    this.lastSounded[index] = -Infinity;
    if (!moving) return;
    collider.setActiveEvents(
      collider.activeEvents() | this.rapier.ActiveEvents.CONTACT_FORCE_EVENTS,
    );
    collider.setContactForceEventThreshold((mass * MIN_IMPACT_SPEED) / this.dt);
  }

  /** Stops `collider` sounding (call before it is removed from the world). */
  forget(collider: Collider): void {
    const index = colliderIndex(collider.handle);
    if (index >= this.materials.length) return;
    this.materials[index] = UNKNOWN;
    this.bodies[index] = null;
  }

  /** Lets a figure's or model prop's parts and MMD bodies sound as `material`. */
  registerOwner(owner: SoundingOwner, material: ImpactMaterial): void {
    for (const part of owner.ragdoll.parts) this.register(part.collider, material);
    for (const body of owner.mmd?.bodies ?? []) this.register(body.collider, material);
  }

  /** Stops a figure's or model prop's colliders sounding, before they are removed. */
  forgetOwner(owner: SoundingOwner): void {
    for (const part of owner.ragdoll.parts) this.forget(part.collider);
    for (const body of owner.mmd?.bodies ?? []) this.forget(body.collider);
  }

  /** After each `world.step(queue)`: reads the step's contacts and requests this step's sounds. */
  afterStep(): void {
    this.candidates = 0;
    this.queue.raw.drainContactForceEvents(this.onEvent as never);
    const now = this.time;
    for (let i = 0; i < this.candidates; i++) this.start(i, now);
    this.stepIndex++;
  }

  /** Requests the BLAST sound at `center` (metres) for a blast of `power` (m/s at the centre). */
  blast(center: Vec3Like, power: number): void {
    const gain = Math.min(1, 0.35 + (0.65 * power) / LOUD_BLAST);
    this.ring.push('blast', this.time, gain, 0.5, center.x, center.y, center.z);
  }

  /** Frees the event queue. */
  dispose(): void {
    this.queue.free();
  }

  private consider(event: RawForceEvent): void {
    const a = colliderIndex(event.collider1());
    const b = colliderIndex(event.collider2());
    const materialA = a < this.materials.length ? this.materials[a]! : UNKNOWN;
    const materialB = b < this.materials.length ? this.materials[b]! : UNKNOWN;
    if (materialA === UNKNOWN || materialB === UNKNOWN) return;
    const step = this.stepIndex;
    const movingA = materialA !== STAGE;
    const movingB = materialB !== STAGE;
    // Onset only: a body also reported in the step before is pressed, not struck.
    const onset =
      (movingA && this.lastReported[a]! < step - 1) ||
      (movingB && this.lastReported[b]! < step - 1);
    if (movingA) this.lastReported[a] = step;
    if (movingB) this.lastReported[b] = step;
    if (!onset) return;
    const impulse = event.total_force_magnitude() * this.dt;
    const speed = impulse / Math.min(this.masses[a]!, this.masses[b]!);
    if (!(speed >= MIN_IMPACT_SPEED)) return;
    const now = this.time;
    if (movingA && now - this.lastSounded[a]! < BODY_SOUND_INTERVAL) return;
    if (movingB && now - this.lastSounded[b]! < BODY_SOUND_INTERVAL) return;
    this.keepIfStrong(impulse, speed, a, b, kindOf(materialA, materialB));
  }

  /** Puts a hit into this step's strongest {@link MAX_IMPACT_VOICES}, strongest first. */
  private keepIfStrong(
    impulse: number,
    speed: number,
    a: number,
    b: number,
    kind: SoundKind,
  ): void {
    const impulses = this.candidateImpulse;
    let at = this.candidates;
    if (at === MAX_IMPACT_VOICES) {
      if (impulse <= impulses[at - 1]!) return;
      at--;
    } else {
      this.candidates++;
    }
    // Shift weaker ones down (insertion into a list of at most four).
    while (at > 0 && impulses[at - 1]! < impulse) {
      impulses[at] = impulses[at - 1]!;
      this.candidateSpeed[at] = this.candidateSpeed[at - 1]!;
      this.candidateA[at] = this.candidateA[at - 1]!;
      this.candidateB[at] = this.candidateB[at - 1]!;
      this.candidateKind[at] = this.candidateKind[at - 1]!;
      at--;
    }
    impulses[at] = impulse;
    this.candidateSpeed[at] = speed;
    this.candidateA[at] = a;
    this.candidateB[at] = b;
    this.candidateKind[at] = kind;
  }

  /** Starts candidate `i` if a voice is free, and requests its sound. */
  private start(i: number, now: number): void {
    const voice = this.freeVoice(now);
    if (voice < 0) return;
    const a = this.candidateA[i]!;
    const b = this.candidateB[i]!;
    // The same body may be in two of this step's hits; only its first (strongest) sounds.
    if (now - this.lastSounded[a]! < BODY_SOUND_INTERVAL) return;
    if (now - this.lastSounded[b]! < BODY_SOUND_INTERVAL) return;
    this.voiceEnds[voice] = now + VOICE_SECONDS;
    if (this.materials[a] !== STAGE) this.lastSounded[a] = now;
    if (this.materials[b] !== STAGE) this.lastSounded[b] = now;
    const loud =
      Math.log(this.candidateImpulse[i]! / QUIET_IMPULSE) / Math.log(LOUD_IMPULSE / QUIET_IMPULSE);
    const gain = 0.1 + 0.9 * clamp01(loud);
    const bright =
      Math.log(this.candidateSpeed[i]! / MIN_IMPACT_SPEED) /
      Math.log(BRIGHT_SPEED / MIN_IMPACT_SPEED);
    const at = this.hitPoint(a, b);
    this.ring.push(this.candidateKind[i]!, now, gain, clamp01(bright), at.x, at.y, at.z);
  }

  private freeVoice(now: number): number {
    const ends = this.voiceEnds;
    for (let v = 0; v < ends.length; v++) if (ends[v]! <= now) return v;
    return -1;
  }

  /**
   * Where the hit is heard from: between the two bodies, or at the moving one when the other
   * is the stage (force events carry no contact point; a body is at most a metre across).
   */
  private hitPoint(a: number, b: number): Vec3Like {
    const bodyA = this.materials[a] === STAGE ? null : this.bodies[a];
    const bodyB = this.materials[b] === STAGE ? null : this.bodies[b];
    if (bodyA && bodyB) {
      bodyA.translation(scratchA);
      bodyB.translation(scratchB);
      scratchA.x = (scratchA.x + scratchB.x) / 2;
      scratchA.y = (scratchA.y + scratchB.y) / 2;
      scratchA.z = (scratchA.z + scratchB.z) / 2;
      return scratchA;
    }
    const body = bodyA ?? bodyB;
    if (body) return body.translation(scratchA);
    scratchA.x = scratchA.y = scratchA.z = 0;
    return scratchA;
  }

  /** Grows the tables (at registration, never in a step) to hold `index`. */
  private ensureRoom(index: number): void {
    let size = this.materials.length;
    if (index < size) return;
    while (size <= index) size *= 2;
    this.materials = grow(this.materials, new Uint8Array(size));
    this.masses = grow(this.masses, new Float64Array(size));
    this.lastReported = grow(this.lastReported, new Float64Array(size).fill(-2));
    this.lastSounded = grow(this.lastSounded, new Float64Array(size).fill(-Infinity));
    const bodies = new Array<RigidBody | null>(size).fill(null);
    for (let i = 0; i < this.bodies.length; i++) bodies[i] = this.bodies[i]!;
    this.bodies = bodies;
  }
}

/** The sound of a hit between two materials: a ball's or box's, else the stage's, else a body's. */
function kindOf(a: number, b: number): SoundKind {
  if (a === BALL || b === BALL) return 'ball';
  if (a === BOX || b === BOX) return 'box';
  if (a === STAGE || b === STAGE) return 'stage';
  return 'body';
}

function clamp01(value: number): number {
  return value < 0 ? 0 : value > 1 ? 1 : value;
}

function grow<T extends Uint8Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
