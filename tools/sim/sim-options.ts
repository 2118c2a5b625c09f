import { parseArgs } from 'node:util';
import type { BalanceAssistKind } from '../../renderer/src/physics/motion/balance-pin';
import type { SandboxOptions } from '../../renderer/src/physics/sandbox-settings';
import type { StiffnessMethod } from '../../renderer/src/physics/stiffness';

/** What `npm run sim` was asked to do. */
export interface SimOptions {
  readonly dolls: number;
  readonly seconds: number;
  readonly stiffness: number;
  /** Blast power after the dolls land, or null for none. */
  readonly blast: number | null;
  readonly props: number;
  readonly seed: number;
  readonly method: StiffnessMethod;
  /** A VRM, PMX or PMD file every doll is built from; absent for the box dummy. */
  readonly model?: string;
  /** With an MMD model: add its physics report (see `mmdPhysicsReport`). */
  readonly report: boolean;
  /** A motion every doll plays through the physics: `builtin:<name>` or a .vrma/.vmd path. */
  readonly motion?: string;
  /** Speed (m/s) of the ball thrown at the first doll's head 3 s in, or null for none. */
  readonly hitBall: number | null;
  /** What keeps dolls playing a motion upright: the pin joint (default) or Rapier's PidController. */
  readonly balance: BalanceAssistKind;
  /** Where to write the first doll's recorded motion (.vrma or .vmd). */
  readonly exportMotion?: string;
  /** The simulated seconds [start, end] to export (default: the whole run). */
  readonly exportRange?: readonly [number, number];
  /** Listen for VMC on 127.0.0.1 at this port and drive the figures from it (real time). */
  readonly vmcIn?: number;
  /** Send the first figure's pose as VMC to this address at 60 Hz (real time). */
  readonly vmcOut?: { readonly host: string; readonly port: number };
  /** Hang the first figure from a rope tied 1 m above this part's rest position. */
  readonly ropeFromWorld?: string;
  /** A .glb, .gltf, .pmx or .pmd file the scene stands on instead of the built-in stage. */
  readonly stage?: string;
  readonly json: boolean;
  readonly help: boolean;
}

/** The sandbox a run steps: the options' stiffness, seed, method and balance, room for 50 dolls. */
export function simSandboxOptions(options: SimOptions): SandboxOptions {
  return {
    stiffness: options.stiffness,
    seed: options.seed,
    stiffnessMethod: options.method,
    maxFigures: 50,
    balanceAssist: options.balance,
  };
}

export const SIM_USAGE = `Usage: npm run sim -- [options]

Builds the app's scene in Node, runs it and prints measurements.

  --dolls N          box dolls, 1-50 (default 1)
  --seconds S        simulated seconds, 0.1-600 (default 5)
  --stiffness K      STIFFNESS 0-100 (default 50)
  --blast P          a blast of power P (0-100) at the dolls after they land
  --props N          balls and boxes dropped in, 0-12 (default 0)
  --seed N           random seed for drops and blasts, integer (default 1)
  --method M         motor or pd-torque: how STIFFNESS pulls joints back (default motor)
  --model PATH       a VRM (0.x or 1.0), PMX or PMD file: every doll is built from its
                     skeleton instead of the box dummy; the JSON adds format, parts, joints
                     and bonesMissing, and for PMX/PMD also mmdBodies, mmdJoints and
                     warnings (the model's own rigid bodies and joints run too). A file
                     that is not a usable model exits with status 1
  --report           with a PMX/PMD model: add the physics report (shapes, types, groups,
                     masks, joint locks and springs, capsule axes under six Euler orders)
  --motion MOTION    every doll plays MOTION through the physics (builtin:stand,
                     builtin:wave, builtin:march, or a .vrma/.vmd path), starting from
                     standing in its rest pose; the JSON adds motion, trackingErrorRad,
                     pelvisHeightRatio, falls, recoveries and maxSecondsToRecover. A
                     motion that cannot be used exits with status 1
  --hit-ball SPEED   3 s in, throw the app's ball (0.3 m, density 150) from 3 m in
                     front of the first doll at its head at SPEED m/s (0-50)
  --balance B        pin or pid: what keeps dolls playing a motion upright, the app's
                     pin joint (default) or Rapier's PidController (for comparison)
  --export-motion OUT.vrma|OUT.vmd
                     write the first doll's recorded motion (30 fps) as a VRM Animation or
                     an MMD motion; the JSON adds exported (path, frames, bones)
  --export-range START:END
                     simulated seconds to export (default: the whole run)
  --vmc-in PORT      listen for VMC (OSC over UDP) on 127.0.0.1:PORT for --seconds of
                     real time; from the first packet on every doll follows the received
                     pose through the physics. The JSON adds vmcPackets, vmcBadPackets,
                     vmcSender and liveTrackingErrorRad (mean angle between each followed
                     joint and the received target while following). A port in use exits
                     with status 1
  --vmc-out HOST:PORT
                     send the first doll's pose as VMC to HOST:PORT at 60 Hz for --seconds
                     of real time (playing --motion if given); the JSON adds vmcFramesSent
                     and vmcDatagramsSent
  --rope-from-world PART
                     the first doll hangs from a rope tied 1 m above PART's rest
                     position (e.g. head, armL_lo); the JSON adds the rope's
                     largest stretch, ropeMaxStretchM (m)
  --stage FILE       a .glb/.gltf (metres) or .pmx/.pmd (0.08 m per unit) stage the
                     scene stands on instead of the built-in one; the figures drop
                     onto its floor. The JSON adds stage (triangles, bounds in metres)
                     and restingAt (each figure's pelvis at the end). A stage that
                     cannot be used exits with status 1
  --json             print one JSON object
  --help             this text`;

