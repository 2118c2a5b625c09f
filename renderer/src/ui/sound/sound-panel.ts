import { ariaKeyShortcuts, keyText } from '../../../../shared/commands';
import type { SoundSettings } from '../../audio/sound-settings';
import { labelCommandButton, make, makeCommandButton, makeSection } from '../files/file-list-dom';
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
  private readonly volume: HTMLInputElement;
  private readonly volumeLabel: HTMLLabelElement;
  private readonly volumeValue: HTMLOutputElement;
  private readonly checks: Record<'mute' | 'impacts' | 'music', HTMLInputElement>;
  private readonly checkText: Record<'mute' | 'impacts' | 'music', HTMLSpanElement>;
  private readonly openMusic: HTMLButtonElement;
  private readonly song: HTMLElement;
  private readonly offset: HTMLInputElement;
  private readonly offsetLabel: HTMLLabelElement;
  private readonly offsetValue: HTMLOutputElement;
  private language: Language;

  constructor(document: Document, language: Language, handlers: SoundPanelHandlers) {
    const { section, heading } = makeSection(document, 'sound');
    this.element = section;
    this.heading = heading;
    this.volume = make(document, 'input', 'sound-volume');
    this.volume.type = 'range';
    this.volume.id = 'slider-volume';
    this.volume.min = '0';
    this.volume.max = '100';
    this.volume.step = '1';
    this.volume.setAttribute(
      'aria-keyshortcuts',
      `${ariaKeyShortcuts('volume-down')} ${ariaKeyShortcuts('volume-up')}`,
    );
    this.volumeLabel = make(document, 'label', '');
    this.volumeLabel.htmlFor = this.volume.id;
    this.volumeValue = make(document, 'output', 'slider-value');
    this.volumeValue.setAttribute('aria-hidden', 'true');
    const top = make(document, 'div', 'slider-top');
    top.append(this.volumeLabel, this.volumeValue);
    const row = make(document, 'div', 'slider-row');
    row.append(top, this.volume);
    this.volume.addEventListener('input', () => {
      this.showVolume(Number(this.volume.value));
      handlers.onVolume(Number(this.volume.value) / 100);
    });
    const labels: HTMLLabelElement[] = [];
    const check = (id: 'mute' | 'impacts' | 'music', onChange: (on: boolean) => void) => {
      const input = make(document, 'input', `sound-${id}`);
      input.type = 'checkbox';
      input.id = `sound-${id}`;
      input.addEventListener('change', () => onChange(input.checked));
      const label = make(document, 'label', 'sound-option');
      label.htmlFor = input.id;
      const text = make(document, 'span', 'sound-option-text');
      label.append(input, text);
      labels.push(label);
      return { input, text };
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
    this.offset = make(document, 'input', 'sound-offset');
    this.offset.type = 'range';
    this.offset.id = 'slider-music-offset';
    this.offset.min = String(-MUSIC_OFFSET_MAX);
    this.offset.max = String(MUSIC_OFFSET_MAX);
    this.offset.step = String(MUSIC_OFFSET_STEP);
    this.offset.value = '0';
    this.offset.setAttribute(
      'aria-keyshortcuts',
      `${ariaKeyShortcuts('music-offset-down')} ${ariaKeyShortcuts('music-offset-up')}`,
    );
    this.offsetLabel = make(document, 'label', '');
    this.offsetLabel.htmlFor = this.offset.id;
    this.offsetValue = make(document, 'output', 'slider-value');
    this.offsetValue.setAttribute('aria-hidden', 'true');
    const offsetTop = make(document, 'div', 'slider-top');
    offsetTop.append(this.offsetLabel, this.offsetValue);
    const offsetRow = make(document, 'div', 'slider-row');
    offsetRow.append(offsetTop, this.offset);
    this.offset.addEventListener('input', () => {
      this.showOffset(Number(this.offset.value));
      handlers.onOffset(Number(this.offset.value));
    });
    const body = make(document, 'div', 'panel-group-body');
    body.append(row, ...labels, this.openMusic, this.song, offsetRow);
    section.append(body);
    this.language = language;
    this.setLanguage(language);
    this.showSong(null, 0);
  }

  /** Shows `settings` (after a key, or at start). */
  show(settings: SoundSettings): void {
    const percent = Math.round(settings.volume * 100);
    this.volume.value = String(percent);
    this.showVolume(percent);
    this.checks.mute.checked = settings.muted;
    this.checks.impacts.checked = settings.impacts;
    this.checks.music.checked = settings.music;
  }

  /** Shows the open song's name (null: none) and the offset, seconds. */
  showSong(fileName: string | null, offset: number): void {
    this.song.dataset['song'] = fileName ?? '';
    this.song.textContent = fileName ?? soundStrings(this.language).noMusic;
    this.offset.value = String(offset);
    this.showOffset(offset);
  }

  setLanguage(language: Language): void {
    this.language = language;
    const text = soundStrings(language);
    labelCommandButton(this.openMusic, 'open-music', language);
    if (!this.song.dataset['song']) this.song.textContent = text.noMusic;
    this.offsetLabel.textContent = text.offset;
    this.offset.title = text.offsetHint;
    this.heading.textContent = text.group;
    this.volumeLabel.textContent = text.volume;
    this.volume.title = text.volumeHint;
    this.checkText.mute.textContent = `${text.mute} (${keyText('toggle-mute')})`;
    this.checkText.impacts.textContent = `${text.impacts} (${keyText('toggle-impact-sounds')})`;
    this.checkText.music.textContent = `${text.music} (${keyText('toggle-music')})`;
  }

  dispose(): void {
    this.element.remove();
  }

  private showOffset(seconds: number): void {
    const text = formatOffset(seconds);
    this.offsetValue.textContent = text;
    this.offset.setAttribute('aria-valuetext', text);
  }

  private showVolume(percent: number): void {
    this.volumeValue.textContent = String(percent);
    this.volume.setAttribute('aria-valuetext', `${percent}`);
  }
}
