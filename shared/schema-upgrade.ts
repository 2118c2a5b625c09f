/**
 * Upgrade steps for versioned JSON documents (presets, the model library): a document
 * written by an older version is brought forward one `schemaVersion` at a time before the
 * current schema checks it. No Electron, no DOM, no Node: both processes import it.
 */

import { z } from 'zod';

/** A JSON object as read from disk, before any schema has checked it. */
export type RawDocument = Readonly<Record<string, unknown>>;

/**
 * Turns a document of version `n` into one of version `n + 1` (it must set the new
 * `schemaVersion` itself). Steps are keyed by the version they upgrade *from*.
 */
export type UpgradeStep = (document: RawDocument) => RawDocument;

/** Why a document could not be brought up to the current version. */
export class SchemaUpgradeError extends Error {
  override readonly name = 'SchemaUpgradeError';
}

/**
 * Applies `steps` until `document.schemaVersion` equals `current`.
 *
 * @param what - the document's kind for messages, e.g. `preset`
 * @param steps - upgrade steps keyed by the version they upgrade from
 * @returns the upgraded document (the same object when it is already current)
 * @throws SchemaUpgradeError when the value is not an object, has no usable
 *   `schemaVersion`, was written by a newer app, or a step is missing
 */
export function upgradeDocument(
  what: string,
  raw: unknown,
  current: number,
  steps: Readonly<Record<number, UpgradeStep>>,
): RawDocument {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new SchemaUpgradeError(`The ${what} is not a JSON object.`);
  }
  let document = raw as RawDocument;
  let version = readVersion(what, document);
  if (version > current) {
    throw new SchemaUpgradeError(
      `The ${what} has schemaVersion ${version}, written by a newer Ragdoll Playground ` +
        `(this one reads up to ${current}); update the app to open it.`,
    );
  }
  while (version < current) {
    const step = steps[version];
    if (step === undefined) {
      throw new SchemaUpgradeError(
        `The ${what} has schemaVersion ${version}, which this app cannot upgrade.`,
      );
    }
    document = step(document);
    const next = readVersion(what, document);
    // A step that does not advance the version would loop forever.
    if (next !== version + 1) {
      throw new SchemaUpgradeError(
        `Upgrading the ${what} from schemaVersion ${version} produced ${next}.`,
      );
    }
    version = next;
  }
  return document;
}

/**
 * The parsed JSON of a `what` document, brought up to version `current` by `steps` (see
 * {@link upgradeDocument}); one that cannot be is an issue carrying the reason. Pipe it into
 * the current version's schema.
 */
export function upgradedDocumentSchema(
  what: string,
  current: number,
  steps: Readonly<Record<number, UpgradeStep>>,
) {
  return z.unknown().transform((raw, context) => {
    try {
      return upgradeDocument(what, raw, current, steps);
    } catch (error) {
      if (!(error instanceof SchemaUpgradeError)) throw error;
      context.issues.push({ code: 'custom', message: error.message, input: raw });
      return z.NEVER;
    }
  });
}

function readVersion(what: string, document: RawDocument): number {
  const version = document['schemaVersion'];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new SchemaUpgradeError(
      `The ${what} has no valid schemaVersion (found ${describeFound(version)}).`,
    );
  }
  return version;
}

/**
 * A short description of a value from a file. Never JSON.stringify the whole value: a file
 * can nest arrays thousands deep (the stack overflows) or hold megabytes of text.
 */
function describeFound(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null || typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  }
  return Array.isArray(value) ? 'a list' : 'an object';
}
