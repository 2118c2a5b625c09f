/**
 * Replaces the page with an error a person can act on, for failures before the app
 * exists (no WebGL, Rapier not loading). `role=alert` so it is read out at once.
 */
export function showStartupError(
  root: HTMLElement,
  title: string,
  advice: string,
  error: unknown,
): void {
  const document = root.ownerDocument;
  const box = document.createElement('div');
  box.className = 'startup-error';
  box.setAttribute('role', 'alert');
  const heading = document.createElement('h1');
  heading.textContent = title;
  const text = document.createElement('p');
  text.textContent = advice;
  const detail = document.createElement('pre');
  detail.textContent = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  box.append(heading, text, detail);
  root.replaceChildren(box);
}
