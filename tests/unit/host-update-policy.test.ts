/** The update flow's decisions (electron/main/host/update-policy.ts) as plain functions. */

import { describe, expect, it } from 'vitest';
import {
  automaticCheckDue,
  decideRestart,
  isDeveloperIdSigned,
  respondToUpdate,
  UPDATE_CHECK_INTERVAL_MS,
  updateSupport,
  type CheckTiming,
} from '../../electron/main/host/update-policy';

const SIGNED = [
  'Executable=/Applications/Ragdoll Playground.app/Contents/MacOS/Ragdoll Playground',
  'Identifier=app.ragdollplayground.desktop',
  'Authority=Developer ID Application: Example Studio (ABCDE12345)',
  'Authority=Developer ID Certification Authority',
  'Authority=Apple Root CA',
].join('\n');
const AD_HOC = [
  'Executable=/Applications/Ragdoll Playground.app/Contents/MacOS/Ragdoll Playground',
  'Identifier=Ragdoll Playground',
  'Signature=adhoc',
].join('\n');

describe('which builds are offered updates', () => {
  it('offers them to installed Windows builds, signed or not', () => {
    expect(updateSupport({ platform: 'win32', packaged: true })).toEqual({ supported: true });
  });

  it('offers them on macOS only to a Developer ID signed app', () => {
    expect(updateSupport({ platform: 'darwin', packaged: true, macSignature: SIGNED })).toEqual({
      supported: true,
    });
    for (const macSignature of [AD_HOC, undefined, '']) {
      const support = updateSupport({ platform: 'darwin', packaged: true, macSignature });
      expect(support.supported).toBe(false);
      expect(support.supported ? '' : support.reason).toMatch(/Developer ID/);
    }
    expect(isDeveloperIdSigned('Authority=Apple Development: someone')).toBe(false);
  });

  it('offers them on Linux only to the AppImage, not to a folder build', () => {
    expect(
      updateSupport({
        platform: 'linux',
        packaged: true,
        appImagePath: '/home/a/ragdoll-playground-0.1.0-x86_64.AppImage',
      }),
    ).toEqual({ supported: true });
    const folder = updateSupport({ platform: 'linux', packaged: true });
    expect(folder).toEqual({
      supported: false,
      reason: 'only the AppImage can replace itself on Linux',
    });
    expect(updateSupport({ platform: 'linux', packaged: true, appImagePath: '' }).supported).toBe(
      false,
    );
  });

  it('never offers them to a copy run from its source folder', () => {
    for (const platform of ['win32', 'darwin', 'linux']) {
      const support = updateSupport({
        platform,
        packaged: false,
        appImagePath: '/x.AppImage',
        macSignature: SIGNED,
      });
      expect(support.supported).toBe(false);
    }
  });
});

describe('when an automatic check runs', () => {
  const base: CheckTiming = {
    automatic: true,
    supported: true,
    windowShown: true,
    busy: false,
    ready: false,
    lastCheckAt: undefined,
  };
  const now = 50 * UPDATE_CHECK_INTERVAL_MS;

  it('runs first once the window shows', () => {
    expect(automaticCheckDue({ ...base, windowShown: false }, now)).toBe(false);
    expect(automaticCheckDue(base, now)).toBe(true);
  });

  it('repeats every 6 hours, not sooner', () => {
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(6 * 3600 * 1000);
    expect(
      automaticCheckDue({ ...base, lastCheckAt: now - UPDATE_CHECK_INTERVAL_MS + 1 }, now),
    ).toBe(false);
    expect(automaticCheckDue({ ...base, lastCheckAt: now - UPDATE_CHECK_INTERVAL_MS }, now)).toBe(
      true,
    );
  });

  it('does not run when the setting is off, the build cannot update, one runs, or one is ready', () => {
    expect(automaticCheckDue({ ...base, automatic: false }, now)).toBe(false);
    expect(automaticCheckDue({ ...base, supported: false }, now)).toBe(false);
    expect(automaticCheckDue({ ...base, busy: true }, now)).toBe(false);
    expect(automaticCheckDue({ ...base, ready: true }, now)).toBe(false);
  });
});

describe('what each outcome shows', () => {
  it('shows the ready notice whoever started the check', () => {
    for (const trigger of ['automatic', 'manual'] as const) {
      expect(respondToUpdate({ kind: 'ready', version: '0.2.0' }, trigger)).toEqual({
        notice: { version: '0.2.0' },
      });
    }
  });

  it('answers Check for Updates… either way, and says nothing to an automatic check', () => {
    expect(respondToUpdate({ kind: 'up-to-date', version: '0.1.0' }, 'manual')).toEqual({
      answer: { kind: 'up-to-date', version: '0.1.0' },
    });
    expect(respondToUpdate({ kind: 'downloading', version: '0.2.0' }, 'manual')).toEqual({
      answer: { kind: 'downloading', version: '0.2.0' },
    });
    expect(respondToUpdate({ kind: 'unsupported', reason: 'r' }, 'manual')).toEqual({
      answer: { kind: 'unsupported', reason: 'r' },
    });
    expect(respondToUpdate({ kind: 'up-to-date', version: '0.1.0' }, 'automatic')).toEqual({});
    expect(respondToUpdate({ kind: 'downloading', version: '0.2.0' }, 'automatic')).toEqual({});
    expect(respondToUpdate({ kind: 'unsupported', reason: 'r' }, 'automatic')).toEqual({});
  });

  it('turns a failure or a timeout into one history line and no answer box', () => {
    for (const trigger of ['automatic', 'manual'] as const) {
      expect(
        respondToUpdate({ kind: 'failed', detail: 'net::ERR_INTERNET_DISCONNECTED' }, trigger),
      ).toEqual({
        history: { kind: 'check-failed', detail: 'net::ERR_INTERNET_DISCONNECTED' },
      });
      expect(respondToUpdate({ kind: 'timed-out', seconds: 30 }, trigger)).toEqual({
        history: { kind: 'check-timed-out', seconds: 30 },
      });
    }
  });
});

describe('when the app restarts into an update', () => {
  it('never by itself, never with nothing downloaded, never before the recovery copy', () => {
    const ready = { readyVersion: '0.2.0', askedByPerson: true, recoveryCopyWritten: true };
    expect(decideRestart(ready)).toEqual({ restart: true });
    expect(decideRestart({ ...ready, askedByPerson: false }).restart).toBe(false);
    expect(decideRestart({ ...ready, readyVersion: undefined }).restart).toBe(false);
    const unsaved = decideRestart({ ...ready, recoveryCopyWritten: false });
    expect(unsaved).toEqual({
      restart: false,
      reason: 'the open scene could not be kept first; the update installs when you quit',
    });
  });
});
