/**
 * An MMD model (PMX 2.0/2.1 or PMD) as stored in its file: MMD's left-handed space (+Y up,
 * the figure facing −Z), MMD units (about 8 cm each), Euler angles exactly as written.
 * Nothing here is converted; `renderer/src/rig/mmd/` turns it into metres and three.js /
 * Rapier conventions. Plain data: no three.js, no DOM, no Node.
 *
 * PMD is normalised into the same shape on read: its rigid-body positions (stored relative to
 * their bone) are made model-space like PMX's, its bone tails become `tailBone`, and its
 * built-in toon names (toon01.bmp …) become `toon` entries like PMX's shared toons.
 */

/** x, y, z. */
export type Triple = readonly [number, number, number];

/** r, g, b, a in 0..1. */
export type Rgba = readonly [number, number, number, number];

export type MmdFormat = 'pmx' | 'pmd';

/** What a problem found while reading is about; each kind is reported once per model. */
export interface MmdReadWarning {
  /** A stable code for tests and grouping, e.g. `pmd-no-physics`, `joint-missing-body`. */
  readonly code: string;
  /** A sentence for the user: what is wrong and what it means for the model. */
  readonly message: string;
}

export interface MmdModel {
  readonly format: MmdFormat;
  /** 2.0 or 2.1 for PMX, 1.0 for PMD. */
  readonly version: number;
  readonly name: string;
  readonly englishName: string;
  readonly comment: string;
  readonly mesh: MmdMesh;
  /** Texture paths as written in the file, with `\` turned into `/` (relative to the model). */
  readonly textures: readonly string[];
  readonly materials: readonly MmdMaterial[];
  readonly bones: readonly MmdBone[];
  /** How many morphs the file has (PMD: skins besides the base). */
  readonly morphCount: number;
  /**
   * The morphs: vertex morphs (PMD's skins included) and group morphs with their data, the
   * other kinds (bone, UV, material, flip, impulse) by name only. A vertex morph naming a
   * vertex the mesh lacks is left out (see the `morph-bad-vertex` warning).
   */
  readonly morphs: readonly MmdMorph[];
  readonly rigidBodies: readonly MmdRigidBody[];
  readonly joints: readonly MmdJoint[];
  /** Problems tolerated while reading (the model still loads). */
  readonly warnings: readonly MmdReadWarning[];
}

/** One morph as stored (left-handed, MMD units), in the file's order. */
export type MmdMorph =
  | {
      readonly name: string;
      readonly kind: 'vertex';
      /** The vertices it moves, indices into {@link MmdMesh}. */
      readonly vertices: Int32Array;
      /** 3 per vertex: how far each moves at weight 1, MMD units. */
      readonly offsets: Float32Array;
    }
  | {
      readonly name: string;
      readonly kind: 'group';
      /** Indices into {@link MmdModel.morphs} and the weight each is given at weight 1. */
      readonly morphs: Int32Array;
      readonly weights: Float32Array;
    }
  /** A bone, UV, material, flip or impulse morph (not drawn), by its PMX type number. */
  | { readonly name: string; readonly kind: 'other'; readonly type: number };

/** Vertex arrays ready for a BufferGeometry once converted (still left-handed). */
export interface MmdMesh {
  readonly vertexCount: number;
  /** 3 per vertex, MMD units. */
  readonly positions: Float32Array;
  /** 3 per vertex. */
  readonly normals: Float32Array;
  /** 2 per vertex, as stored (v down, DirectX style). */
  readonly uvs: Float32Array;
  /** 4 bone indices per vertex (BDEF1/2/4, SDEF read as BDEF2, QDEF as BDEF4); unused = 0. */
  readonly skinIndices: Uint16Array;
  /** 4 weights per vertex summing to 1; unused = 0. */
  readonly skinWeights: Float32Array;
  /** 3 vertex indices per triangle, in the file's (left-handed, clockwise) winding. */
  readonly indices: Uint32Array;
}

/** Which toon ramp a material uses. */
export type MmdToon =
  | { readonly kind: 'none' }
  /** MMD's built-in toon01.bmp … toon10.bmp (`index` 0..9 → toon01..toon10). */
  | { readonly kind: 'shared'; readonly index: number }
  /** A texture from {@link MmdModel.textures}. */
  | { readonly kind: 'texture'; readonly textureIndex: number };

