import './timeline.css';
import type { AppCommand } from '../../../../shared/commands';
import type { CommandOutcome } from '../shell/command-actions';
import { labelCommandButton, make, makeCommandButton } from '../files/file-list-dom';
import type { Language } from '../i18n';
import { commandLabel, strings } from '../i18n';
import type { SceneTimeline } from './scene-timeline';
import type { TimelineActions } from './timeline-actions';
import { formatOffset, formatSpan, frameAtPosition, shareOfFrame } from './timeline-math';

/** How often the bar redraws, ms: often enough for a smooth playhead, cheap when nothing moved. */
const REFRESH_MS = 50;

/** What the bar drives. */
export interface TimelineBarOptions {
  readonly timeline: SceneTimeline;
  readonly actions: TimelineActions;
  /** A button was pressed: runs the command as a key or menu item would. */
  readonly onCommand: (command: AppCommand) => void;
  /** Tells the person what a drag did. */
  readonly report: (outcome: CommandOutcome) => void;
}

/** The ARIA spelling of the bar's keys. */
const ARIA_KEYS: Partial<Record<AppCommand, string>> = {
  'timeline-play': 'Space',
  'timeline-back': 'ArrowLeft',
  'timeline-forward': 'ArrowRight',
  'timeline-resume': 'Enter',
};

/** The frame-step buttons show their arrow key only. */
const ARROWS: Partial<Record<AppCommand, string>> = {
  'timeline-back': '←',
  'timeline-forward': '→',
};

/**
 * The timeline along the bottom of the view: Pause/Play, one frame back and forward, the track
 * (the last 60 s; drag to scrub, Shift-drag to choose the export range, Shift-click for the
 * default range), how far back the frame shown is, the range's length and Resume from here.
 * The part of the track before the last figure change is greyed: it cannot be shown.
 */
export class TimelineBar {
  /** Put this in the page. */
  readonly element: HTMLElement;
  private readonly buttons = new Map<AppCommand, HTMLButtonElement>();
  private readonly track: HTMLElement;
  private readonly unreachable: HTMLElement;
  private readonly range: HTMLElement;
  private readonly head: HTMLElement;
  private readonly time: HTMLElement;
  private readonly rangeLabel: HTMLElement;
  private language: Language;
  private readonly timer: ReturnType<typeof setInterval>;
  /** What was last drawn, to touch the page only when something changed. */
  private drawn = '';
  /** While Shift-dragging: the frame the range started at, and whether the pointer moved. */
  private rangeAnchor: number | null = null;
  private rangeMoved = false;
  private scrubbing = false;

  constructor(
    private readonly document: Document,
    language: Language,
    private readonly options: TimelineBarOptions,
  ) {
    this.language = language;
    this.element = make(document, 'div', 'timeline-bar');
    this.element.setAttribute('role', 'group');
    this.track = make(document, 'div', 'timeline-track');
    this.track.tabIndex = 0;
    this.track.setAttribute('role', 'slider');
    this.track.setAttribute('aria-keyshortcuts', 'ArrowLeft ArrowRight');
    this.unreachable = make(document, 'div', 'timeline-unreachable');
    this.range = make(document, 'div', 'timeline-range');
    this.head = make(document, 'div', 'timeline-head');
    this.track.append(this.unreachable, this.range, this.head);
    // Not an <output>: that is a second status region; the track speaks the same words.
    this.time = make(document, 'span', 'timeline-time');
    this.time.setAttribute('aria-hidden', 'true');
    this.rangeLabel = make(document, 'span', 'timeline-range-label');
    this.element.append(
      this.button('timeline-play'),
      this.button('timeline-back'),
      this.button('timeline-forward'),
      this.track,
      this.time,
      this.rangeLabel,
      this.button('timeline-resume'),
    );
    this.track.addEventListener('pointerdown', this.onPointerDown);
    this.track.addEventListener('pointermove', this.onPointerMove);
    this.track.addEventListener('pointerup', this.onPointerUp);
    this.track.addEventListener('pointercancel', this.onPointerUp);
    this.setLanguage(language);
    this.timer = setInterval(() => this.refresh(), REFRESH_MS);
  }

  /** Relabels everything in `language`. */
  setLanguage(language: Language): void {
    this.language = language;
    const text = strings(language).timeline;
    this.element.setAttribute('aria-label', text.barLabel);
    this.track.setAttribute('aria-label', text.trackLabel);
    this.rangeLabel.title = text.rangeHint;
    for (const [command, button] of this.buttons) {
      labelCommandButton(button, command, language);
      button.setAttribute('aria-keyshortcuts', ARIA_KEYS[command] ?? '');
      if (command === 'timeline-play') this.twoWordLabel(button, text.pause, text.play);
      const arrow = ARROWS[command];
      if (arrow) {
        // A frame step is shown by its arrow alone, and named in full for screen readers.
        button.setAttribute('aria-label', commandLabel(command, language));
        button.querySelector('.panel-button-label')?.remove();
        const key = button.querySelector('.panel-key');
        if (key) key.textContent = arrow;
      }
    }
    this.drawn = '';
    this.refresh();
  }

