/**
 * The app's commands: each is a panel control, a keyboard shortcut and a native menu item.
 * One table so the help overlay, the renderer's key handling and the menu never disagree.
 *
 * The renderer owns the keys (it ignores them while a text field has focus); the native
 * menu shows the same keys for discoverability without registering them, so typing in a
 * field never triggers a command.
 */

export const APP_COMMANDS = [
  'drop',
  'add-figure',
  'blast',
  'reset',
  'clear-props',
  'add-ball',
  'add-box',
  'stiffness-down',
  'stiffness-up',
  'time-down',
  'time-up',
  'gravity-down',
  'gravity-up',
  'toggle-bodies',
  'toggle-follow',
  'toggle-face-reactions',
  'reset-view',
  'clean-view',
  'toggle-pin',
  'link-tool',
  'open-model',
  'box-dummy',
  'add-model',
  'toggle-history',
  'open-motion',
  'next-motion',
  'toggle-motion',
  'muscle-down',
  'muscle-up',
  'toggle-get-up',
  'save-preset',
  'import-preset',
  'toggle-language',
  'help',
  'undo',
  'redo',
  'open-stage',
  'builtin-stage',
  'export-motion',
  'save-picture',
  'export-clip',
  'toggle-picture-double',
  'timeline-play',
  'timeline-back',
  'timeline-forward',
  'timeline-resume',
  'toggle-mute',
  'volume-down',
  'volume-up',
  'toggle-impact-sounds',
  'toggle-music',
  'open-music',
  'music-offset-down',
  'music-offset-up',
] as const;

export type AppCommand = (typeof APP_COMMANDS)[number];

/**
 * Keys held with a command's key: `mod` is Ctrl on Windows and Linux and ⌘ on macOS (either
 * is accepted everywhere), `mod+shift` adds Shift.
 */
export type KeyChord = 'mod' | 'mod+shift';

/** Where a command appears and how it is triggered. */
export interface CommandInfo {
  /** `KeyboardEvent.key` that triggers it in the renderer (case-insensitive for letters). */
  readonly key: string;
  /** Keys held with {@link key}; none for the plain keys. */
  readonly chord?: KeyChord;
  /** Another key and chord that triggers it too (Ctrl+Y for Redo). */
  readonly alternate?: { readonly key: string; readonly chord: KeyChord };
  /** The same key in Electron's accelerator syntax, shown in the menu. */
  readonly accelerator: string;
  /** Native menu this command is listed under. */
  readonly menu: 'file' | 'edit' | 'scene' | 'motion' | 'view' | 'help';
  readonly label: { readonly en: string; readonly ja: string };
  /** The command never changes the scene: undo takes no snapshot before it. */
  readonly sceneUnchanged?: true;
}

