import type { CommandOutcome, CommandTimeline } from '../shell/command-actions';
import type { SceneTimeline } from './scene-timeline';
import { formatOffset, formatSpan, spaceAction } from './timeline-math';
import type { TimelineStrings } from './timeline-strings';

const NOTHING: CommandOutcome = { kind: 'none', message: '' };

function status(message: string): CommandOutcome {
  return { kind: 'status', message };
}

/**
 * What the timeline's commands and the bar's mouse do to the {@link SceneTimeline}, and what
 * the person is told. Scrubbing stops at the last figure change (the view's models of older
 * figures are gone), and says so.
 */
export class TimelineActions implements CommandTimeline {
  constructor(
    private readonly timeline: SceneTimeline,
    private readonly text: () => TimelineStrings,
  ) {}

  playPause(): CommandOutcome {
    const timeline = this.timeline;
    const action = spaceAction({
      paused: !timeline.live,
      playing: timeline.playing,
      inPast: timeline.inPast,
    });
    switch (action) {
      case 'pause':
        timeline.pause();
        return status(this.text().paused);
      case 'play-back':
        timeline.play();
        return status(this.text().playingBack);
      case 'stop-playback':
        timeline.stopPlayback();
        return status(this.text().paused);
      case 'go-live':
        timeline.resume();
        return status(this.text().liveAgain);
    }
  }

  stepFrames(frames: number): CommandOutcome {
    const from = this.timeline.shownFrame ?? this.timeline.scrubbable.last;
    return this.scrubTo(from + frames);
  }

  /** Shows `frame` (pausing first), clamped to the frames that can be shown. */
  scrubTo(frame: number): CommandOutcome {
    const timeline = this.timeline;
    const shown = timeline.show(frame);
    // Stopped short of the oldest frame held: figures came or went there.
    if (frame < shown && shown > timeline.recorder.firstFrame)
      return status(this.text().figuresChanged);
    return NOTHING;
  }

  resumeHere(): CommandOutcome {
    const timeline = this.timeline;
    const shown = timeline.shownFrame;
    if (shown === null) return status(this.text().notPaused);
    const offset = formatOffset(shown, timeline.scrubbable.last);
    timeline.resume();
    return status(this.text().resumed(offset));
  }

  resumeForChange(): void {
    this.timeline.resumeForChange();
  }

  /** Chooses the export range between two frames (either order). */
  chooseRange(a: number, b: number): CommandOutcome {
    this.timeline.chooseRange(a, b);
    const range = this.timeline.rangeFrames();
    return range ? status(this.text().rangeChosen(formatSpan(range))) : NOTHING;
  }

  /** Back to the default export range, the last 10 s. */
  clearRange(): CommandOutcome {
    this.timeline.clearRange();
    return status(this.text().rangeDefault);
  }
}