  /** Shows the timeline as it is now (called every {@link REFRESH_MS} and after each action). */
  refresh(): void {
    const timeline = this.options.timeline;
    const recorder = timeline.recorder;
    const held = { first: recorder.firstFrame, last: recorder.lastFrame };
    const reachable = timeline.scrubbable;
    const shown = timeline.shownFrame;
    const range = timeline.rangeFrames();
    const key = `${held.first} ${held.last} ${reachable.first} ${shown} ${range?.first} ${range?.last} ${timeline.playing} ${this.language}`;
    if (key === this.drawn) return;
    this.drawn = key;
    const text = strings(this.language).timeline;
    const at = shown ?? held.last;
    const offset = formatOffset(at, held.last);
    this.unreachable.style.width = percent(shareOfFrame(reachable.first, held));
    this.head.style.left = percent(shareOfFrame(at, held));
    if (range) {
      const start = shareOfFrame(range.first, held);
      this.range.style.left = percent(start);
      this.range.style.width = percent(shareOfFrame(range.last, held) - start);
    }
    this.range.hidden = range === null;
    this.rangeLabel.textContent = range ? text.range(formatSpan(range)) : '';
    this.time.textContent = shown === null ? text.live : offset;
    this.track.setAttribute('aria-valuemin', String(reachable.first));
    this.track.setAttribute('aria-valuemax', String(held.last));
    this.track.setAttribute('aria-valuenow', String(at));
    this.track.setAttribute('aria-valuetext', shown === null ? text.live : text.shownAt(offset));
    this.element.dataset['state'] = timeline.playing
      ? 'playing'
      : shown === null
        ? 'live'
        : 'paused';
    const play = this.buttons.get('timeline-play');
    if (play) {
      play.dataset['word'] = shown === null || timeline.playing ? 'pause' : 'play';
      play.setAttribute('aria-pressed', String(shown !== null && !timeline.playing));
    }
    const resume = this.buttons.get('timeline-resume');
    if (resume) resume.disabled = shown === null;
  }

  /** Removes the bar and stops its redraws. */
  dispose(): void {
    clearInterval(this.timer);
    this.element.remove();
    this.buttons.clear();
  }

  /**
   * Puts both of the Pause/Play button's words in its label, one shown at a time (by its
   * `data-word`), so the button is always as wide as the longer word: the track beside it
   * never moves when the bar changes state (a drag aimed at the track as it was drawn a moment
   * ago would otherwise land beside it).
   */
  private twoWordLabel(button: HTMLButtonElement, pause: string, play: string): void {
    const label = button.querySelector('.panel-button-label');
    if (!label) return;
    label.classList.add('timeline-two-words');
    label.replaceChildren(
      make(this.document, 'span', 'timeline-word-pause', pause),
      make(this.document, 'span', 'timeline-word-play', play),
    );
  }

  private button(command: AppCommand): HTMLButtonElement {
    const button = makeCommandButton(this.document, command, () => {
      this.options.onCommand(command);
      this.refresh();
    });
    button.classList.add('timeline-button');
    this.buttons.set(command, button);
    return button;
  }

  private frameAt(event: PointerEvent): number {
    const box = this.track.getBoundingClientRect();
    const recorder = this.options.timeline.recorder;
    return frameAtPosition(event.clientX - box.left, box.width, {
      first: recorder.firstFrame,
      last: recorder.lastFrame,
    });
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    if (event.button !== 0) return;
    event.preventDefault();
    this.track.focus();
    this.track.setPointerCapture(event.pointerId);
    if (event.shiftKey) {
      this.rangeAnchor = this.frameAt(event);
      this.rangeMoved = false;
    } else {
      this.scrubbing = true;
      this.options.report(this.options.actions.scrubTo(this.frameAt(event)));
    }
    this.refresh();
  };

  private readonly onPointerMove = (event: PointerEvent): void => {
    if (this.rangeAnchor !== null) {
      const frame = this.frameAt(event);
      if (frame === this.rangeAnchor && !this.rangeMoved) return;
      this.rangeMoved = true;
      this.options.timeline.chooseRange(this.rangeAnchor, frame);
    } else if (this.scrubbing) {
      const outcome = this.options.actions.scrubTo(this.frameAt(event));
      if (outcome.kind !== 'none') this.options.report(outcome);
    } else return;
    this.refresh();
  };

  private readonly onPointerUp = (event: PointerEvent): void => {
    if (this.rangeAnchor !== null) {
      const actions = this.options.actions;
      this.options.report(
        this.rangeMoved
          ? actions.chooseRange(this.rangeAnchor, this.frameAt(event))
          : actions.clearRange(),
      );
      this.rangeAnchor = null;
    }
    this.scrubbing = false;
    if (this.track.hasPointerCapture(event.pointerId))
      this.track.releasePointerCapture(event.pointerId);
    this.refresh();
  };
}

function percent(share: number): string {
  return `${(share * 100).toFixed(3)}%`;
}
