import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_COMMANDS, COMMANDS, commandForKey } from '../../shared/commands';
import {
  BACKGROUND_CHOICES,
  CHROMA_PRESETS,
  DEFAULT_CAPTURE_PREFERENCES,
  backdropFor,
  hexColour,
  loadCapturePreferences,
  parseHexColour,
  saveCapturePreferences,
} from '../../renderer/src/ui/capture/capture-preferences';
import { sameBackdrop } from '../../renderer/src/view/backdrop';

/** A `Storage` kept in memory, as a page's localStorage behaves. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

/** A storage that throws on every use, as some privacy settings make localStorage. */
class BlockedStorage extends MemoryStorage {
  override getItem(): string | null {
    throw new Error('blocked');
  }
  override setItem(): void {
    throw new Error('blocked');
  }
}

afterEach(() => vi.restoreAllMocks());

describe('capture view preferences', () => {
  it("start as today's look: the sky, the stage shown", () => {
    expect(loadCapturePreferences(new MemoryStorage())).toEqual({
      background: 'sky',
      customColour: CHROMA_PRESETS.green,
      stageShown: true,
    });
    expect(loadCapturePreferences(undefined)).toEqual(DEFAULT_CAPTURE_PREFERENCES);
  });

  it('round-trip every background, a picked colour and STAGE', () => {
    const storage = new MemoryStorage();
    for (const background of BACKGROUND_CHOICES) {
      const chosen = { background, customColour: 0x3366cc, stageShown: false };
      saveCapturePreferences(storage, chosen);
      expect(loadCapturePreferences(storage)).toEqual(chosen);
    }
  });

  it('keep the fields that are good when others are not, and ignore what is not JSON', () => {
    const storage = new MemoryStorage();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    storage.setItem(
      'ragdoll-playground.capture-view',
      JSON.stringify({ background: 'plaid', customColour: '#12345G', stageShown: false }),
    );
    expect(loadCapturePreferences(storage)).toEqual({
      ...DEFAULT_CAPTURE_PREFERENCES,
      stageShown: false,
    });
    storage.setItem(
      'ragdoll-playground.capture-view',
      JSON.stringify({ background: 'magenta', customColour: '#ABCDEF', stageShown: 'no' }),
    );
    expect(loadCapturePreferences(storage)).toEqual({
      background: 'magenta',
      customColour: 0xabcdef,
      stageShown: true,
    });
    storage.setItem('ragdoll-playground.capture-view', '{"background":');
    expect(loadCapturePreferences(storage)).toEqual(DEFAULT_CAPTURE_PREFERENCES);
    storage.setItem('ragdoll-playground.capture-view', '[1, 2]');
    expect(loadCapturePreferences(storage)).toEqual(DEFAULT_CAPTURE_PREFERENCES);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('not JSON');
  });

  it('fall back to the defaults, saying so, where storage cannot be used', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const blocked = new BlockedStorage();
    saveCapturePreferences(blocked, { ...DEFAULT_CAPTURE_PREFERENCES, background: 'blue' });
    expect(loadCapturePreferences(blocked)).toEqual(DEFAULT_CAPTURE_PREFERENCES);
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      '[ui] could not remember the capture view settings:',
      '[ui] could not read the capture view settings:',
    ]);
  });

  it('give the view the backdrop each choice names', () => {
    const backdrop = (background: (typeof BACKGROUND_CHOICES)[number]) =>
      backdropFor({ background, customColour: 0x102030, stageShown: true });
    expect(backdrop('sky')).toEqual({ kind: 'sky' });
    expect(backdrop('transparent')).toEqual({ kind: 'transparent' });
    expect(backdrop('green')).toEqual({ kind: 'colour', rgb: 0x00b140 });
    expect(backdrop('blue')).toEqual({ kind: 'colour', rgb: 0x0047bb });
    expect(backdrop('magenta')).toEqual({ kind: 'colour', rgb: 0xff00ff });
    expect(backdrop('custom')).toEqual({ kind: 'colour', rgb: 0x102030 });
    expect(sameBackdrop(backdrop('custom'), { kind: 'colour', rgb: 0x102030 })).toBe(true);
    expect(sameBackdrop(backdrop('custom'), backdrop('green'))).toBe(false);
    expect(sameBackdrop(backdrop('sky'), backdrop('transparent'))).toBe(false);
  });

  it('read and write colours as an <input type=color> does', () => {
    expect(parseHexColour('#00b140')).toBe(0x00b140);
    expect(parseHexColour('#FF00ff')).toBe(0xff00ff);
    for (const bad of ['00b140', '#0b1', '#00b1400', 'red', '#00b14g', ''])
      expect(parseHexColour(bad), bad).toBeUndefined();
    expect(hexColour(0x0047bb)).toBe('#0047bb');
    expect(hexColour(0)).toBe('#000000');
  });
});

describe('the Clean View command', () => {
  it('is key 1 in the View menu, a key no other command has', () => {
    expect(commandForKey('1')).toBe('clean-view');
    expect(COMMANDS['clean-view']).toMatchObject({ key: '1', menu: 'view' });
    const plainKeys = APP_COMMANDS.filter((command) => COMMANDS[command].chord === undefined).map(
      (command) => COMMANDS[command].key,
    );
    expect(new Set(plainKeys).size).toBe(plainKeys.length);
  });
});
