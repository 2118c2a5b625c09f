/**
 * What the main process does when the page's process dies (out of memory, crashed, killed):
 * reload it and tell the user, so the app never sits on a blank window. A page that dies
 * again and again (a file that crashes it on every start) is reloaded at most three times a
 * minute; after that the window is left as it is with a message saying so.
 */

/** Electron's `render-process-gone` details: `clean-exit`, `crashed`, `oom`, `killed`… */
export interface PageGone {
  readonly reason: string;
  readonly exitCode: number;
}

/** Reload the page, or leave it (too many deaths in a row); each with the sentence to show. */
export type PageGoneAction =
  | { readonly kind: 'reload'; readonly message: string }
  | { readonly kind: 'give-up'; readonly message: string }
  | { readonly kind: 'ignore' };

export interface PageCrashPolicyOptions {
  /** Reloads allowed within `windowMs`. Default 3. */
  readonly maxReloads?: number;
  /** The window the reloads are counted over, milliseconds. Default 60 000. */
  readonly windowMs?: number;
  /** Clock, milliseconds. Default `Date.now`. */
  readonly now?: () => number;
}

export interface PageCrashPolicy {
  /** Decides what to do about one death of the page's process, and remembers it. */
  decide(gone: PageGone): PageGoneAction;
}

/** A policy with no deaths seen yet; one per window. */
export function createPageCrashPolicy(options: PageCrashPolicyOptions = {}): PageCrashPolicy {
  const maxReloads = options.maxReloads ?? 3;
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  const reloads: number[] = [];
  return {
    decide(gone) {
      // The page ended normally (the window is closing): nothing went wrong.
      if (gone.reason === 'clean-exit') return { kind: 'ignore' };
      const time = now();
      while (reloads.length > 0 && time - reloads[0]! > windowMs) reloads.shift();
      const why = describeReason(gone);
      if (reloads.length >= maxReloads) {
        return {
          kind: 'give-up',
          message:
            `The page stopped again (${why}), ${reloads.length + 1} times within ` +
            `${Math.round(windowMs / 1000)} s, so it was not reloaded. Quit and start ` +
            `Ragdoll Playground again; if a model was being opened, it may be what stops it.`,
        };
      }
      reloads.push(time);
      return {
        kind: 'reload',
        message:
          `The page stopped unexpectedly (${why}) and was reloaded; the scene started ` +
          `fresh. If a model was being opened, it may be what stopped it.`,
      };
    },
  };
}

function describeReason(gone: PageGone): string {
  switch (gone.reason) {
    case 'oom':
      return 'it ran out of memory';
    case 'crashed':
      return `it crashed, exit code ${gone.exitCode}`;
    case 'killed':
      return 'it was ended by the system or another program';
    default:
      return `${gone.reason}, exit code ${gone.exitCode}`;
  }
}
