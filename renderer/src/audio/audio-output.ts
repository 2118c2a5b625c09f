/**
 * The page's one audio graph: a master gain (VOLUME, mute) with a bus for impact sounds and
 * one for music. The `AudioContext` is made and resumed on the person's first click or key
 * press, because Chromium keeps a context made before any gesture suspended; until then
 * {@link AudioOutput.ready} is false and sounds are simply not started (never an error).
 *
 * Owns everything it creates; {@link AudioOutput.dispose} closes the context.
 */
export class AudioOutput {
  private context: AudioContext | null = null;
  private masterGain: GainNode | null = null;
  private impactGain: GainNode | null = null;
  private musicGain: GainNode | null = null;
  private volume = 0.8;
  private muted = false;
  private impactsOn = true;
  private musicOn = true;
  private readonly unlock = (): void => {
    const context = this.ensureContext();
    if (!context || context.state === 'running' || context.state === 'closed') return;
    // Refused now (the platform did not count this as a gesture): the next press tries again.
    context.resume().catch((error: unknown) => {
      console.warn('[sound] the audio could not start yet:', error);
    });
  };

  /**
   * @param createContext makes the context (tests pass one of their own; the app the
   *   platform's `AudioContext`). Returns null where the platform has no Web Audio.
   */
  constructor(
    private readonly createContext: () => AudioContext | null = () =>
      typeof AudioContext === 'function' ? new AudioContext({ latencyHint: 'interactive' }) : null,
  ) {}

  /**
   * Makes and resumes the context on the first pointer or key press on `target`, and resumes
   * it on every later one (a context the system suspended comes back with the next press).
   */
  unlockOn(target: EventTarget): void {
    target.addEventListener('pointerdown', this.unlock, { capture: true });
    target.addEventListener('keydown', this.unlock, { capture: true });
  }

  /** Stops listening for the unlocking gesture on `target`. */
  stopUnlockingOn(target: EventTarget): void {
    target.removeEventListener('pointerdown', this.unlock, { capture: true });
    target.removeEventListener('keydown', this.unlock, { capture: true });
  }

  /** Whether sounds started now are heard: a running context exists. */
  get ready(): boolean {
    return this.context?.state === 'running';
  }

  /** The context if one was made (on the first gesture), else null. */
  get audioContext(): AudioContext | null {
    return this.context;
  }

  /** Whether impact and blast sounds would be heard now (not muted, impacts on, VOLUME above 0). */
  get impactsAudible(): boolean {
    return !this.muted && this.impactsOn && this.volume > 0;
  }

  /** Whether music would be heard now (not muted, music on, VOLUME above 0). */
  get musicAudible(): boolean {
    return !this.muted && this.musicOn && this.volume > 0;
  }

  /**
   * The context, made on first call; null where the platform has no Web Audio or refuses
   * to make one (then the app is silent, never broken).
   */
  ensureContext(): AudioContext | null {
    if (this.context) return this.context;
    let context: AudioContext | null;
    try {
      context = this.createContext();
    } catch (error) {
      console.warn('[sound] no audio: the page could not make an AudioContext:', error);
      return null;
    }
    if (!context) return null;
    this.context = context;
    this.masterGain = context.createGain();
    this.impactGain = context.createGain();
    this.musicGain = context.createGain();
    this.impactGain.connect(this.masterGain);
    this.musicGain.connect(this.masterGain);
    this.masterGain.connect(context.destination);
    this.applyGains();
    return context;
  }

  /** Where impact and blast sounds connect; null before a context exists. */
  get impactBus(): AudioNode | null {
    return this.impactGain;
  }

  /** Where music connects; null before a context exists. */
  get musicBus(): AudioNode | null {
    return this.musicGain;
  }

  /** VOLUME, 0–1 (linear gain on the master bus). */
  setVolume(volume: number): void {
    this.volume = Math.min(1, Math.max(0, volume));
    this.applyGains();
  }

  /** Mutes or unmutes everything without losing VOLUME. */
  setMuted(muted: boolean): void {
    this.muted = muted;
    this.applyGains();
  }

  /** Turns impact and blast sounds on or off. */
  setImpactsOn(on: boolean): void {
    this.impactsOn = on;
    this.applyGains();
  }

  /** Turns music on or off. */
  setMusicOn(on: boolean): void {
    this.musicOn = on;
    this.applyGains();
  }

  /** Closes the context and drops every node. */
  dispose(): void {
    void this.context?.close().catch(() => undefined);
    this.context = null;
    this.masterGain = this.impactGain = this.musicGain = null;
  }

  private applyGains(): void {
    if (!this.context || !this.masterGain || !this.impactGain || !this.musicGain) return;
    const now = this.context.currentTime;
    // A short ramp, not a jump, so turning VOLUME or muting does not click.
    this.masterGain.gain.setTargetAtTime(this.muted ? 0 : this.volume, now, 0.01);
    this.impactGain.gain.setTargetAtTime(this.impactsOn ? 1 : 0, now, 0.01);
    this.musicGain.gain.setTargetAtTime(this.musicOn ? 1 : 0, now, 0.01);
  }
}
