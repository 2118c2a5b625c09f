/**
 * What the VMC receiver hands on: the latest pose a sender described, already turned from
 * Unity's left-handed space into ours (metres, Y up, the figure facing +Z with its left at
 * +X), and how the receiver is doing. Crosses from the main process to the page.
 */

import { VMC_BONE_COUNT } from './vmc-bones';

/** The default port a VMC renderer ("Marionette") listens on. */
export const VMC_RECEIVE_PORT = 39539;
/** The default port a VMC motion processor ("Performer") listens on: where we send. */
export const VMC_SEND_PORT = 39540;

/** The latest pose received. Rotations are x, y, z, w quaternions. */
export interface VmcFrame {
  /** Counts up with every packet that changed the pose, so a reader can tell a new frame. */
  readonly sequence: number;
  /**
   * Each bone's local rotation (relative to its parent, away from a T-pose rest), 4 per bone
   * in `VMC_BONES` order; identity for a bone never received.
   */
  readonly rotations: Float64Array;
  /** 1 for each bone (in `VMC_BONES` order) the sender has named, else 0. */
  readonly received: Uint8Array;
  /** The hips' position relative to the root, metres (`/VMC/Ext/Bone/Pos Hips`). */
  readonly hipsPosition: Float64Array;
  /** The avatar root's position in the sender's world, metres (`/VMC/Ext/Root/Pos`). */
  readonly rootPosition: Float64Array;
  /** The avatar root's rotation in the sender's world. */
  readonly rootRotation: Float64Array;
  /** Expression names as sent (VRM 0 or VRM 1 names), applied with `/VMC/Ext/Blend/Apply`. */
  readonly blendNames: readonly string[];
  /** Their weights, 0..1, same order. */
  readonly blendValues: Float64Array;
}

/** What the receiver is doing, for the panel's status line. */
export interface VmcReceiveStatus {
  /** True while the socket is bound. */
  readonly listening: boolean;
  readonly port: number;
  /** `127.0.0.1` (this machine only) or `0.0.0.0` (the network). */
  readonly address: string;
  /** `host:port` of the last sender, or null before any packet. */
  readonly sender: string | null;
  /** Packets in the last second. */
  readonly packetsPerSecond: number;
  /** Packets since the receiver started. */
  readonly packets: number;
  /** Packets that were not VMC-shaped OSC and were dropped. */
  readonly badPackets: number;
  /** Seconds since the last good packet, or null before any. */
  readonly secondsSinceData: number | null;
  /** Why the socket is not listening (the port is in use …), or null. */
  readonly problem: string | null;
}

/** Whether `frame` (e.g. from IPC) has the shape of a {@link VmcFrame}, with finite numbers. */
export function isVmcFrame(frame: unknown): frame is VmcFrame {
  if (typeof frame !== 'object' || frame === null) return false;
  const f = frame as Partial<VmcFrame>;
  return (
    typeof f.sequence === 'number' &&
    finiteArray(f.rotations, VMC_BONE_COUNT * 4) &&
    f.received instanceof Uint8Array &&
    f.received.length === VMC_BONE_COUNT &&
    finiteArray(f.hipsPosition, 3) &&
    finiteArray(f.rootPosition, 3) &&
    finiteArray(f.rootRotation, 4) &&
    Array.isArray(f.blendNames) &&
    f.blendNames.every((name) => typeof name === 'string') &&
    finiteArray(f.blendValues, f.blendNames.length)
  );
}

function finiteArray(value: unknown, length: number): boolean {
  if (!(value instanceof Float64Array) || value.length !== length) return false;
  for (let i = 0; i < value.length; i++) if (!Number.isFinite(value[i])) return false;
  return true;
}

/** Where the receiver listens: this machine only, or every network interface. */
export type VmcListen = 'local' | 'network';

/** The panel's receive settings. */
export interface VmcReceiveRequest {
  readonly on: boolean;
  /** UDP port, 1024..65535. */
  readonly port: number;
  readonly listen: VmcListen;
}

/** The panel's send settings. */
export interface VmcSendRequest {
  readonly on: boolean;
  /** An IPv4 address or host name, e.g. `127.0.0.1`. */
  readonly host: string;
  /** UDP port, 1024..65535; not the port we receive on. */
  readonly port: number;
}

/** What the sender is doing. */
export interface VmcSendStatus {
  readonly sending: boolean;
  /** `host:port`, or null when not sending. */
  readonly target: string | null;
  /** Frames sent since sending began. */
  readonly frames: number;
  /** Why it does not send (or the last send failure), or null. */
  readonly problem: string | null;
}

/** What one poll of the receiver returns: the newest frame (if newer) and the status. */
export interface VmcPoll {
  readonly frame: VmcFrame | null;
  readonly status: VmcReceiveStatus;
}

/** The lowest port the panel accepts (below are the system's). */
export const VMC_PORT_MIN = 1024;
export const VMC_PORT_MAX = 65535;
