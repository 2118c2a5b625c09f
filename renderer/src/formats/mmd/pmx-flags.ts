/**
 * PMX bit flags, shared by the parser and the fixture writer so both read the same bits.
 * Only the flags either of them uses are named.
 */

/** A bone's 16-bit flags. */
export const PMX_BONE_FLAG = {
  /** The tail is a bone index (else an offset). */
  tailIsBone: 0x0001,
  rotatable: 0x0002,
  movable: 0x0004,
  visible: 0x0008,
  enabled: 0x0010,
  ik: 0x0020,
  /** 付与 copies the source's model-space transform (see `MmdBone.append.local`). */
  localAppend: 0x0080,
  appendRotation: 0x0100,
  appendTranslation: 0x0200,
  fixedAxis: 0x0400,
  localAxes: 0x0800,
  afterPhysics: 0x1000,
  externalParent: 0x2000,
} as const;

/** A material's 8-bit drawing flags. */
export const PMX_MATERIAL_FLAG = {
  doubleSided: 0x01,
  groundShadow: 0x02,
  castsShadow: 0x04,
  edge: 0x10,
} as const;
