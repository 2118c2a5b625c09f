import type { HostApi } from '../../../../shared/host-contract';
import type { VmcReceiveStatus, VmcSendStatus } from '../../../../shared/vmc-frame';
import { isVmcFrame } from '../../../../shared/vmc-frame';
import { LIVE_END_AFTER_S } from '../../motion/live-vmc-phase';
import type { LiveVmcMotion } from '../../motion/live-vmc-motion';
import type { VmcOutFigure } from '../../motion/vmc-out-pose';
import { VmcOutPoseWriter, createVmcOutFrame } from '../../motion/vmc-out-pose';
import type { FigureEntry, FigureTable } from '../../physics/sandbox';
import type { VmcOutFace } from '../../view/face/vmc-out-blends';
import { VmcOutBlends } from '../../view/face/vmc-out-blends';
import type { Language } from '../i18n';
import type { VmcPanelFields } from './vmc-panel';
import { VmcPanel } from './vmc-panel';
import type { VmcSettings } from './vmc-settings';
import { isVmcHost, isVmcPort, saveVmcSettings, savedVmcSettings } from './vmc-settings';
import type { VmcStrings } from './vmc-strings';
import { vmcStrings } from './vmc-strings';

/** How often the status lines are redrawn, ms. */
const STATUS_INTERVAL_MS = 250;

/** What the VMC controls talk to. */
export interface VmcControlsOptions {
  readonly window: Window;
  readonly host: HostApi | undefined;
  readonly storage: Storage | undefined;
  readonly language: Language;
  /** The figures' table, and their parts' poses (the `Sandbox` fits). */
  readonly sandbox: {
    readonly figureTable: FigureTable;
    readTransform(
      handle: number,
      position: { x: number; y: number; z: number },
      rotation: { x: number; y: number; z: number; w: number },
    ): boolean;
  };
  /** The motion list's live entry (`MotionActions` fits). */
  readonly motions: {
    readonly liveMotions: ReadonlySet<LiveVmcMotion>;
    readonly selected: string;
    setLiveOffered(on: boolean): void;
    endLive(): void;
  };
  /** The figure the camera orbits (by id), or null. */
  readonly focusedFigure: () => number | null;
  /** What a figure is drawn as, for sending its humanoid bones. */
  readonly figureInfo: (figureId: number) => VmcOutFigure;
  /** A figure's face (by id), for sending its expressions (null: none). */
  readonly figureFace?: (figureId: number) => VmcOutFace | null;
}

const position = { x: 0, y: 0, z: 0 };
const rotation = { x: 0, y: 0, z: 0, w: 1 };
const rootCenter = new Float64Array(3);

/**
 * VMC in the page: applies the section's settings (remembered), polls the host for the newest
 * received pose once per displayed frame and hands it to every figure playing Live (VMC),
 * ends Live (VMC) after 5 s without data, and sends the chosen figure's pose and face at 30 or
 * 60 Hz.
 */
export class VmcControls {
  readonly panel: VmcPanel;
  private settings: VmcSettings;
  private language: Language;
  private frameRequest = 0;
  private sequence = 0;
  private polling = false;
  private sendingFrame = false;
  private receiveStatus: VmcReceiveStatus | null = null;
  private sendStatus: VmcSendStatus | null = null;
  /** A settings problem to show instead of the status (a bad port …), per line. */
  private receiveProblem: string | null = null;
  private sendProblem: string | null = null;
  private lastStatusAt = -Infinity;
  private sendStartedAt = 0;
  private nextSendAt = 0;
  /** When Live (VMC) was last chosen (ms), so a stream that never starts also ends it. */
  private liveChosenAt: number | null = null;
  private readonly outFrame = createVmcOutFrame();
  private readonly outBlends = new VmcOutBlends();
  private readonly outPose = new VmcOutPoseWriter();
  private partRotations = new Float64Array(0);

