import type { PartMaterial, PartShape } from './doll-spec';

/** The kinds of loose object that can be dropped into the scene. */
export type PropKind = 'ball' | 'box';

/** Shape and material of a prop kind. */
export interface PropSpec {
  readonly shape: PartShape;
  readonly material: PartMaterial;
}

export const PROP_SPECS: Readonly<Record<PropKind, PropSpec>> = {
  ball: {
    shape: { kind: 'sphere', radius: 0.3 },
    material: {
      density: 150,
      restitution: 0.55,
      friction: 0.6,
      linearDamping: 0.05,
      angularDamping: 0.3,
    },
  },
  box: {
    shape: { kind: 'box', halfExtents: [0.25, 0.25, 0.25] },
    material: {
      density: 250,
      restitution: 0.1,
      friction: 0.8,
      linearDamping: 0.05,
      angularDamping: 0.3,
    },
  },
};

/** At most this many props; adding another removes the oldest. */
export const MAX_PROPS = 12;
/** Props appear this far above the first figure (metres). */
export const PROP_DROP_HEIGHT = 4.5;
