/**
 * A hidden `<input type=file>` added to the page, taking the file names in `accept` (such as
 * `.vrma,.vmd`): the browser's file chooser, for a page without the desktop host.
 */
export function makeHiddenFileInput(
  document: Document,
  accept: string,
  className: string,
  onChange: () => void,
): HTMLInputElement {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = accept;
  input.className = className;
  input.hidden = true;
  input.addEventListener('change', onChange);
  document.body.append(input);
  return input;
}

/** Opens the browser's file chooser on `input`; the same file chosen again is a change too. */
export function openFileChooser(input: HTMLInputElement): void {
  input.value = '';
  input.click();
}