/** A bad command line; the message says which option and why. */
export class SimUsageError extends Error {
  override name = 'SimUsageError';
}

function numberOption(
  raw: string | undefined,
  name: string,
  min: number,
  max: number,
  fallback: number,
  integer = false,
): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value))
    throw new SimUsageError(`--${name} needs a number, not "${raw}"`);
  if (integer && !Number.isInteger(value))
    throw new SimUsageError(`--${name} needs a whole number, not ${raw}`);
  if (value < min || value > max)
    throw new SimUsageError(`--${name} must be between ${min} and ${max}, not ${raw}`);
  return value;
}

function modelOption(raw: string | undefined): { model?: string } {
  if (raw === undefined) return {};
  if (raw.trim() === '')
    throw new SimUsageError('--model needs the path of a .vrm, .pmx or .pmd file');
  return { model: raw };
}

function stageOption(raw: string | undefined): { stage?: string } {
  if (raw === undefined) return {};
  if (raw.trim() === '')
    throw new SimUsageError('--stage needs the path of a .glb, .gltf, .pmx or .pmd file');
  return { stage: raw };
}

function motionOption(raw: string | undefined): { motion?: string } {
  if (raw === undefined) return {};
  if (raw.trim() === '')
    throw new SimUsageError('--motion needs builtin:<name> or the path of a .vrma or .vmd file');
  return { motion: raw };
}

function exportOptions(
  path: string | undefined,
  range: string | undefined,
): { exportMotion?: string; exportRange?: readonly [number, number] } {
  if (path === undefined) {
    if (range !== undefined) throw new SimUsageError('--export-range needs --export-motion');
    return {};
  }
  if (!/\.(vrma|vmd)$/i.test(path))
    throw new SimUsageError(`--export-motion needs a path ending in .vrma or .vmd, not "${path}"`);
  if (range === undefined) return { exportMotion: path };
  const match = /^([0-9.]+):([0-9.]+)$/.exec(range.trim());
  const start = Number(match?.[1]);
  const end = Number(match?.[2]);
  if (!match || !Number.isFinite(start) || !Number.isFinite(end) || end <= start)
    throw new SimUsageError(
      `--export-range needs START:END in seconds with START < END, not "${range}"`,
    );
  return { exportMotion: path, exportRange: [start, end] };
}

/** A UDP port number option (1-65535). */
function portOption(raw: string, name: string): number {
  return numberOption(raw, name, 1, 65535, 0, true);
}

