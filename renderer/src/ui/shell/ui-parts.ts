import type { Language } from '../i18n';

/** Something the interface made and must take down again. */
export interface Disposable {
  dispose(): void;
}

/**
 * The interface's parts, each registered once with how it takes a new language and how it is
 * taken down, so switching the language or closing the interface cannot miss one. Parts are
 * relabelled in the order they were added and disposed in the reverse order (a part goes before
 * the parts it was built on).
 */
export class UiParts {
  private readonly relabels: ((language: Language) => void)[] = [];
  private readonly disposes: (() => void)[] = [];

  /**
   * Registers `part` and returns it. `relabel` is called on every language switch (and once by
   * the first {@link relabel}); `dispose` defaults to the part's own.
   */
  add<T extends Partial<Disposable>>(
    part: T,
    relabel?: (language: Language) => void,
    dispose: (() => void) | undefined = part.dispose?.bind(part),
  ): T {
    if (relabel) this.relabels.push(relabel);
    if (dispose) this.disposes.push(dispose);
    return part;
  }

  /** Registers a step that only takes something down (a hook set on the view, say). */
  onDispose(dispose: () => void): void {
    this.disposes.push(dispose);
  }

  /** Gives every part the new language. */
  relabel(language: Language): void {
    for (const relabel of this.relabels) relabel(language);
  }

  /** Takes every part down, last added first; each once. */
  dispose(): void {
    while (this.disposes.length > 0) this.disposes.pop()!();
    this.relabels.length = 0;
  }
}
