import { AudioOutput } from '../../audio/audio-output';
import { renderClipAudio } from '../../audio/clip-audio';
import { ImpactPlayer } from '../../audio/impact-player';
import type { SoundLogEntry } from '../../audio/sound-log';
import type { SoundRecordingClock } from '../../audio/recorded-sounds';
import { RecordedSounds } from '../../audio/recorded-sounds';
import type { SoundSettings } from '../../audio/sound-settings';
import { readSoundSettings, saveSoundSettings } from '../../audio/sound-settings';
import type { SoundRequestRing } from '../../physics/sound/sound-requests';
import type { CommandSound } from '../shell/command-actions';
import type { Language } from '../i18n';
import type { MusicControlsOptions } from './music-controls';
import { MusicControls } from './music-controls';
import { SoundPanel } from './sound-panel';
import { soundStrings } from './sound-strings';

/** What the sound controls need from the app. */
export interface SoundControlsOptions {
  readonly window: Window;
  readonly storage: Storage | undefined;
  readonly language: Language;
  /** The sandbox's sound requests (null: it makes none). */
  readonly requests: SoundRequestRing | null;
  /** Where a world point (metres) is across the view, −1 left .. 1 right. */
  readonly screenX: (x: number, y: number, z: number) => number;
  /** What the music needs (its output and strings come from here). */
  readonly music: Omit<
    MusicControlsOptions,
    'window' | 'output' | 'strings' | 'onChanged' | 'recorded'
  >;
  /**
   * The recording's clock and the sandbox's step count, so what is heard is kept beside the
   * recorded frames for clips; absent: nothing is kept.
   */
  readonly recording?: { readonly clock: SoundRecordingClock; readonly steps: () => number };
}

/**
 * Sound as the person meets it: the page's audio output, the impact player, the Sound
 * section of the panel and the mute key, with the settings remembered across restarts.
 */
export class SoundControls {
  readonly panel: SoundPanel;
  readonly output: AudioOutput;
  private readonly player: ImpactPlayer;
  /** The song for the motion and its offset. */
  readonly music: MusicControls;
  /** What was heard, on the recording's clock (null without a recording). */
  readonly recorded: RecordedSounds | null;
  private settings: SoundSettings;
  private language: Language;

  constructor(private readonly options: SoundControlsOptions) {
    this.settings = readSoundSettings(options.storage);
    this.language = options.language;
    this.output = new AudioOutput();
    this.output.unlockOn(options.window);
    this.recorded = options.recording
      ? new RecordedSounds(options.recording.clock, options.recording.steps)
      : null;
    this.player = new ImpactPlayer(
      this.output,
      options.requests,
      options.screenX,
      undefined,
      this.recorded,
    );
    this.player.start();
    this.panel = new SoundPanel(options.window.document, options.language, {
      onVolume: (volume) => this.change({ volume }),
      onMuted: (muted) => this.change({ muted }),
      onImpacts: (impacts) => this.change({ impacts }),
      onMusic: (music) => this.change({ music }),
      onOpenMusic: () => void this.music.openMusic(),
      onOffset: (seconds) => this.music.setOffset(seconds),
    });
    this.music = new MusicControls({
      ...options.music,
      window: options.window,
      output: this.output,
      strings: () => soundStrings(this.language),
      recorded: this.recorded,
      onChanged: () => this.panel.showSong(this.music.songName, this.music.offset),
    });
    this.apply();
  }

  /** The settings now. */
  get current(): SoundSettings {
    return this.settings;
  }

  /** Impact and blast sounds started so far, for the test build. */
  get log(): readonly SoundLogEntry[] {
    return this.player.log;
  }

  /** The sound commands (keys, menu), each saying what it did in `language()`. */
  commands(language: () => Language): CommandSound {
    const text = () => soundStrings(language());
    return {
      toggleMute: () => {
        this.change({ muted: !this.settings.muted });
        return this.settings.muted ? text().muted : text().unmuted;
      },
      nudgeVolume: (delta) => {
        const volume = Math.round(Math.min(1, Math.max(0, this.settings.volume + delta)) * 100);
        this.change({ volume: volume / 100 });
        return text().volumeSet(volume);
      },
      toggleImpacts: () => {
        this.change({ impacts: !this.settings.impacts });
        return text().impactsSet(this.settings.impacts);
      },
      toggleMusic: () => {
        this.change({ music: !this.settings.music });
        return text().musicSet(this.settings.music);
      },
      openMusic: () => void this.music.openMusic(),
      nudgeOffset: (delta) => {
        this.music.setOffset(this.music.offset + delta);
        return text().offsetSet(this.music.offset);
      },
    };
  }

  /**
   * The sound of a clip `seconds` long starting at the recording's step `startStep`: the
   * song (when Music is on) and the impact and blast sounds (when Impacts are on), rendered
   * offline. VOLUME and mute are this computer's listening level and leave the clip alone.
   * Null when nothing was kept (no recording).
   */
  clipAudio(startStep: number, seconds: number): Promise<AudioBuffer> | null {
    if (!this.recorded) return null;
    return renderClipAudio({
      startStep,
      seconds,
      sounds: this.recorded,
      song: this.settings.music ? this.music.clipSong() : null,
      impacts: this.settings.impacts,
    });
  }

  setLanguage(language: Language): void {
    this.language = language;
    this.panel.setLanguage(language);
  }

  dispose(): void {
    this.output.stopUnlockingOn(this.options.window);
    this.player.dispose();
    this.music.dispose();
    this.panel.dispose();
    this.output.dispose();
  }

  private change(change: Partial<SoundSettings>): void {
    this.settings = { ...this.settings, ...change };
    saveSoundSettings(this.options.storage, this.settings);
    this.apply();
  }

  private apply(): void {
    const settings = this.settings;
    this.output.setVolume(settings.volume);
    this.output.setMuted(settings.muted);
    this.output.setImpactsOn(settings.impacts);
    this.output.setMusicOn(settings.music);
    this.panel.show(settings);
  }
}