function vmcOptions(
  vmcIn: string | undefined,
  vmcOut: string | undefined,
  motion: string | undefined,
  exportMotion: string | undefined,
): { vmcIn?: number; vmcOut?: { host: string; port: number } } {
  if (vmcIn !== undefined && vmcOut !== undefined)
    throw new SimUsageError('--vmc-in and --vmc-out cannot be used together');
  if (vmcIn !== undefined && motion !== undefined)
    throw new SimUsageError('--vmc-in drives the dolls itself: leave out --motion');
  if ((vmcIn ?? vmcOut) !== undefined && exportMotion !== undefined)
    throw new SimUsageError('--export-motion cannot be used with --vmc-in or --vmc-out');
  if (vmcIn !== undefined) return { vmcIn: portOption(vmcIn, 'vmc-in') };
  if (vmcOut === undefined) return {};
  const match = /^([^:\s]+):(\d+)$/.exec(vmcOut.trim());
  if (!match)
    throw new SimUsageError(`--vmc-out needs HOST:PORT, e.g. 127.0.0.1:39540, not "${vmcOut}"`);
  return { vmcOut: { host: match[1]!, port: portOption(match[2]!, 'vmc-out') } };
}

/** True for a path the simulator reads as an MMD model (.pmx or .pmd, any case). */
export function isMmdPath(path: string): boolean {
  return /\.(pmx|pmd)$/i.test(path);
}

function ropeOption(part: string | undefined, vmc: string | undefined): { ropeFromWorld?: string } {
  if (part === undefined) return {};
  if (!/^[A-Za-z0-9_.-]+$/.test(part))
    throw new SimUsageError(`--rope-from-world needs a part name such as head, not "${part}"`);
  if (vmc !== undefined) throw new SimUsageError('--rope-from-world cannot be used with VMC');
  return { ropeFromWorld: part };
}

function reportOption(report: boolean, model: string | undefined): boolean {
  if (report && (model === undefined || !isMmdPath(model)))
    throw new SimUsageError('--report needs --model with a .pmx or .pmd file');
  return report;
}

/** Parses the simulator's command line. Throws {@link SimUsageError} for anything unknown or out of range. */
export function parseSimOptions(argv: readonly string[]): SimOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        dolls: { type: 'string' },
        seconds: { type: 'string' },
        stiffness: { type: 'string' },
        blast: { type: 'string' },
        props: { type: 'string' },
        seed: { type: 'string' },
        method: { type: 'string' },
        model: { type: 'string' },
        report: { type: 'boolean', default: false },
        motion: { type: 'string' },
        'hit-ball': { type: 'string' },
        balance: { type: 'string' },
        'export-motion': { type: 'string' },
        'export-range': { type: 'string' },
        'vmc-in': { type: 'string' },
        'vmc-out': { type: 'string' },
        'rope-from-world': { type: 'string' },
        stage: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new SimUsageError((error as Error).message);
  }
  const v = parsed.values;
  const method = v.method ?? 'motor';
  if (method !== 'motor' && method !== 'pd-torque') {
    throw new SimUsageError(`--method must be motor or pd-torque, not "${method}"`);
  }
  const balance = v.balance ?? 'pin';
  if (balance !== 'pin' && balance !== 'pid') {
    throw new SimUsageError(`--balance must be pin or pid, not "${balance}"`);
  }
  return {
    dolls: numberOption(v.dolls, 'dolls', 1, 50, 1, true),
    seconds: numberOption(v.seconds, 'seconds', 0.1, 600, 5),
    stiffness: numberOption(v.stiffness, 'stiffness', 0, 100, 50),
    blast: v.blast === undefined ? null : numberOption(v.blast, 'blast', 0, 100, 0),
    props: numberOption(v.props, 'props', 0, 12, 0, true),
    seed: numberOption(v.seed, 'seed', 0, 2 ** 32 - 1, 1, true),
    method,
    ...modelOption(v.model),
    report: reportOption(v.report, v.model),
    ...motionOption(v.motion),
    hitBall: v['hit-ball'] === undefined ? null : numberOption(v['hit-ball'], 'hit-ball', 0, 50, 0),
    balance,
    ...exportOptions(v['export-motion'], v['export-range']),
    ...vmcOptions(v['vmc-in'], v['vmc-out'], v.motion, v['export-motion']),
    ...ropeOption(v['rope-from-world'], v['vmc-in'] ?? v['vmc-out']),
    ...stageOption(v.stage),
    json: v.json,
    help: v.help,
  };
}