export interface MmdMaterial {
  readonly name: string;
  readonly diffuse: Rgba;
  readonly specular: Triple;
  readonly shininess: number;
  readonly ambient: Triple;
  readonly doubleSided: boolean;
  readonly drawsEdge: boolean;
  readonly edgeColor: Rgba;
  /** Edge size in MMD units (PMD: 1 when drawn). */
  readonly edgeSize: number;
  /** Index into {@link MmdModel.textures}, or −1. */
  readonly textureIndex: number;
  /** Index into {@link MmdModel.textures}, or −1. */
  readonly sphereTextureIndex: number;
  /** 0 none, 1 multiply (.sph), 2 add (.spa), 3 sub-texture. */
  readonly sphereMode: 0 | 1 | 2 | 3;
  readonly toon: MmdToon;
  /** How many entries of {@link MmdMesh.indices} this material draws (a multiple of 3). */
  readonly indexCount: number;
}

export interface MmdBone {
  readonly name: string;
  readonly englishName: string;
  /** Rest position in model space, MMD units, left-handed. */
  readonly position: Triple;
  /** −1 for a root. */
  readonly parentIndex: number;
  /** PMX transform level (deform order); 0 for PMD. */
  readonly layer: number;
  /** Where the bone points: another bone, or an offset from its own position; null if neither. */
  readonly tailBone: number;
  readonly tailOffset: Triple | null;
  /** 付与 (append/inherit): copies a share of another bone's rotation and/or move. */
  readonly append: {
    readonly parentIndex: number;
    /** The share copied; may be negative (a cancel bone) or above 1. */
    readonly ratio: number;
    readonly rotation: boolean;
    readonly translation: boolean;
    /**
     * PMX local append (flag 0x0080): copy the source's whole model-space rotation and move
     * away from rest, instead of its own rotation relative to its parent. False for PMD.
     */
    readonly local: boolean;
  } | null;
  /** The IK flag is set (the chain itself may have been dropped as damaged: see `ik`). */
  readonly isIk: boolean;
  /** The bone's IK chain as stored, or null (no IK flag, or a chain dropped with a warning). */
  readonly ik: MmdIk | null;
  /** PMX "deform after physics" (flag 0x1000); false for PMD. */
  readonly afterPhysics: boolean;
  readonly visible: boolean;
}

/**
 * An IK chain: turn the links so that `targetIndex` reaches the IK bone. Angles are radians
 * about MMD's left-handed axes, as stored.
 */
export interface MmdIk {
  /** The bone moved onto the IK bone (the end of the chain). */
  readonly targetIndex: number;
  /** CCD iterations per solve (at least 0). */
  readonly loopCount: number;
  /** The most one link may turn in one CCD step, radians. */
  readonly limitAngle: number;
  /** From the target's parent upward. */
  readonly links: readonly MmdIkLink[];
}

export interface MmdIkLink {
  readonly boneIndex: number;
  /**
   * Euler-angle range of the link's rotation, radians per axis (x, y, z) in MMD's axes, or null
   * when the link turns freely.
   */
  readonly limits: { readonly min: Triple; readonly max: Triple } | null;
}

/** 0 follows its bone, 1 physics moves the bone, 2 physics turns the bone (position from bone). */
export type MmdPhysicsMode = 0 | 1 | 2;

export interface MmdRigidBody {
  readonly name: string;
  /** The bone it belongs to, or −1 (PMX allows it; real files have it). */
  readonly boneIndex: number;
  /** 0..15. */
  readonly group: number;
  /**
   * 16 bits as stored; a set bit means "collides with that group" (fffe on group 0
   * keeps group 0 bodies apart from each other; 0 collides with nothing).
   */
  readonly collisionMask: number;
  /** 0 sphere, 1 box, 2 capsule. */
  readonly shape: 0 | 1 | 2;
  /** sphere: radius; box: half extents x, y, z; capsule: radius, height (cylinder part). */
  readonly size: Triple;
  /** Model space, MMD units, left-handed (PMD positions already made absolute). */
  readonly position: Triple;
  /** Euler angles in radians as stored; read them in YXZ order (see `mmdRotationToQuat`). */
  readonly rotation: Triple;
  readonly mass: number;
  /** Bullet's meaning: the share of velocity lost per second, 0..1. */
  readonly linearDamping: number;
  readonly angularDamping: number;
  readonly restitution: number;
  readonly friction: number;
  readonly physicsMode: MmdPhysicsMode;
}

export interface MmdJoint {
  readonly name: string;
  /** 0 = 6-DOF spring (the only kind in PMX 2.0 and PMD). */
  readonly type: number;
  /** Indices into {@link MmdModel.rigidBodies}; may be out of range in bad files. */
  readonly bodyA: number;
  readonly bodyB: number;
  /** Model space, MMD units, left-handed. */
  readonly position: Triple;
  /** Euler angles in radians as stored (YXZ). */
  readonly rotation: Triple;
  /** MMD units, joint frame. */
  readonly linearMin: Triple;
  readonly linearMax: Triple;
  /** Radians, joint frame. */
  readonly angularMin: Triple;
  readonly angularMax: Triple;
  readonly linearSpring: Triple;
  readonly angularSpring: Triple;
}
