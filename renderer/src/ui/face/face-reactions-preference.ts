/** Where FACE REACTIONS is remembered between runs. */
const STORAGE_KEY = 'ragdoll-playground.face-reactions';

/** FACE REACTIONS as last chosen; on when never chosen or when storage cannot be read. */
export function savedFaceReactions(storage: Storage | undefined): boolean {
  try {
    return storage?.getItem(STORAGE_KEY) !== 'off';
  } catch (error) {
    console.warn('[ui] could not read the face reactions setting:', error);
    return true;
  }
}

/** Remembers FACE REACTIONS. Storage can be unavailable (private modes): then it is not kept. */
export function saveFaceReactions(storage: Storage | undefined, on: boolean): void {
  try {
    storage?.setItem(STORAGE_KEY, on ? 'on' : 'off');
  } catch (error) {
    console.warn('[ui] could not remember the face reactions setting:', error);
  }
}