export const COMMANDS: Readonly<Record<AppCommand, CommandInfo>> = {
  drop: { key: 'd', accelerator: 'D', menu: 'scene', label: { en: 'Drop', ja: '落とす' } },
  'add-figure': {
    key: 'a',
    accelerator: 'A',
    menu: 'scene',
    label: { en: 'Add Figure', ja: '人形を追加' },
  },
  blast: { key: 'b', accelerator: 'B', menu: 'scene', label: { en: 'Blast', ja: '爆風' } },
  reset: { key: 'r', accelerator: 'R', menu: 'scene', label: { en: 'Reset', ja: 'リセット' } },
  'clear-props': {
    key: 'c',
    accelerator: 'C',
    menu: 'scene',
    label: { en: 'Clear Props', ja: '小道具を消す' },
  },
  'add-ball': {
    key: 'o',
    accelerator: 'O',
    menu: 'scene',
    label: { en: 'Add Ball', ja: 'ボールを追加' },
  },
  'add-box': {
    key: 'x',
    accelerator: 'X',
    menu: 'scene',
    label: { en: 'Add Box', ja: '箱を追加' },
  },
  'stiffness-down': {
    key: '[',
    accelerator: '[',
    menu: 'scene',
    label: { en: 'Stiffness −10', ja: '関節の硬さ −10' },
  },
  'stiffness-up': {
    key: ']',
    accelerator: ']',
    menu: 'scene',
    label: { en: 'Stiffness +10', ja: '関節の硬さ +10' },
  },
  'time-down': { key: ',', accelerator: ',', menu: 'scene', label: { en: 'Slower', ja: '遅く' } },
  'time-up': { key: '.', accelerator: '.', menu: 'scene', label: { en: 'Faster', ja: '速く' } },
  'gravity-down': {
    key: ';',
    accelerator: ';',
    menu: 'scene',
    label: { en: 'Gravity −0.1 g', ja: '重力 −0.1 g' },
  },
  'gravity-up': {
    key: "'",
    accelerator: "'",
    menu: 'scene',
    label: { en: 'Gravity +0.1 g', ja: '重力 +0.1 g' },
  },
  'toggle-bodies': {
    key: 'p',
    accelerator: 'P',
    menu: 'view',
    sceneUnchanged: true,
    label: { en: 'Show Physics Bodies', ja: '物理の形を表示' },
  },
  'toggle-follow': {
    key: 'f',
    accelerator: 'F',
    menu: 'view',
    sceneUnchanged: true,
    label: { en: 'Follow Camera', ja: 'カメラ追従' },
  },
  'toggle-face-reactions': {
    key: '5',
    accelerator: '5',
    menu: 'view',
    sceneUnchanged: true,
    label: { en: 'Face Reactions', ja: '表情の反応' },
  },
  'reset-view': {
    key: 'Home',
    accelerator: 'Home',
    menu: 'view',
    sceneUnchanged: true,
    label: { en: 'Reset View', ja: '視点を戻す' },
  },
  // For capture (OBS, screen recorders): only the scene. 1 reads as "one thing on screen".
  'clean-view': {
    key: '1',
    accelerator: '1',
    menu: 'view',
    sceneUnchanged: true,
    label: { en: 'Clean View', ja: 'クリーンビュー' },
  },
  'toggle-pin': {
    key: 'q',
    accelerator: 'Q',
    menu: 'scene',
    label: { en: 'Pin/Unpin Under Pointer', ja: 'ポインターの物を固定/解除' },
  },
  'link-tool': {
    key: '/',
    accelerator: '/',
    menu: 'scene',
    // Choosing a tool changes nothing; the link it makes is recorded when it is made.
    sceneUnchanged: true,
    label: { en: 'Link Tool', ja: 'つなぐ道具' },
  },
  'open-model': {
    key: 'm',
    accelerator: 'M',
    menu: 'scene',
    sceneUnchanged: true,
    label: { en: 'Open Model…', ja: 'モデルを開く…' },
  },
  'box-dummy': {
    key: 'u',
    accelerator: 'U',
    menu: 'scene',
    label: { en: 'Box Dummy', ja: '箱の人形' },
  },
  'add-model': {
    key: 'j',
    accelerator: 'J',
    menu: 'scene',
    // Add Model… only opens a dialog; the figure's arrival is recorded when it is placed.
    sceneUnchanged: true,
    label: { en: 'Add Model…', ja: 'モデルを追加…' },
  },
  'toggle-history': {
    key: 'h',
    accelerator: 'H',
    menu: 'view',
    sceneUnchanged: true,
    label: { en: 'Message History', ja: 'メッセージ履歴' },
  },
  'open-motion': {
    key: 'v',
    accelerator: 'V',
    menu: 'motion',
    sceneUnchanged: true,
    label: { en: 'Open Motion…', ja: 'モーションを開く…' },
  },
  'next-motion': {
    key: 'n',
    accelerator: 'N',
    menu: 'motion',
    label: { en: 'Next Motion', ja: '次のモーション' },
  },
  'toggle-motion': {
    key: 'k',
    accelerator: 'K',
    menu: 'motion',
    label: { en: 'Play/Pause Motion', ja: 'モーションを再生/一時停止' },
  },
  'muscle-down': {
    key: '-',
    accelerator: '-',
    menu: 'motion',
    label: { en: 'Muscle −10', ja: '筋力 −10' },
  },
  'muscle-up': {
    key: '=',
    accelerator: '=',
    menu: 'motion',
    label: { en: 'Muscle +10', ja: '筋力 +10' },
  },
  'toggle-get-up': {
    key: 'g',
    accelerator: 'G',
    menu: 'motion',
    label: { en: 'Get Up On/Off', ja: '起き上がり オン/オフ' },
  },
  'save-preset': {
    key: 's',
    accelerator: 'S',
    menu: 'scene',
    sceneUnchanged: true,
    label: { en: 'Save Preset…', ja: 'プリセットを保存…' },
  },
  'import-preset': {
    key: 'i',
    accelerator: 'I',
    menu: 'scene',
    sceneUnchanged: true,
    label: { en: 'Import Preset…', ja: 'プリセットを読み込む…' },
  },
  'toggle-language': {
    key: 'l',
    accelerator: 'L',
    menu: 'view',
    sceneUnchanged: true,
    label: { en: '日本語', ja: 'English' },
  },
  help: {
    key: 'F1',
    accelerator: 'F1',
    menu: 'help',
    sceneUnchanged: true,
    label: { en: 'Help', ja: 'ヘルプ' },
  },
  undo: {
    key: 'z',
    chord: 'mod',
    accelerator: 'CmdOrCtrl+Z',
    menu: 'edit',
    sceneUnchanged: true,
    label: { en: 'Undo', ja: '取り消す' },
  },
  redo: {
    key: 'z',
    chord: 'mod+shift',
    alternate: { key: 'y', chord: 'mod' },
    accelerator: 'CmdOrCtrl+Shift+Z',
    menu: 'edit',
    sceneUnchanged: true,
    label: { en: 'Redo', ja: 'やり直す' },
  },
  'export-motion': {
    key: 'e',
    accelerator: 'E',
    menu: 'file',
    sceneUnchanged: true,
    label: { en: 'Export Motion…', ja: 'モーションを書き出す…' },
  },
  'save-picture': {
    key: 't',
    accelerator: 'T',
    menu: 'file',
    sceneUnchanged: true,
    label: { en: 'Save Picture…', ja: '画像を保存…' },
  },
  'export-clip': {
    key: 'w',
    accelerator: 'W',
    menu: 'file',
    sceneUnchanged: true,
    label: { en: 'Export Clip…', ja: '動画を書き出す…' },
  },
  'toggle-picture-double': {
    key: '2',
    accelerator: '2',
    menu: 'file',
    sceneUnchanged: true,
    label: { en: 'Picture 2x', ja: '画像を2倍で' },
  },
  'timeline-play': {
    key: ' ',
    accelerator: 'Space',
    menu: 'scene',
    // Looking back and exporting leave the scene as it is (resuming from a moment changes it).
    sceneUnchanged: true,
    label: { en: 'Pause/Play', ja: '一時停止/再生' },
  },
  'timeline-back': {
    key: 'ArrowLeft',
    accelerator: 'Left',
    menu: 'scene',
    sceneUnchanged: true,
    label: { en: 'One Frame Back', ja: '1コマ戻る' },
  },
  'timeline-forward': {
    key: 'ArrowRight',
    accelerator: 'Right',
    menu: 'scene',
    sceneUnchanged: true,
    label: { en: 'One Frame Forward', ja: '1コマ進む' },
  },
  'timeline-resume': {
    key: 'Enter',
    accelerator: 'Enter',
    menu: 'scene',
    // Resuming carries on from the moment shown; capturing first would resume already.
    sceneUnchanged: true,
    label: { en: 'Resume from Here', ja: 'ここから再開' },
  },
  // M opens a model; 0 is the nearest free key that reads as "volume zero".
  'toggle-mute': {
    key: '0',
    accelerator: '0',
    menu: 'view',
    sceneUnchanged: true,
    label: { en: 'Mute Sound', ja: '消音' },
  },
  'volume-down': {
    key: '8',
    accelerator: '8',
    menu: 'view',
    sceneUnchanged: true,
    label: { en: 'Volume −10', ja: '音量 −10' },
  },
  'volume-up': {
    key: '9',
    accelerator: '9',
    menu: 'view',
    sceneUnchanged: true,
    label: { en: 'Volume +10', ja: '音量 +10' },
  },
  'toggle-impact-sounds': {
    key: '7',
    accelerator: '7',
    menu: 'view',
    sceneUnchanged: true,
    label: { en: 'Impact Sounds On/Off', ja: '衝突音 オン/オフ' },
  },
  'toggle-music': {
    key: '6',
    accelerator: '6',
    menu: 'view',
    sceneUnchanged: true,
    label: { en: 'Music On/Off', ja: '音楽 オン/オフ' },
  },
  'open-music': {
    key: 'y',
    accelerator: 'Y',
    menu: 'motion',
    sceneUnchanged: true,
    label: { en: 'Open Music…', ja: '音楽を開く…' },
  },
  'music-offset-down': {
    key: '3',
    accelerator: '3',
    menu: 'motion',
    sceneUnchanged: true,
    label: { en: 'Music Offset −10 ms', ja: '音楽のずれ −10 ms' },
  },
  'music-offset-up': {
    key: '4',
    accelerator: '4',
    menu: 'motion',
    sceneUnchanged: true,
    label: { en: 'Music Offset +10 ms', ja: '音楽のずれ +10 ms' },
  },
  'open-stage': {
    // G for ground: Ctrl/⌘+Shift+O is File > Open Motion…'s.
    key: 'g',
    chord: 'mod+shift',
    accelerator: 'CmdOrCtrl+Shift+G',
    menu: 'file',
    // The swap comes frames later, once the stage is built: it records its own undo step then.
    sceneUnchanged: true,
    label: { en: 'Open Stage…', ja: 'ステージを開く…' },
  },
  'builtin-stage': {
    key: 'b',
    chord: 'mod+shift',
    accelerator: 'CmdOrCtrl+Shift+B',
    menu: 'file',
    // Like Open Stage…, the swap records its own undo step (with the stage it leaves).
    sceneUnchanged: true,
    label: { en: 'Built-in Stage', ja: '標準のステージ' },
  },
};

