/**
 * The file types Ragdoll Playground opens: one list for the main process's open and save
 * dialogs, the drop handler, and the installers' file associations (electron-builder.yml,
 * checked against this list by tests/unit/installer-config.test.ts).
 *
 * Extensions are lower case and have no leading dot, the form both Electron's dialog
 * `filters` and electron-builder's `fileAssociations[].ext` expect.
 */

/** Avatar model extensions: VRM 0.x/1.0 (glTF binary) and MMD's PMX and PMD. */
export const MODEL_EXTENSIONS = ['vrm', 'pmx', 'pmd'] as const;

/** Motion extensions: VRM Animation (glTF binary) and MMD's VMD. */
export const MOTION_EXTENSIONS = ['vrma', 'vmd'] as const;

/**
 * The preset (saved scene) extension. Presets are JSON inside, but a name of their own lets
 * the OS open them with the app on double-click without claiming every `.json` file.
 */
export const PRESET_EXTENSION = 'ragdoll';

/** An avatar model extension, e.g. `'vrm'`. */
export type ModelExtension = (typeof MODEL_EXTENSIONS)[number];

/** A motion extension, e.g. `'vmd'`. */
export type MotionExtension = (typeof MOTION_EXTENSIONS)[number];

/** One file type the operating system should hand to the app. */
export interface FileAssociation {
  /** Extension without the dot, lower case. */
  readonly ext: string;
  /** What the OS shows as the type's name (Finder's "Kind", Explorer's "Type"). */
  readonly name: string;
  /**
   * macOS `CFBundleTypeRole`: `Editor` for files the app writes (presets), `Viewer` for
   * files it only reads (models, motions).
   */
  readonly role: 'Editor' | 'Viewer';
  /** Linux MIME type for the desktop entry; no registered types exist, hence `x-`. */
  readonly mimeType: string;
}

/** What the OS shows as each model type's name; a `Record` so a new extension must get one. */
const MODEL_TYPE_NAMES: Readonly<Record<ModelExtension, string>> = {
  vrm: 'VRM Avatar',
  pmx: 'PMX Model',
  pmd: 'PMD Model',
};

/** What the OS shows as each motion type's name. */
const MOTION_TYPE_NAMES: Readonly<Record<MotionExtension, string>> = {
  vrma: 'VRM Animation',
  vmd: 'VMD Motion',
};

/** Every association the installers register: the models, the motions, then the preset type. */
export const FILE_ASSOCIATIONS: readonly FileAssociation[] = [
  ...MODEL_EXTENSIONS.map((ext): FileAssociation => ({
    ext,
    name: MODEL_TYPE_NAMES[ext],
    role: 'Viewer',
    mimeType: `application/x-${ext}`,
  })),
  ...MOTION_EXTENSIONS.map((ext): FileAssociation => ({
    ext,
    name: MOTION_TYPE_NAMES[ext],
    role: 'Viewer',
    mimeType: `application/x-${ext}`,
  })),
  {
    ext: PRESET_EXTENSION,
    name: 'Ragdoll Playground Preset',
    role: 'Editor',
    mimeType: 'application/x-ragdoll-playground-preset',
  },
];

/**
 * Whether a file name has an extension the app opens, ignoring case (`Model.VRM` counts).
 *
 * @param fileName - a bare name or a path; only the part after the last dot matters
 */
export function isOpenableFileName(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return false;
  const ext = fileName.slice(dot + 1).toLowerCase();
  return FILE_ASSOCIATIONS.some((association) => association.ext === ext);
}

/**
 * Whether a file name has a motion extension (`.vrma`, `.vmd`), ignoring case: such a file
 * is opened as a motion for the figures, not as a model.
 *
 * @param fileName - a bare name or a path; only the part after the last dot matters
 */
export function isMotionFileName(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return false;
  const ext = fileName.slice(dot + 1).toLowerCase();
  return (MOTION_EXTENSIONS as readonly string[]).includes(ext);
}
