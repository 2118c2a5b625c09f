import { ariaKeyShortcuts, keyText } from '../../../../shared/commands';
import type { SoundSettings } from '../../audio/sound-settings';
import { labelCommandButton, make, makeCommandButton, makeSection } from '../files/file-list-dom';
import { makeCheckbox } from '../shell/labelled-controls';
import type { Slider } from '../shell/slider';
import { labelSlider, makeSlider, showSliderText } from '../shell/slider';
import type { Language } from '../i18n';
import { formatOffset, soundStrings } from './sound-strings';
import { MUSIC_OFFSET_MAX, MUSIC_OFFSET_STEP } from '../../audio/music-sync';
import './sound.css';

/** What the Sound section reports. */
export interface SoundPanelHandlers {
  /** VOLUME moved, 0..1. */
  onVolume(volume: number): void;
  onMuted(muted: boolean): void;
  onImpacts(on: boolean): void;
  onMusic(on: boolean): void;
  /** Open Music… pressed. */
  onOpenMusic(): void;
  /** MUSIC OFFSET moved, seconds. */
  onOffset(seconds: number): void;
}

/**
 * The Sound section of the left panel: VOLUME (0–100), Mute (with its key), and impact
 * sounds and music each on or off.
 */
export class SoundPanel {
  readonly element: HTMLElement;
  private readonly heading: HTMLElement;
  private readonly volume: Slider;
  private readonly checks: Record<'mute' | 'impacts' | 'music', HTMLInputElement>;
  private readonly checkText: Record<'mute' | 'impacts' | 'music', HTMLSpanElement>;
  private readonly openMusic: HTMLButtonElement;
  private readonly song: HTMLElement;
  private readonly offset: Slider;
  private language: Language;

  constructor(document: Document, language: Language, handlers: SoundPanelHandlers) {
    const { section, heading } = makeSection(document, 'sound');
    this.element = section;
    this.heading = heading;
    const volume = makeSlider(
      document,
      'volume',
      { min: 0, max: 100, step: 1, down: 'volume-down', up: 'volume-up' },
      'sound-volume',
    );
    this.volume = volume;
    volume.input.addEventListener('input', () => {
      this.showVolume(Number(volume.input.value));
      handlers.onVolume(Number(volume.input.value) / 100);
    });
    const labels: HTMLLabelElement[] = [];
    const check = (id: 'mute' | 'impacts' | 'music', onChange: (on: boolean) => void) => {
      const box = makeCheckbox(
        document,
        `sound-${id}`,
        { input: `sound-${id}`, label: 'sound-option', text: 'sound-option-text' },
        onChange,
      );
      labels.push(box.label);
      return box;
    };
    const mute = check('mute', (on) => handlers.onMuted(on));
    mute.input.setAttribute('aria-keyshortcuts', ariaKeyShortcuts('toggle-mute'));
    const impacts = check('impacts', (on) => handlers.onImpacts(on));
    impacts.input.setAttribute('aria-keyshortcuts', ariaKeyShortcuts('toggle-impact-sounds'));
    const music = check('music', (on) => handlers.onMusic(on));
    music.input.setAttribute('aria-keyshortcuts', ariaKeyShortcuts('toggle-music'));
    this.checks = { mute: mute.input, impacts: impacts.input, music: music.input };
    this.checkText = { mute: mute.text, impacts: impacts.text, music: music.text };
    this.openMusic = makeCommandButton(document, 'open-music', () => handlers.onOpenMusic());
    this.song = make(document, 'div', 'sound-song');
    const offset = makeSlider(
      document,
      'music-offset',
      {
        min: -MUSIC_OFFSET_MAX,
        max: MUSIC_OFFSET_MAX,
        step: MUSIC_OFFSET_STEP,
        down: 'music-offset-down',
        up: 'music-offset-up',
      },
      'sound-offset',
    );
    this.offset = offset;
    offset.input.value = '0';
    offset.input.addEventListener('input', () => {
      this.showOffset(Number(offset.input.value));
      handlers.onOffset(Number(offset.input.value));
    });
    const body = make(document, 'div', 'panel-group-body');
    body.append(volume.row, ...labels, this.openMusic, this.song, offset.row);
    section.append(body);
    this.language = language;
    this.setLanguage(language);
    this.showSong(null, 0);
  }

  /** Shows `settings` (after a key, or at start). */
  show(settings: SoundSettings): void {
    const percent = Math.round(settings.volume * 100);
    this.volume.input.value = String(percent);
    this.showVolume(percent);
    this.checks.mute.checked = settings.muted;
    this.checks.impacts.checked = settings.impacts;
    this.checks.music.checked = settings.music;
  }

  /** Shows the open song's name (null: none) and the offset, seconds. */
  showSong(fileName: string | null, offset: number): void {
    this.song.dataset['song'] = fileName ?? '';
    this.song.textContent = fileName ?? soundStrings(this.language).noMusic;
    this.offset.input.value = String(offset);
    this.showOffset(offset);
  }

  setLanguage(language: Language): void {
    this.language = language;
    const text = soundStrings(language);
    labelCommandButton(this.openMusic, 'open-music', language);
    if (!this.song.dataset['song']) this.song.textContent = text.noMusic;
    labelSlider(this.offset, text.offset, text.offsetHint);
    this.heading.textContent = text.group;
    labelSlider(this.volume, text.volume, text.volumeHint);
    this.checkText.mute.textContent = `${text.mute} (${keyText('toggle-mute')})`;
    this.checkText.impacts.textContent = `${text.impacts} (${keyText('toggle-impact-sounds')})`;
    this.checkText.music.textContent = `${text.music} (${keyText('toggle-music')})`;
  }

  dispose(): void {
    this.element.remove();
  }

  private showOffset(seconds: number): void {
    showSliderText(this.offset, formatOffset(seconds));
  }

  private showVolume(percent: number): void {
    showSliderText(this.volume, String(percent));
  }
}