/** Modifier keys held with a key press. */
export interface HeldKeys {
  /** Ctrl or ⌘ (Meta). */
  readonly mod?: boolean;
  readonly shift?: boolean;
}

/**
 * The command a key press triggers, or undefined. Plain keys (no chord) are matched without
 * Ctrl or ⌘ and whatever Shift is; chords need exactly their keys.
 */
export function commandForKey(key: string, held: HeldKeys = {}): AppCommand | undefined {
  const wanted = key.length === 1 ? key.toLowerCase() : key;
  const chord: KeyChord | undefined = held.mod ? (held.shift ? 'mod+shift' : 'mod') : undefined;
  return APP_COMMANDS.find((command) => {
    const info = COMMANDS[command];
    if (info.key === wanted && info.chord === chord) return true;
    return info.alternate?.key === wanted && info.alternate.chord === chord;
  });
}

/** How a chord is written for people, before the key: Ctrl on Windows and Linux, ⌘ on macOS. */
const CHORD_TEXT: Readonly<Record<KeyChord, string>> = {
  mod: 'Ctrl/⌘+',
  'mod+shift': 'Ctrl/⌘+Shift+',
};

/**
 * A command's key as the panel and the help show it: the menu's accelerator (`D`, `F1`), or
 * a chord such as `Ctrl/⌘+Z`; with `withAlternate`, its other key too (`…, Ctrl/⌘+Y`).
 */
export function keyText(command: AppCommand, withAlternate = false): string {
  const info = COMMANDS[command];
  if (info.chord === undefined) return info.accelerator;
  const main = `${CHORD_TEXT[info.chord]}${info.key.toUpperCase()}`;
  const other = info.alternate;
  return withAlternate && other
    ? `${main}, ${CHORD_TEXT[other.chord]}${other.key.toUpperCase()}`
    : main;
}

/** A command's keys as `aria-keyshortcuts` spells them, e.g. `D`, `F1`, `Control+Z Meta+Z`. */
export function ariaKeyShortcuts(command: AppCommand): string {
  const info = COMMANDS[command];
  const key = info.key.length === 1 ? info.key.toUpperCase() : info.key;
  if (info.chord === undefined) return key;
  const shift = info.chord === 'mod+shift' ? 'Shift+' : '';
  return `Control+${shift}${key} Meta+${shift}${key}`;
}