  constructor(private readonly options: VmcControlsOptions) {
    this.language = options.language;
    this.settings = savedVmcSettings(options.storage);
    this.panel = new VmcPanel(options.window.document, options.language, (fields) =>
      this.onFields(fields),
    );
    this.panel.show(this.settings);
    if (!options.host) {
      this.panel.showReceiveStatus(this.text.noHost);
      this.panel.showSendStatus(this.text.noHost);
      return;
    }
    void this.applyReceive();
    void this.applySend();
    this.frameRequest = options.window.requestAnimationFrame(this.tick);
  }

  private get text(): VmcStrings {
    return vmcStrings(this.language);
  }

  setLanguage(language: Language): void {
    this.language = language;
    this.panel.setLanguage(language);
    this.lastStatusAt = -Infinity;
  }

  dispose(): void {
    this.options.window.cancelAnimationFrame(this.frameRequest);
  }

  private onFields(fields: VmcPanelFields): void {
    const receivePort = Number(fields.receivePort);
    const sendPort = Number(fields.sendPort);
    this.receiveProblem = isVmcPort(receivePort) ? null : this.text.badPort(fields.receivePort);
    this.sendProblem = !isVmcPort(sendPort)
      ? this.text.badPort(fields.sendPort)
      : !isVmcHost(fields.sendHost)
        ? this.text.badHost(fields.sendHost)
        : null;
    const previous = this.settings;
    this.settings = {
      receive: fields.receive,
      receivePort: this.receiveProblem ? previous.receivePort : receivePort,
      listen: fields.listen,
      send: fields.send,
      sendHost: this.sendProblem ? previous.sendHost : fields.sendHost,
      sendPort: this.sendProblem ? previous.sendPort : sendPort,
      sendRate: fields.sendRate,
    };
    saveVmcSettings(this.options.storage, this.settings);
    const receiveChanged =
      previous.receive !== this.settings.receive ||
      previous.receivePort !== this.settings.receivePort ||
      previous.listen !== this.settings.listen;
    if (receiveChanged) void this.applyReceive().then(() => this.applySend());
    else void this.applySend();
    this.lastStatusAt = -Infinity;
  }

  private async applyReceive(): Promise<void> {
    const host = this.options.host;
    if (!host) return;
    const { receive, receivePort, listen } = this.settings;
    try {
      this.receiveStatus = await host.vmcReceive({ on: receive, port: receivePort, listen });
    } catch (error) {
      this.receiveProblem = error instanceof Error ? error.message : String(error);
      return;
    }
    this.sequence = 0;
    this.options.motions.setLiveOffered(this.receiveStatus.listening);
  }

  private async applySend(): Promise<void> {
    const host = this.options.host;
    if (!host) return;
    const { send, sendHost, sendPort, receive, receivePort } = this.settings;
    const local = ['127.0.0.1', 'localhost'].includes(sendHost);
    if (send && receive && local && sendPort === receivePort) {
      this.sendProblem = this.text.samePort(sendPort);
      this.sendStatus = await host.vmcSend({ on: false, host: sendHost, port: sendPort });
      return;
    }
    try {
      this.sendStatus = await host.vmcSend({ on: send, host: sendHost, port: sendPort });
    } catch (error) {
      this.sendProblem = error instanceof Error ? error.message : String(error);
      return;
    }
    this.sendStartedAt = performance.now();
    this.nextSendAt = this.sendStartedAt;
  }

  private readonly tick = (now: number): void => {
    this.frameRequest = this.options.window.requestAnimationFrame(this.tick);
    if (this.receiveStatus?.listening) this.poll();
    this.watchLive(now);
    if (this.sendStatus?.sending && now >= this.nextSendAt) this.sendFigure(now);
    if (now - this.lastStatusAt >= STATUS_INTERVAL_MS) {
      this.lastStatusAt = now;
      this.showStatus();
    }
  };

