/**
 * Proof that a dropped path came from a `File` the preload saw. The page cannot name a path
 * (only the preload's `webUtils.getPathForFile` turns a dropped File into one), but a renderer
 * that sends raw IPC could name any file as "dropped". So the main process makes a random key
 * per run and gives it only to the preload (as a command-line argument of the window's
 * renderer, which the page's world cannot read); for each drop the preload sends the path
 * with a fresh nonce and the HMAC-SHA256 of both under that key. The host accepts a path only
 * with a token it can recompute, and each nonce once.
 */

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DropGrant } from '../../../shared/host-contract';

/** A new key for one run of the app, as hex (32 random bytes). */
export function newDropKey(): string {
  return randomBytes(32).toString('hex');
}

/** The token for `path` and `nonce` under `key`: HMAC-SHA256 of `nonce`, a newline and `path`, hex. */
export function dropToken(key: string, nonce: string, path: string): string {
  return createHmac('sha256', Buffer.from(key, 'hex')).update(`${nonce}\n${path}`).digest('hex');
}

/** A grant for `path` as the preload makes one (for the e2e bridge and tests, which stand in for it). */
export function mintDropGrant(key: string, path: string): DropGrant {
  const nonce = randomBytes(16).toString('hex');
  return { nonce, token: dropToken(key, nonce, path) };
}

/** How many used nonces are remembered; far more drops than one session makes. */
const REMEMBERED_NONCES = 10_000;

export interface DropGrantChecker {
  /** True once for a grant the preload made for exactly `path`; false for anything else. */
  accept(path: string, grant: DropGrant): boolean;
}

/** Checks grants made under `key`. */
export function createDropGrantChecker(key: string): DropGrantChecker {
  const used = new Set<string>();
  return {
    accept(path, grant) {
      if (used.has(grant.nonce)) return false;
      const expected = Buffer.from(dropToken(key, grant.nonce, path), 'hex');
      const given = Buffer.from(grant.token, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      // Oldest first out: a Set iterates in insertion order.
      if (used.size >= REMEMBERED_NONCES) used.delete(used.values().next().value!);
      used.add(grant.nonce);
      return true;
    },
  };
}
