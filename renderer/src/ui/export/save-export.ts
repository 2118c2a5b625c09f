import type { ExportFileFormat, HostApi, HostProblem } from '../../../../shared/host-contract';

/** Where an export went, or why it did not. */
export type SaveOutcome =
  | { readonly kind: 'saved'; readonly path: string }
  | { readonly kind: 'downloaded'; readonly fileName: string }
  | { readonly kind: 'canceled' }
  | { readonly kind: 'failed'; readonly problem: HostProblem };

/** The MIME type each export format is downloaded as. */
const MIME_TYPES: Readonly<Record<ExportFileFormat, string>> = {
  vrma: 'model/gltf-binary',
  vmd: 'application/octet-stream',
  png: 'image/png',
  webm: 'video/webm',
};

/**
 * Saves an export: through the desktop host's Save dialog (written atomically there, see
 * `rp:export:save`), or, in a plain web page, as a browser download (a Blob and an anchor with
 * `download`), which goes wherever the browser puts downloads.
 */
export async function saveExport(
  host: HostApi | undefined,
  document: Document,
  format: ExportFileFormat,
  fileName: string,
  bytes: Uint8Array,
): Promise<SaveOutcome> {
  if (host === undefined) {
    downloadBytes(document, fileName, bytes, MIME_TYPES[format]);
    return { kind: 'downloaded', fileName };
  }
  const outcome = await host.saveExport(format, fileName, bytes);
  if (outcome.ok) return { kind: 'saved', path: outcome.value.path };
  if (outcome.problem.code === 'canceled') return { kind: 'canceled' };
  return { kind: 'failed', problem: outcome.problem };
}

/** Hands `bytes` to the browser as a download named `fileName`. */
export function downloadBytes(
  document: Document,
  fileName: string,
  bytes: Uint8Array,
  type: string,
): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
    // The download has taken its copy once the click's task ends; later is safe for every browser.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

/** `prefix-2026-12-01-131500`: a file name (before its extension) that sorts by time and no system refuses. */
export function exportFileStem(prefix: string, when: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  const stamp =
    `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}-` +
    `${pad(when.getHours())}${pad(when.getMinutes())}${pad(when.getSeconds())}`;
  // eslint-disable-next-line no-control-regex -- control characters are among the refused ones
  const safe = prefix.replace(/[\u0000-\u001f<>:"/\\|?*]/g, '_').replace(/[. ]+$/, '') || 'ragdoll';
  return `${safe}-${stamp}`;
}
