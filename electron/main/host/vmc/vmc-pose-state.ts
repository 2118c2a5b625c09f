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

  constructor() {
    for (let i = 0; i < VMC_BONE_COUNT; i++) this.rotations[4 * i + 3] = 1;
  }

  /**
   * Decodes one datagram and applies its messages. Throws `OscError` (a `VmcMessageError` for
   * VMC arguments of the wrong kind) and then applies nothing of it.
   */
  applyPacket(bytes: Uint8Array): void {
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

  /** Applies one checked message; true when the pose changed. */
  private apply(m: OscMessage): boolean {
    const s = this.scratch;
    switch (m.address) {
      case '/VMC/Ext/Root/Pos':
        checkPose(m, s);
        mirrorPosition(s, 0, this.rootPosition, 0);
        mirrorRotation(s, 3, this.rootRotation, 0);
        return true;
      case '/VMC/Ext/Bone/Pos': {
        const index = vmcBoneIndex(checkPose(m, s));
        if (index < 0) return false;
        mirrorRotation(s, 3, this.rotations, 4 * index);
        if (index === 0) mirrorPosition(s, 0, this.hipsPosition, 0);
        this.received[index] = 1;
        return true;
      }
      case '/VMC/Ext/Blend/Val': {
        const name = stringArg(m, 0);
        if (this.pendingBlends.size < MAX_BLENDS || this.pendingBlends.has(name))
          this.pendingBlends.set(name, Math.min(1, Math.max(0, numberArg(m, 1))));
        return false;
      }
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
