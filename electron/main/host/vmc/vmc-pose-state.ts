/**
 * The pose a VMC sender describes, built up message by message: `/VMC/Ext/Root/Pos`,
 * `/VMC/Ext/Bone/Pos`, `/VMC/Ext/Blend/Val` (held until `/VMC/Ext/Blend/Apply`),
 * `/VMC/Ext/OK` and `/VMC/Ext/T` (VMC protocol 2.x–3.x, sh-akira/VirtualMotionCaptureProtocol).
 * Other addresses are ignored. Positions and rotations are turned into our space as they
 * arrive (see shared/vmc-coordinates.ts).
 */

import { VMC_BONE_COUNT, vmcBoneIndex } from '../../../../shared/vmc-bones';
import { mirrorPosition, mirrorRotation } from '../../../../shared/vmc-coordinates';
import type { VmcFrame } from '../../../../shared/vmc-frame';
import type { OscMessage } from './osc-codec';
import { OscError, decodeOscPacket } from './osc-codec';
import {
  OP_APPLY,
  OP_BLEND,
  OP_BONE,
  OP_NUMBERS,
  OP_OK,
  OP_ROOT,
  OP_T,
  VmcFastReader,
} from './vmc-fast-reader';

/** Expression weights one sender may name; more are refused (no avatar has this many). */
const MAX_BLENDS = 256;

/** A message at a VMC address whose arguments are not what the protocol says. */
export class VmcMessageError extends OscError {}

/** Reads argument `i` of `m` as a finite number, or throws naming the address. */
function numberArg(m: OscMessage, i: number): number {
  const value = m.args[i];
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new VmcMessageError(`${m.address}: argument ${i + 1} must be a finite number`);
  return value;
}

function stringArg(m: OscMessage, i: number): string {
  const value = m.args[i];
  if (typeof value !== 'string')
    throw new VmcMessageError(`${m.address}: argument ${i + 1} must be a string`);
  return value;
}

/** A name and pose (position, rotation) message: `s` then 7 numbers (Root/Pos may add 6 more). */
function checkPose(m: OscMessage, scratch: Float64Array): string {
  if (m.args.length < 8) throw new VmcMessageError(`${m.address}: needs a name and 7 numbers`);
  const name = stringArg(m, 0);
  for (let i = 0; i < 7; i++) scratch[i] = numberArg(m, i + 1);
  const norm = Math.hypot(scratch[3]!, scratch[4]!, scratch[5]!, scratch[6]!);
  if (norm < 1e-6)
    throw new VmcMessageError(`${m.address} ${name}: the rotation is not a quaternion`);
  for (let i = 3; i < 7; i++) scratch[i] = scratch[i]! / norm;
  return name;
}

const FAST_ADDRESSES: Record<number, string> = {
  [OP_BONE]: '/VMC/Ext/Bone/Pos',
  [OP_ROOT]: '/VMC/Ext/Root/Pos',
  [OP_BLEND]: '/VMC/Ext/Blend/Val',
  [OP_OK]: '/VMC/Ext/OK',
  [OP_T]: '/VMC/Ext/T',
};

/**
 * Checks message `op` of `reader` as {@link checkMessage} checks a decoded one (the same
 * words), and for a pose leaves its 7 numbers, rotation normalised, in `scratch`.
 */
function checkRead(reader: VmcFastReader, op: number, scratch: Float64Array): void {
  const kind = reader.kinds[op]!;
  if (kind === OP_APPLY) return;
  const numbers = reader.numbers;
  const base = op * OP_NUMBERS;
  const count = kind === OP_BONE || kind === OP_ROOT ? 7 : 1;
  for (let i = 0; i < count; i++) {
    scratch[i] = numbers[base + i]!;
    if (!Number.isFinite(scratch[i]))
      throw new VmcMessageError(
        `${FAST_ADDRESSES[kind]}: argument ${kind === OP_OK || kind === OP_T ? 1 : i + 2} must be a finite number`,
      );
  }
  if (count === 1) return;
  const norm = Math.hypot(scratch[3]!, scratch[4]!, scratch[5]!, scratch[6]!);
  if (norm < 1e-6)
    throw new VmcMessageError(
      `${FAST_ADDRESSES[kind]} ${reader.names[op]}: the rotation is not a quaternion`,
    );
  for (let i = 3; i < 7; i++) scratch[i] = scratch[i]! / norm;
}

/**
 * Checks one message's arguments before anything of its packet is applied; returns false for
 * an address VMC does not define here (ignored).
 */
function checkMessage(m: OscMessage, scratch: Float64Array): boolean {
  switch (m.address) {
    case '/VMC/Ext/Root/Pos':
    case '/VMC/Ext/Bone/Pos':
      checkPose(m, scratch);
      return true;
    case '/VMC/Ext/Blend/Val':
      stringArg(m, 0);
      numberArg(m, 1);
      return true;
    case '/VMC/Ext/OK':
    case '/VMC/Ext/T':
      numberArg(m, 0);
      return true;
    case '/VMC/Ext/Blend/Apply':
      return true;
    default:
      return false;
  }
}

