/**
 * What the page shows from its first paint while three.js, Rapier's WebAssembly and the
 * interface load behind it: the panel's place with the app's name and a "Starting…" line
 * (`role=status`, so it is read out). The real panel replaces it (see boot.ts).
 */
export class StartupShell {
  readonly element: HTMLElement;

  constructor(document: Document, title: string, starting: string) {
    this.element = document.createElement('aside');
    this.element.className = 'startup-shell';
    const heading = document.createElement('h1');
    heading.className = 'panel-title';
    heading.textContent = title;
    const line = document.createElement('p');
    line.setAttribute('role', 'status');
    line.textContent = starting;
    this.element.append(heading, line);
  }

  /** Takes the shell off the page. */
  dispose(): void {
    this.element.remove();
  }
}
