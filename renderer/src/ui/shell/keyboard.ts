import type { AppCommand } from '../../../../shared/commands';
import { commandForKey } from '../../../../shared/commands';

/** Commands that make sense to repeat while a key is held (the slider nudges). */
const REPEATABLE: ReadonlySet<AppCommand> = new Set<AppCommand>([
  'stiffness-down',
  'stiffness-up',
  'time-down',
  'time-up',
  'gravity-down',
  'gravity-up',
  'muscle-down',
  'muscle-up',
  'timeline-back',
  'timeline-forward',
  'volume-down',
  'volume-up',
  'music-offset-down',
  'music-offset-up',
]);

/** Keys a focused control may want for itself: a button's Space and Enter, a slider's arrows. */
const CONTROL_KEYS = new Set([' ', 'Enter', 'ArrowLeft', 'ArrowRight']);

/** Input types that take typed text: keys pressed there are text, not shortcuts. */
const TEXT_INPUT_TYPES = new Set([
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
]);

/** True when `target` is a field the person is typing into. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type);
}

/**
 * True when the focused `target` uses `key` itself, so the shortcut must not take it: arrows
 * move a slider or a list; Space and Enter press a control reached with the keyboard (focus
 * shown). A button just clicked with the mouse keeps focus without showing it: there Space
 * is the timeline's Pause/Play, as in a video player.
 */
export function controlUsesKey(target: EventTarget | null, key: string): boolean {
  if (!CONTROL_KEYS.has(key) || !(target instanceof HTMLElement)) return false;
  const field = target instanceof HTMLInputElement || target instanceof HTMLSelectElement;
  if (key === 'ArrowLeft' || key === 'ArrowRight') return field;
  const pressable =
    field ||
    target instanceof HTMLButtonElement ||
    target instanceof HTMLAnchorElement ||
    target.tagName === 'SUMMARY';
  return pressable && target.matches(':focus-visible');
}

/** What the keyboard shortcuts drive. */
export interface KeyboardHandlers {
  onCommand(command: AppCommand): void;
  /** Esc: close whatever is open; returns true if something was. */
  onEscape(): boolean;
}

/**
 * The app's keyboard shortcuts, from the shared command table. Keys are ignored while a
 * text field has focus (where Ctrl/⌘+Z undoes typing) and when Alt is held; with Ctrl or ⌘
 * held only the commands with that chord act (Undo, Redo), the rest belongs to the system.
 */
export class KeyboardShortcuts {
  constructor(
    private readonly target: Window,
    private readonly handlers: KeyboardHandlers,
  ) {
    target.addEventListener('keydown', this.onKeyDown);
  }

  dispose(): void {
    this.target.removeEventListener('keydown', this.onKeyDown);
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || event.altKey) return;
    if (isTextField(event.target) || controlUsesKey(event.target, event.key)) return;
    const mod = event.ctrlKey || event.metaKey;
    if (event.key === 'Escape' && !mod) {
      if (this.handlers.onEscape()) event.preventDefault();
      return;
    }
    const command = commandForKey(event.key, { mod, shift: event.shiftKey });
    if (!command) return;
    if (event.repeat && !REPEATABLE.has(command)) return;
    // F1 would open the browser's own help; the other keys have no default worth keeping.
    event.preventDefault();
    this.handlers.onCommand(command);
  };
}
