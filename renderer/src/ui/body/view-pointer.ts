import type { SimBody } from '../../physics/sandbox';

/** The view as the pointer gestures use it (`RagdollView` fits). */
export interface PointerView {
  readonly canvas: HTMLCanvasElement;
  following: boolean;
  bodyAt(clientX: number, clientY: number): SimBody | undefined;
  focusFigure(figureId: number | null): void;
}

/** What the gestures report. */
export interface ViewPointerHandlers {
  /** A body was right-clicked at the page point (`x`, `y`). */
  onBodyMenu(body: SimBody, x: number, y: number): void;
  /** A grab was let go with Shift held: pin the held body there. */
  onShiftRelease(): void;
  /** A figure was double-clicked and the camera now orbits around it. */
  onFocused(figureId: number): void;
  /** The person started panning, which turned Follow off. */
  onFollowStopped(): void;
}

/**
 * The view's mouse gestures beyond grab and orbit: double-click a figure to orbit around it,
 * and a pan (right-drag, or a drag with Shift, Ctrl or ⌘) turns Follow off, since following
 * would pull the view straight back.
 */
export class ViewPointer {
  constructor(
    private readonly view: PointerView,
    private readonly handlers: ViewPointerHandlers,
  ) {
    view.canvas.addEventListener('dblclick', this.onDoubleClick);
    // Capture: seen before the orbit controls start their pan.
    view.canvas.addEventListener('pointerdown', this.onPointerDown, { capture: true });
    view.canvas.addEventListener('pointermove', this.onPointerMove);
    // Capture: seen before the grab lets go on the same release.
    view.canvas.addEventListener('pointerup', this.onPointerUp, { capture: true });
    view.canvas.addEventListener('contextmenu', this.onContextMenu);
  }

  /** The body under the pointer's last place over the view, if any. */
  bodyUnderPointer(): SimBody | undefined {
    return this.pointerX === null || this.pointerY === null
      ? undefined
      : this.view.bodyAt(this.pointerX, this.pointerY);
  }

  dispose(): void {
    this.view.canvas.removeEventListener('pointermove', this.onPointerMove);
    this.view.canvas.removeEventListener('pointerup', this.onPointerUp, { capture: true });
    this.view.canvas.removeEventListener('contextmenu', this.onContextMenu);
    this.view.canvas.removeEventListener('dblclick', this.onDoubleClick);
    this.view.canvas.removeEventListener('pointerdown', this.onPointerDown, { capture: true });
  }

  private pointerX: number | null = null;
  private pointerY: number | null = null;

  private readonly onPointerMove = (event: PointerEvent): void => {
    this.pointerX = event.clientX;
    this.pointerY = event.clientY;
  };

  private readonly onPointerUp = (event: PointerEvent): void => {
    if (event.shiftKey && event.button === 0) this.handlers.onShiftRelease();
  };

  private readonly onContextMenu = (event: MouseEvent): void => {
    const body = this.view.bodyAt(event.clientX, event.clientY);
    if (!body) return;
    event.preventDefault();
    this.handlers.onBodyMenu(body, event.clientX, event.clientY);
  };

  private readonly onDoubleClick = (event: MouseEvent): void => {
    const body = this.view.bodyAt(event.clientX, event.clientY);
    if (!body || body.kind === 'prop') return;
    this.view.focusFigure(body.ownerId);
    this.handlers.onFocused(body.ownerId);
  };

  private readonly onPointerDown = (event: PointerEvent): void => {
    const pans =
      event.button === 2 ||
      (event.button === 0 && (event.shiftKey || event.ctrlKey || event.metaKey));
    if (!pans || !this.view.following) return;
    // A press on a body is a grab or its menu, not a pan.
    if (this.view.bodyAt(event.clientX, event.clientY)) return;
    this.view.following = false;
    this.handlers.onFollowStopped();
  };
}
