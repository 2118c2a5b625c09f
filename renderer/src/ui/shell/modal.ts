/** A modal dialog's parts: the dimmed backdrop that covers the page, and the dialog in it. */
export interface ModalParts {
  /** Put this in the page; it starts hidden. */
  readonly backdrop: HTMLElement;
  readonly dialog: HTMLElement;
}

/**
 * Makes a modal dialog (the help, About) named by the element whose id is `labelledBy`. A
 * click on the backdrop itself, not on the dialog, calls `onBackdropClick`, as people expect.
 */
export function makeModal(
  document: Document,
  classes: { readonly backdrop: string; readonly dialog: string },
  labelledBy: string,
  onBackdropClick: () => void,
): ModalParts {
  const backdrop = document.createElement('div');
  backdrop.className = classes.backdrop;
  backdrop.hidden = true;
  backdrop.addEventListener('click', (event) => {
    if (event.target === backdrop) onBackdropClick();
  });
  const dialog = document.createElement('div');
  dialog.className = classes.dialog;
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', labelledBy);
  backdrop.append(dialog);
  return { backdrop, dialog };
}