  /** Asks for the newest pose unless a request is under way: at most one per displayed frame. */
  private poll(): void {
    if (this.polling) return;
    this.polling = true;
    this.options.host!.vmcPoll(this.sequence).then(
      ({ frame, status }) => {
        this.polling = false;
        this.receiveStatus = status;
        if (!frame || !isVmcFrame(frame)) return;
        this.sequence = frame.sequence;
        for (const motion of this.options.motions.liveMotions) motion.update(frame);
      },
      (error: unknown) => {
        this.polling = false;
        console.warn('[vmc] poll failed:', error);
      },
    );
  }

  /** Ends Live (VMC) once no data has come for 5 s (counting from when it was chosen). */
  private watchLive(now: number): void {
    const motions = this.options.motions;
    if (motions.selected !== 'live') {
      this.liveChosenAt = null;
      return;
    }
    this.liveChosenAt ??= now;
    const sinceChosen = (now - this.liveChosenAt) / 1000;
    const sinceData = this.receiveStatus?.secondsSinceData ?? Infinity;
    if (Math.min(sinceChosen, sinceData) >= LIVE_END_AFTER_S) {
      this.liveChosenAt = null;
      motions.endLive();
    }
  }

  /** The figure the camera orbits, else the first. */
  private sentFigure(): FigureEntry | undefined {
    const table = this.options.sandbox.figureTable;
    const focused = this.options.focusedFigure();
    return (focused === null ? undefined : table.entryOf(focused)) ?? table.figures[0];
  }

  private sendFigure(now: number): void {
    const interval = 1000 / this.settings.sendRate;
    this.nextSendAt = Math.max(this.nextSendAt + interval, now - interval);
    const figure = this.sentFigure();
    if (!figure || this.sendingFrame) return;
    const parts = figure.parts;
    if (this.partRotations.length !== parts.length * 4)
      this.partRotations = new Float64Array(parts.length * 4);
    const sandbox = this.options.sandbox;
    for (let p = 0; p < parts.length; p++) {
      sandbox.readTransform(parts[p]!.handle, position, rotation);
      this.partRotations[4 * p] = rotation.x;
      this.partRotations[4 * p + 1] = rotation.y;
      this.partRotations[4 * p + 2] = rotation.z;
      this.partRotations[4 * p + 3] = rotation.w;
    }
    sandbox.readTransform(figure.rootHandle, position, rotation);
    rootCenter[0] = position.x;
    rootCenter[1] = position.y;
    rootCenter[2] = position.z;
    const info = this.options.figureInfo(figure.id);
    this.outPose.write(
      figure.spec,
      info,
      this.partRotations,
      rootCenter,
      figure.slot,
      this.outFrame,
    );
    this.outBlends.write(this.options.figureFace?.(figure.id) ?? null, this.outFrame);
    this.sendingFrame = true;
    this.options.host!.vmcSendFrame(this.outFrame, (now - this.sendStartedAt) / 1000).then(
      (status) => {
        this.sendingFrame = false;
        this.sendStatus = status;
      },
      (error: unknown) => {
        this.sendingFrame = false;
        console.warn('[vmc] send failed:', error);
      },
    );
  }

  private showStatus(): void {
    const text = this.text;
    const r = this.receiveStatus;
    let receive: string;
    if (this.receiveProblem) receive = this.receiveProblem;
    else if (!r || (!r.listening && !r.problem)) receive = text.off;
    else if (r.problem) receive = r.problem;
    else if (r.secondsSinceData === null) receive = text.listening(r.address, r.port);
    else if (r.secondsSinceData >= 1) receive = text.noData(r.secondsSinceData);
    else receive = text.receiving(r.sender ?? '?', r.packetsPerSecond, r.badPackets);
    this.panel.showReceiveStatus(receive);
    const s = this.sendStatus;
    const send =
      this.sendProblem ??
      s?.problem ??
      (s?.sending && s.target ? text.sending(s.target, this.settings.sendRate) : text.off);
    this.panel.showSendStatus(send);
  }
}
