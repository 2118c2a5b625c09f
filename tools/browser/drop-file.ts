import type { Page } from 'playwright-core';

/**
 * Drops a file on the page the way a person's drag from the desktop arrives: a `dragover`
 * then a `drop` whose DataTransfer holds a File with these bytes, on the 3D view. Returns
 * whether the page cancelled both defaults (otherwise the browser would open the file).
 */
export function dropFileOnPage(page: Page, bytes: Uint8Array, fileName: string): Promise<boolean> {
  return page.evaluate(
    ({ base64, name }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name));
      const target = document.querySelector('canvas') ?? document.body;
      // No helper function in here: tsx would wrap it in a `__name` call the page lacks.
      const init = { dataTransfer: transfer, bubbles: true, cancelable: true };
      const overKept = target.dispatchEvent(new DragEvent('dragover', init));
      const dropKept = target.dispatchEvent(new DragEvent('drop', init));
      return !overKept && !dropKept;
    },
    { base64: Buffer.from(bytes).toString('base64'), name: fileName },
  );
}
