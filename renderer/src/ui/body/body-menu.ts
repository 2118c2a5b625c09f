/** One entry of the menu. */
export interface BodyMenuItem {
  readonly label: string;
  readonly run: () => void;
}

/**
 * The small menu a right-click on a body opens (Pin here or Unpin, Delete, Focus): a
 * `role=menu` list at the pointer, reached with the arrow keys and Tab; a choice, Esc or a
 * press anywhere else closes it.
 */
export class BodyMenu {
  /** Put this in the page. */
  readonly element: HTMLElement;

  constructor(private readonly document: Document) {
    this.element = document.createElement('div');
    this.element.className = 'body-menu';
    this.element.setAttribute('role', 'menu');
    this.element.hidden = true;
    this.element.addEventListener('keydown', this.onKeyDown);
  }

  /** True while the menu is shown. */
  get isOpen(): boolean {
    return !this.element.hidden;
  }

  /** Shows `items` at the page point (`x`, `y`), named `label`, and focuses the first. */
  open(x: number, y: number, label: string, items: readonly BodyMenuItem[]): void {
    this.element.setAttribute('aria-label', label);
    this.element.replaceChildren(
      ...items.map((item) => {
        const button = this.document.createElement('button');
        button.type = 'button';
        button.className = 'body-menu-item';
        button.setAttribute('role', 'menuitem');
        button.textContent = item.label;
        button.addEventListener('click', () => {
          this.close();
          item.run();
        });
        return button;
      }),
    );
    this.element.hidden = false;
    // Kept inside the window: a menu opened near an edge opens toward the middle.
    const view = this.document.defaultView;
    const width = this.element.offsetWidth;
    const height = this.element.offsetHeight;
    const left = Math.min(x, (view?.innerWidth ?? x + width) - width - 4);
    const top = Math.min(y, (view?.innerHeight ?? y + height) - height - 4);
    this.element.style.left = `${Math.max(4, left)}px`;
    this.element.style.top = `${Math.max(4, top)}px`;
    this.items()[0]?.focus();
    this.document.addEventListener('pointerdown', this.onOutside, { capture: true });
  }

  /** Hides the menu. */
  close(): void {
    if (!this.isOpen) return;
    this.element.hidden = true;
    this.document.removeEventListener('pointerdown', this.onOutside, { capture: true });
  }

  dispose(): void {
    this.close();
    this.element.remove();
  }

  private items(): HTMLButtonElement[] {
    return Array.from(this.element.querySelectorAll<HTMLButtonElement>('.body-menu-item'));
  }

  private readonly onOutside = (event: Event): void => {
    if (event.target instanceof Node && this.element.contains(event.target)) return;
    this.close();
  };

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      this.close();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    // Arrows move between entries and must not reach the app's own keys.
    event.stopPropagation();
    const items = this.items();
    const at = items.indexOf(this.document.activeElement as HTMLButtonElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    items[(at + step + items.length) % items.length]?.focus();
  };
}
