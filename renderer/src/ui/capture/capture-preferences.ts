import type { Backdrop } from '../../view/backdrop';
import { readStoredText, rememberInStorage } from '../../page-storage';

/** The BACKGROUND list's entries: the sky, a chroma-key preset, a picked colour, or none. */
export const BACKGROUND_CHOICES = [
  'sky',
  'green',
  'blue',
  'magenta',
  'custom',
  'transparent',
] as const;

export type BackgroundChoice = (typeof BACKGROUND_CHOICES)[number];

/** The chroma-key presets as 0xRRGGBB: broadcast chroma green and blue, and pure magenta. */
export const CHROMA_PRESETS: Readonly<Record<'green' | 'blue' | 'magenta', number>> = {
  green: 0x00b140,
  blue: 0x0047bb,
  magenta: 0xff00ff,
};

/** The capture view's settings, remembered between runs. */
export interface CapturePreferences {
  readonly background: BackgroundChoice;
  /** The picked colour (0xRRGGBB), used when {@link background} is `custom`. */
  readonly customColour: number;
  /** Whether the stage's floor, slope, stairs and wall are drawn. */
  readonly stageShown: boolean;
}

/** As the app starts the first time: today's look. */
export const DEFAULT_CAPTURE_PREFERENCES: CapturePreferences = {
  background: 'sky',
  customColour: CHROMA_PRESETS.green,
  stageShown: true,
};

/** Where the settings are remembered (one JSON value). */
const STORAGE_KEY = 'ragdoll-playground.capture-view';

/** What the view draws behind the scene for `preferences`. */
export function backdropFor(preferences: CapturePreferences): Backdrop {
  switch (preferences.background) {
    case 'sky':
      return { kind: 'sky' };
    case 'transparent':
      return { kind: 'transparent' };
    case 'custom':
      return { kind: 'colour', rgb: preferences.customColour };
    default:
      return { kind: 'colour', rgb: CHROMA_PRESETS[preferences.background] };
  }
}

/** `#rrggbb` (as an `<input type=color>` gives it) as 0xRRGGBB; undefined for anything else. */
export function parseHexColour(text: string): number | undefined {
  return /^#[0-9a-f]{6}$/i.test(text) ? Number.parseInt(text.slice(1), 16) : undefined;
}

/** 0xRRGGBB as `#rrggbb`, lower case, as an `<input type=color>` takes it. */
export function hexColour(rgb: number): string {
  return `#${(rgb & 0xffffff).toString(16).padStart(6, '0')}`;
}

/**
 * The settings as last saved. Each field is checked on its own: one that is missing or not
 * what this version writes takes its default and the others are kept. Storage that cannot be
 * read (private modes) gives the defaults.
 */
export function loadCapturePreferences(storage: Storage | undefined): CapturePreferences {
  const text = readStoredText(
    storage,
    STORAGE_KEY,
    '[ui] could not read the capture view settings:',
  );
  if (text === undefined) return DEFAULT_CAPTURE_PREFERENCES;
  let saved: unknown;
  try {
    saved = JSON.parse(text);
  } catch {
    console.warn(`[ui] the saved capture view settings are not JSON; using the defaults.`);
    return DEFAULT_CAPTURE_PREFERENCES;
  }
  return readPreferences(saved);
}

function readPreferences(saved: unknown): CapturePreferences {
  if (typeof saved !== 'object' || saved === null) return DEFAULT_CAPTURE_PREFERENCES;
  const record = saved as Record<string, unknown>;
  const background = BACKGROUND_CHOICES.find((choice) => choice === record['background']);
  const colour =
    typeof record['customColour'] === 'string' ? parseHexColour(record['customColour']) : undefined;
  const stage = record['stageShown'];
  return {
    background: background ?? DEFAULT_CAPTURE_PREFERENCES.background,
    customColour: colour ?? DEFAULT_CAPTURE_PREFERENCES.customColour,
    stageShown: typeof stage === 'boolean' ? stage : DEFAULT_CAPTURE_PREFERENCES.stageShown,
  };
}

/** Remembers the settings; where storage is unavailable they last until the page closes. */
export function saveCapturePreferences(
  storage: Storage | undefined,
  preferences: CapturePreferences,
): void {
  rememberInStorage(
    storage,
    STORAGE_KEY,
    JSON.stringify({
      background: preferences.background,
      customColour: hexColour(preferences.customColour),
      stageShown: preferences.stageShown,
    }),
    '[ui] could not remember the capture view settings:',
  );
}