/** The latest pose received, updated in place. */
export class VmcPoseState {
  readonly rotations = new Float64Array(VMC_BONE_COUNT * 4);
  readonly received = new Uint8Array(VMC_BONE_COUNT);
  readonly hipsPosition = new Float64Array(3);
  readonly rootPosition = new Float64Array(3);
  readonly rootRotation = new Float64Array([0, 0, 0, 1]);
  /** The expressions applied last. */
  blendNames: string[] = [];
  blendValues = new Float64Array(0);
  /** Counts packets that changed the pose. */
  sequence = 0;
  /** The sender's `/VMC/Ext/T` time, seconds, or null before one. */
  senderTime: number | null = null;
  /** The sender's `/VMC/Ext/OK` loaded flag (1 = an avatar is loaded), or null before one. */
  loaded: number | null = null;
  private readonly pendingBlends = new Map<string, number>();
  private readonly scratch = new Float64Array(7);
  private readonly messages: OscMessage[] = [];
  private readonly collect = (m: OscMessage) => this.messages.push(m);
  private readonly fast = new VmcFastReader();

  /**
   * @param readFast - read the usual VMC messages straight from the bytes (default); false
   *   decodes every packet with `osc-min` (the tests compare the two)
   */
  constructor(private readonly readFast = true) {
    for (let i = 0; i < VMC_BONE_COUNT; i++) this.rotations[4 * i + 3] = 1;
  }

  /**
   * Decodes one datagram and applies its messages. Throws `OscError` (a `VmcMessageError` for
   * VMC arguments of the wrong kind) and then applies nothing of it.
   */
  applyPacket(bytes: Uint8Array): void {
    // What senders send every frame is read straight from the bytes; the rest by osc-min.
    if (this.readFast && this.fast.read(bytes)) {
      this.applyRead();
      return;
    }
    this.messages.length = 0;
    decodeOscPacket(bytes, this.collect);
    let known = 0;
    for (const m of this.messages) if (checkMessage(m, this.scratch)) known++;
    if (known === 0) return;
    let changed = false;
    for (const m of this.messages) changed = this.apply(m) || changed;
    if (changed) this.sequence++;
  }

  /** A copy of the pose for the page (allocates: at most once a displayed frame). */
  snapshot(): VmcFrame {
    return {
      sequence: this.sequence,
      rotations: this.rotations.slice(),
      received: this.received.slice(),
      hipsPosition: this.hipsPosition.slice(),
      rootPosition: this.rootPosition.slice(),
      rootRotation: this.rootRotation.slice(),
      blendNames: this.blendNames.slice(),
      blendValues: this.blendValues.slice(),
    };
  }

  /** Applies the messages the fast reader read, all checked first (as {@link applyPacket}). */
  private applyRead(): void {
    const reader = this.fast;
    const count = reader.count;
    if (count === 0) return;
    const s = this.scratch;
    for (let op = 0; op < count; op++) checkRead(reader, op, s);
    let changed = false;
    for (let op = 0; op < count; op++) {
      checkRead(reader, op, s);
      const name = reader.names[op]!;
      switch (reader.kinds[op]) {
        case OP_ROOT:
          changed = this.setRoot(s) || changed;
          break;
        case OP_BONE:
          changed = this.setBone(name, s) || changed;
          break;
        case OP_BLEND:
          this.setBlend(name, s[0]!);
          break;
        case OP_APPLY:
          changed = this.applyBlends() || changed;
          break;
        case OP_OK:
          this.loaded = s[0]!;
          break;
        case OP_T:
          this.senderTime = s[0]!;
          break;
      }
    }
    if (changed) this.sequence++;
  }

  /** Applies one checked message; true when the pose changed. */
  private apply(m: OscMessage): boolean {
    const s = this.scratch;
    switch (m.address) {
      case '/VMC/Ext/Root/Pos':
        checkPose(m, s);
        return this.setRoot(s);
      case '/VMC/Ext/Bone/Pos':
        return this.setBone(checkPose(m, s), s);
      case '/VMC/Ext/Blend/Val':
        this.setBlend(stringArg(m, 0), numberArg(m, 1));
        return false;
      case '/VMC/Ext/Blend/Apply':
        return this.applyBlends();
      case '/VMC/Ext/OK':
        this.loaded = numberArg(m, 0);
        return false;
      case '/VMC/Ext/T':
        this.senderTime = numberArg(m, 0);
        return false;
      default:
        return false;
    }
  }

  /** The root's pose from `s` (Unity position, normalised rotation). */
  private setRoot(s: Float64Array): boolean {
    mirrorPosition(s, 0, this.rootPosition, 0);
    mirrorRotation(s, 3, this.rootRotation, 0);
    return true;
  }

  /** Bone `name`'s pose from `s`; false for a bone VMC does not name (ignored). */
  private setBone(name: string, s: Float64Array): boolean {
    const index = vmcBoneIndex(name);
    if (index < 0) return false;
    mirrorRotation(s, 3, this.rotations, 4 * index);
    if (index === 0) mirrorPosition(s, 0, this.hipsPosition, 0);
    this.received[index] = 1;
    return true;
  }

  /** An expression's weight, held until the next Apply. */
  private setBlend(name: string, value: number): void {
    if (this.pendingBlends.size < MAX_BLENDS || this.pendingBlends.has(name))
      this.pendingBlends.set(name, Math.min(1, Math.max(0, value)));
  }

  private applyBlends(): boolean {
    if (this.pendingBlends.size === 0) return false;
    // Apply takes the weights sent since the last Apply on top of those before it.
    const merged = new Map<string, number>();
    this.blendNames.forEach((name, i) => merged.set(name, this.blendValues[i]!));
    for (const [name, value] of this.pendingBlends) merged.set(name, value);
    this.pendingBlends.clear();
    this.blendNames = [...merged.keys()].slice(0, MAX_BLENDS);
    this.blendValues = Float64Array.from(this.blendNames, (name) => merged.get(name)!);
    return true;
  }
}
