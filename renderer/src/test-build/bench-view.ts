import type { FrameStatsSnapshot } from '../view/frame-stats';
import type { DrawCounts, ViewSandbox } from '../view/ragdoll-view';
import { RagdollView } from '../view/ragdoll-view';
import { FrameSectionTimes, type FrameSectionSnapshot } from './frame-section-times';

/** What every avatar benchmark page offers the benchmark about its frames. */
export interface BenchFrameHooks {
  /** The loop's frame times (as the app's `frameStats`). */
  frameStats(): FrameStatsSnapshot;
  /** Each frame split into sections (as the app's `?frame-sections`). */
  frameSections(): FrameSectionSnapshot;
  drawCounts(): DrawCounts;
  /** Avatars drawn. */
  avatars(): number;
}

/**
 * The one view of a benchmark page (the app's `RagdollView` over whatever sandbox the page
 * runs), made once, with its frames timed section by section, and the frame hooks read from it.
 */
export class BenchView {
  private view: RagdollView | null = null;
  private readonly sections = new FrameSectionTimes();

  /** @param page the page's name, for messages */
  constructor(private readonly page: string) {}

  /** Makes the view in the page's `#app`, every frame advancing `frameSeconds`. */
  make(sandbox: ViewSandbox, frameSeconds: number): RagdollView {
    if (this.view !== null) throw new Error(`bench: the ${this.page} page has already started`);
    this.view = new RagdollView(appElement(), sandbox, {
      fixedFrameSeconds: frameSeconds,
      frameSections: this.sections,
    });
    return this.view;
  }

  /** The view, once made. */
  get started(): RagdollView {
    if (this.view === null) throw new Error(`bench: the ${this.page} page has not started`);
    return this.view;
  }

  /** The frame hooks, read from the view. */
  hooks(): BenchFrameHooks {
    return {
      frameStats: () => this.started.stats.snapshot(),
      frameSections: () => this.sections.snapshot(),
      drawCounts: () => ({ ...this.started.drawCounts }),
      avatars: () => this.started.avatarCount,
    };
  }
}

/** The bytes at `url`; throws with the status when the answer is not OK. */
export async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`bench: ${url} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The page's `#app` element, which the view fills. */
export function appElement(): HTMLElement {
  const container = document.getElementById('app');
  if (container === null) throw new Error('bench: the page has no #app element');
  return container;
}
