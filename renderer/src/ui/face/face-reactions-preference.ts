import { readStoredText, rememberInStorage } from '../../page-storage';

/** Where FACE REACTIONS is remembered between runs. */
const STORAGE_KEY = 'ragdoll-playground.face-reactions';

/** FACE REACTIONS as last chosen; on when never chosen or when storage cannot be read. */
export function savedFaceReactions(storage: Storage | undefined): boolean {
  const saved = readStoredText(
    storage,
    STORAGE_KEY,
    '[ui] could not read the face reactions setting:',
  );
  return saved !== 'off';
}

/** Remembers FACE REACTIONS. Storage can be unavailable (private modes): then it is not kept. */
export function saveFaceReactions(storage: Storage | undefined, on: boolean): void {
  rememberInStorage(
    storage,
    STORAGE_KEY,
    on ? 'on' : 'off',
    '[ui] could not remember the face reactions setting:',
  );
}
