import './drop-target.css';
import type { CastStrings } from './cast-strings';

type DropLabels = Pick<CastStrings, 'dropTitle' | 'dropAddTitle' | 'dropHint'>;

/**
 * The drop target: while a file is dragged over the window, the whole window is outlined
 * and says what dropping does (open it, or with Shift held add it beside the figures). It
 * goes when the drag leaves the window, ends in a drop, or Escape is pressed. It only shows;
 * `ModelInput` takes the drop. It lets pointer events through, so it never becomes the
 * drag's target itself.
 */
export class DropTarget {
  /** Put this in the page. */
  readonly element: HTMLElement;
  private readonly title: HTMLElement;
  private readonly hint: HTMLElement;
  private labels: DropLabels;
  /** `dragenter`s not yet matched by a `dragleave` (each child entered counts). */
  private depth = 0;
  private adding = false;

  constructor(
    private readonly window: Window,
    labels: DropLabels,
  ) {
    const document = window.document;
    this.labels = labels;
    this.element = document.createElement('div');
    this.element.className = 'drop-target';
    this.element.hidden = true;
    // The words are for sighted people dragging with a mouse; the outcome is announced later.
    this.element.setAttribute('aria-hidden', 'true');
    this.title = document.createElement('p');
    this.title.className = 'drop-target-title';
    this.hint = document.createElement('p');
    this.hint.className = 'drop-target-hint';
    this.element.append(this.title, this.hint);
    this.render();
    window.addEventListener('dragenter', this.onDragEnter);
    window.addEventListener('dragover', this.onDragOver);
    window.addEventListener('dragleave', this.onDragLeave);
    window.addEventListener('drop', this.onEnd);
    window.addEventListener('dragend', this.onEnd);
    window.addEventListener('keydown', this.onKeyDown);
  }

  /** True while the target is shown. */
  get shown(): boolean {
    return !this.element.hidden;
  }

  setLabels(labels: DropLabels): void {
    this.labels = labels;
    this.render();
  }

  dispose(): void {
    this.window.removeEventListener('dragenter', this.onDragEnter);
    this.window.removeEventListener('dragover', this.onDragOver);
    this.window.removeEventListener('dragleave', this.onDragLeave);
    this.window.removeEventListener('drop', this.onEnd);
    this.window.removeEventListener('dragend', this.onEnd);
    this.window.removeEventListener('keydown', this.onKeyDown);
    this.element.remove();
  }

  private readonly onDragEnter = (event: DragEvent): void => {
    if (!carriesFiles(event)) return;
    this.depth += 1;
    this.show(event.shiftKey);
  };

  private readonly onDragOver = (event: DragEvent): void => {
    // A drag that started outside the page may arrive without a dragenter on the window.
    if (!carriesFiles(event)) return;
    if (this.depth === 0) this.depth = 1;
    this.show(event.shiftKey);
  };

  private readonly onDragLeave = (event: DragEvent): void => {
    if (!this.shown) return;
    this.depth = Math.max(0, this.depth - 1);
    // relatedTarget null: the pointer left the window (or the drag was cancelled).
    if (this.depth === 0 || event.relatedTarget === null) this.hide();
  };

  private readonly onEnd = (): void => this.hide();

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && this.shown) this.hide();
  };

  private show(adding: boolean): void {
    if (this.shown && adding === this.adding) return;
    this.adding = adding;
    this.element.classList.toggle('drop-target-adding', adding);
    this.element.hidden = false;
    this.render();
  }

  private hide(): void {
    this.depth = 0;
    this.element.hidden = true;
  }

  private render(): void {
    this.title.textContent = this.adding ? this.labels.dropAddTitle : this.labels.dropTitle;
    this.hint.textContent = this.labels.dropHint;
  }
}

/** Whether a drag carries files (not text or a link dragged inside the page). */
function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}
