import { rememberInStorage } from '../../page-storage';

/** Where the collapsed sections are remembered (a JSON list of their heading ids). */
const STORAGE_KEY = 'ragdoll-playground.collapsed-sections';

/**
 * Makes the panel's sections collapsible: each `section.panel-group` gets a small disclosure
 * button (named by the section's heading, `aria-expanded`), and a click on the heading does
 * the same. Which sections are collapsed is kept in `storage`, so the panel opens as it was
 * left. A collapsed section keeps only its heading in view (see `app.css`).
 */
export class CollapsibleSections {
  private readonly collapsed: Set<string>;
  private readonly toggles: HTMLButtonElement[] = [];

  constructor(
    root: HTMLElement,
    private readonly storage: Storage | undefined,
  ) {
    this.collapsed = new Set(readCollapsed(storage));
    for (const section of root.querySelectorAll<HTMLElement>('section.panel-group')) {
      const heading = section.querySelector<HTMLElement>(':scope > .panel-group-title');
      if (heading?.id) this.attach(section, heading);
    }
  }

  /** Whether the section headed by `headingId` is collapsed. */
  isCollapsed(headingId: string): boolean {
    return this.collapsed.has(headingId);
  }

  /** Removes the toggles (their listeners go with them). */
  dispose(): void {
    for (const toggle of this.toggles) toggle.remove();
    this.toggles.length = 0;
  }

  private attach(section: HTMLElement, heading: HTMLElement): void {
    const toggle = section.ownerDocument.createElement('button');
    toggle.type = 'button';
    toggle.className = 'panel-group-toggle';
    // Named by its section's heading, so it follows the language with it.
    toggle.setAttribute('aria-labelledby', heading.id);
    const flip = (): void => this.set(section, toggle, heading.id, !this.collapsed.has(heading.id));
    toggle.addEventListener('click', flip);
    heading.addEventListener('click', flip);
    heading.after(toggle);
    this.toggles.push(toggle);
    this.show(section, toggle, this.collapsed.has(heading.id));
  }

  private set(
    section: HTMLElement,
    toggle: HTMLButtonElement,
    id: string,
    collapse: boolean,
  ): void {
    if (collapse) this.collapsed.add(id);
    else this.collapsed.delete(id);
    this.show(section, toggle, collapse);
    // A full or locked storage only costs remembering; the section still folds.
    rememberInStorage(
      this.storage,
      STORAGE_KEY,
      JSON.stringify([...this.collapsed]),
      '[ui] could not remember the collapsed panel sections:',
    );
  }

  private show(section: HTMLElement, toggle: HTMLButtonElement, collapsed: boolean): void {
    section.dataset['collapsed'] = String(collapsed);
    toggle.setAttribute('aria-expanded', String(!collapsed));
  }
}

/** The remembered heading ids; nothing (all open) when absent or unreadable. */
function readCollapsed(storage: Storage | undefined): string[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch (error) {
    console.warn('[ui] the remembered panel sections are unreadable; all are open:', error);
    return [];
  }
}
