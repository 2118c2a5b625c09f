/**
 * The preset format's size limits as plain numbers, apart from the zod schema
 * (preset-schema.ts) so code that only needs a limit does not load the schema library.
 *
 * No Electron, no DOM, no Node.
 */

/**
 * Body states saved per figure: its ragdoll parts (11–15) and an MMD model's own rigid bodies
 * (real models have 40–300). A figure with more is saved with its parts only, and its MMD
 * bodies are put back on their parts at rest when loaded. Also a guard against junk.
 */
export const PRESET_MAX_PARTS_PER_FIGURE = 512;
/** Longest preset name, in UTF-16 code units. */
export const PRESET_NAME_MAX_LENGTH = 80;
/** Longest motion time kept, seconds (a day; motions loop, so the time is within one loop). */
export const PRESET_MOTION_TIME_MAX = 86_400;
