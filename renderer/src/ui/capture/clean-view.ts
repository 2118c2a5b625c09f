/**
 * CLEAN VIEW: the page shows only the 3D view, over the whole window. Everything else in
 * `root` (panel, status, timeline bar, help, menus) is hidden by one class (see capture.css),
 * so a control added later is hidden too. A small hint says how to come back and fades
 * after 3 s (a CSS animation, see capture.css); it lets the pointer through, so the scene can still be orbited
 * and grabbed under it.
 */
export class CleanView {
  private readonly hint: HTMLElement;
  private activeValue = false;

  constructor(private readonly root: HTMLElement) {
    this.hint = root.ownerDocument.createElement('div');
    this.hint.className = 'clean-view-hint';
    this.hint.setAttribute('role', 'status');
  }

  /** True while only the scene is shown. */
  get active(): boolean {
    return this.activeValue;
  }

  /** Hides every control and shows `hint` (the words for how to come back). */
  enter(hint: string): void {
    this.activeValue = true;
    this.root.classList.add('clean-view');
    this.hint.textContent = hint;
    // Put in again, so its fade starts over each time the view is entered.
    this.hint.remove();
    this.root.append(this.hint);
  }

  /** Brings every control back. */
  leave(): void {
    this.activeValue = false;
    this.root.classList.remove('clean-view');
    this.hint.remove();
  }

  dispose(): void {
    this.leave();
  }
}
