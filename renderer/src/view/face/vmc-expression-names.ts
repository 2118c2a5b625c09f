import type { FaceTarget } from './face-target';
import { MMD_TO_VRM_EXPRESSION } from './motion-face-tracks';

/**
 * VRM 0.x preset names as VMC senders spell them, and the VRM 1.0 preset each became (the
 * renaming three-vrm also applies when it loads a VRM 0.x model). VRM 0.x spells presets in
 * PascalCase (`Joy`, `Blink_L`); senders are not consistent about case, so lookups ignore it.
 */
const VRM0_TO_VRM1: readonly (readonly [string, string])[] = [
  ['Neutral', 'neutral'],
  ['A', 'aa'],
  ['I', 'ih'],
  ['U', 'ou'],
  ['E', 'ee'],
  ['O', 'oh'],
  ['Blink', 'blink'],
  ['Blink_L', 'blinkLeft'],
  ['Blink_R', 'blinkRight'],
  ['Joy', 'happy'],
  ['Angry', 'angry'],
  ['Sorrow', 'sad'],
  ['Fun', 'relaxed'],
  ['LookUp', 'lookUp'],
  ['LookDown', 'lookDown'],
  ['LookLeft', 'lookLeft'],
  ['LookRight', 'lookRight'],
];

/** VRM 1.0 presets that VRM 0.x lacks (sent under the same name either way). */
const VRM1_ONLY = ['surprised'];

/** Lower-cased VRM 0.x or VRM 1.0 preset name → the VRM 1.0 preset name. */
const PRESET_BY_LOWER: ReadonlyMap<string, string> = new Map([
  ...VRM0_TO_VRM1.map(([vrm0, vrm1]) => [vrm0.toLowerCase(), vrm1] as const),
  ...VRM0_TO_VRM1.map(([, vrm1]) => [vrm1.toLowerCase(), vrm1] as const),
  ...VRM1_ONLY.map((name) => [name, name] as const),
]);

/** VRM 1.0 preset name → its VRM 0.x name (what a VRM 0.x avatar's receivers expect). */
export const VRM1_TO_VRM0: ReadonlyMap<string, string> = new Map(
  VRM0_TO_VRM1.map(([vrm0, vrm1]) => [vrm1, vrm0] as const),
);

/**
 * The VRM 1.0 preset a received name stands for (`Joy`, `JOY`, `happy` → `happy`), or null
 * for a custom name.
 */
export function vrmPresetOf(name: string): string | null {
  return PRESET_BY_LOWER.get(name.toLowerCase()) ?? null;
}

/**
 * VRM 1.0 preset → MMD's standard morphs for it, best first: the reverse of the table a VMD's
 * face plays on a VRM through, plus the winks (ウィンク closes the left eye, ウィンク右 the
 * right, as most models name them) and なごみ for relaxed.
 */
const MMD_BY_PRESET: ReadonlyMap<string, readonly string[]> = (() => {
  const table = new Map<string, string[]>();
  for (const [mmd, vrm] of MMD_TO_VRM_EXPRESSION) {
    const list = table.get(vrm) ?? [];
    list.push(mmd);
    table.set(vrm, list);
  }
  table.set('blinkLeft', ['ウィンク', 'ウィンク２']);
  table.set('blinkRight', ['ウィンク右', 'ｳｨﾝｸ２右']);
  table.set('relaxed', ['なごみ']);
  return table;
})();

/** Which face an expression name is looked up on. */
export type ExpressionFace = 'vrm' | 'mmd';

/**
 * Where a received expression name lands on `face`: its index, or -1 when the model has
 * nothing for it. The exact name first (a custom expression or morph the model has), then
 * the VRM preset it stands for in either VRM version's spelling (on an MMD face, through
 * MMD's standard morph names), then the name ignoring case. Allocates (lower-casing): call it
 * when the names change, not per frame.
 */
export function expressionIndexOf(face: FaceTarget, kind: ExpressionFace, name: string): number {
  const exact = face.indexOf(name);
  if (exact >= 0) return exact;
  const preset = vrmPresetOf(name);
  if (preset !== null) {
    const candidates = kind === 'vrm' ? [preset] : (MMD_BY_PRESET.get(preset) ?? []);
    for (const candidate of candidates) {
      const index = face.indexOf(candidate);
      if (index >= 0) return index;
    }
  }
  const lower = name.toLowerCase();
  return face.names.findIndex((own) => own.toLowerCase() === lower);
}

/**
 * The name to send for expression `index` of `face` over VMC, or null to leave it out:
 * on a VRM 1.0 figure the VRM 1.0 name (presets as three-vrm names them, custom names as the
 * model spells them); on a VRM 0.x figure presets in their VRM 0.x spelling; on an MMD figure
 * the VRM 1.0 preset of each standard morph (others are left out: a receiver's avatar has
 * no such names).
 *
 * @param vrmVersion - `'0'` or `'1'` for a VRM figure (three-vrm's `meta.metaVersion`)
 */
export function sentExpressionName(
  face: FaceTarget,
  kind: ExpressionFace,
  index: number,
  vrmVersion: '0' | '1',
): string | null {
  const name = face.names[index];
  if (name === undefined) return null;
  if (kind === 'mmd') return MMD_TO_VRM_EXPRESSION.get(name) ?? VRM1_BY_MMD_EXTRA.get(name) ?? null;
  if (vrmVersion === '0') return VRM1_TO_VRM0.get(name) ?? name;
  return name;
}

/** The morphs {@link MMD_BY_PRESET} adds beyond the VMD table, back to their presets. */
const VRM1_BY_MMD_EXTRA: ReadonlyMap<string, string> = new Map([
  ['ウィンク', 'blinkLeft'],
  ['ウィンク右', 'blinkRight'],
  ['なごみ', 'relaxed'],
]);
