import { BinaryReader } from './binary-reader';
import type {
  MmdMorph,
  MmdBone,
  MmdIk,
  MmdIkLink,
  MmdJoint,
  MmdMesh,
  MmdModel,
  MmdRigidBody,
  Triple,
} from './mmd-model';
import { DamagedIkChains } from './ik-checks';
import { readJoint, readRigidBody } from './mmd-physics-records';
import type { PhysicsRecordLayout } from './mmd-physics-records';
import { MmdFormatError } from './mmd-format-error';
import { checkMesh } from './mesh-checks';
import type { PmdMaterialDraft } from './pmd-materials';
import { resolveToon, splitTextureField, TextureList } from './pmd-materials';
import { ReadWarnings } from './read-warnings';
import { RefusedMorphs, firstBadVertex } from './mmd-morphs';
import { decodeFixedShiftJis } from './text-decoding';

/**
 * Reads a PMD file (MMD's older format: Shift_JIS names in fixed-width fields, fixed-size
 * records) into the same {@link MmdModel} shape as PMX. Its last three sections (English
 * names, the toon list, physics) were added to the format over time and are optional: a file
 * that ends exactly before one of them loads, without physics, and says so (`pmd-no-physics`);
 * a file that ends inside any section is an error.
 */

const PMD_MAGIC = [0x50, 0x6d, 0x64]; // "Pmd"
const NO_INDEX = 0xffff;
const VERTEX_BYTES = 38;
const MATERIAL_BYTES = 70;
const BONE_BYTES = 39;
const RIGID_BODY_BYTES = 83;
const JOINT_BYTES = 124;
const TOON_LIST_BYTES = 10 * 100;

/** PMD bone types that carry meaning here (MMDAgent's names). */
const BONE_TYPE = { ik: 2, underRotate: 5, ikTarget: 6, invisible: 7, followRotate: 9 } as const;

export function isPmd(bytes: Uint8Array): boolean {
  return PMD_MAGIC.every((byte, i) => bytes[i] === byte);
}

class PmdInput extends BinaryReader {
  name(size: number): string {
    return decodeFixedShiftJis(this.bytes(size));
  }

  /** A uint16 index where 0xFFFF means none. */
  index16(): number {
    const value = this.u16();
    return value === NO_INDEX ? -1 : value;
  }
}

/** @throws MmdFormatError when the bytes are not a readable PMD file. */
export function parsePmd(bytes: Uint8Array): MmdModel {
  const input = new PmdInput(bytes);
  const warnings = new ReadWarnings();
  input.skip(3);
  const version = input.f32();
  if (Math.abs(version - 1) > 1e-3) {
    throw new MmdFormatError(`PMD version ${version} is not supported (1.0 is)`);
  }
  const name = input.name(20);
  const comment = input.name(256);
  const mesh = readVertices(input);
  const textures = new TextureList();
  const drafts = readMaterials(input, textures);
  const bones = withIkChains(readBones(input), readIkList(input), warnings);
  const refused = new RefusedMorphs();
  const { skinCount, morphs } = readSkins(input, mesh.vertexCount, refused);
  refused.report(name, mesh.vertexCount, warnings);
  const boneFrameNames = skipDisplayLists(input);

  const tail = readOptionalSections(input, bones, skinCount, boneFrameNames, warnings);
  const materials = drafts.map(({ toonByte, ...material }) => ({
    ...material,
    toon: resolveToon(toonByte, tail.toonNames, textures),
  }));
  checkMesh(mesh, bones.length, materials, warnings);
  return {
    format: 'pmd',
    version: 1,
    name,
    englishName: tail.englishName,
    comment,
    mesh,
    textures: textures.paths,
    materials,
    bones: tail.bones,
    morphCount: morphs.length,
    morphs,
    rigidBodies: tail.rigidBodies,
    joints: tail.joints,
    warnings: warnings.list(),
  };
}

function readVertices(input: PmdInput): MmdMesh {
  const vertexCount = input.count('vertex', 'u32', VERTEX_BYTES);
  const positions = new Float32Array(vertexCount * 3);
  const normals = new Float32Array(vertexCount * 3);
  const uvs = new Float32Array(vertexCount * 2);
  const skinIndices = new Uint16Array(vertexCount * 4);
  const skinWeights = new Float32Array(vertexCount * 4);
  for (let v = 0; v < vertexCount; v++) {
    input.at('vertex', v);
    input.floatsInto(positions, v * 3, 3);
    input.floatsInto(normals, v * 3, 3);
    input.floatsInto(uvs, v * 2, 2);
    skinIndices[v * 4] = input.u16();
    skinIndices[v * 4 + 1] = input.u16();
    // The first bone's share in percent; the second bone takes the rest.
    const percent = Math.min(input.u8(), 100);
    skinWeights[v * 4] = percent / 100;
    skinWeights[v * 4 + 1] = 1 - percent / 100;
    input.skip(1); // edge flag
  }
  const indexCount = input.count('face index', 'u32', 2);
  const indices = new Uint32Array(indexCount);
  input.at('the faces');
  for (let i = 0; i < indexCount; i++) indices[i] = input.u16();
  return { vertexCount, positions, normals, uvs, skinIndices, skinWeights, indices };
}

function readMaterials(input: PmdInput, textures: TextureList): PmdMaterialDraft[] {
  return input.list('material', 'u32', MATERIAL_BYTES, (m) => {
    const diffuse = [input.f32(), input.f32(), input.f32(), input.f32()] as const;
    const shininess = input.f32();
    const specular = input.triple();
    const ambient = input.triple();
    const toonByte = input.u8();
    const edgeFlag = input.u8();
    const indexCount = input.u32();
    const field = splitTextureField(input.name(20), textures);
    return {
      name: `material${m}`,
      diffuse,
      specular,
      shininess,
      ambient,
      // MMD draws translucent PMD materials from both sides.
      doubleSided: diffuse[3] < 1,
      drawsEdge: edgeFlag === 1,
      edgeColor: [0, 0, 0, 1],
      edgeSize: edgeFlag === 1 ? 1 : 0,
      ...field,
      toonByte,
      indexCount,
    };
  });
}

/**
 * 付与 from PMD bone types, as MMDAgent applies them: type 5 (rotation influenced) copies the
 * whole rotation of the bone in its IK field; type 9 (rotation linked) copies a share of its
 * tail bone's rotation, the IK field holding the percentage.
 */
function appendOf(type: number, ikRaw: number, tailBone: number): MmdBone['append'] {
  if (type === BONE_TYPE.underRotate && ikRaw !== NO_INDEX) {
    return { parentIndex: ikRaw, ratio: 1, rotation: true, translation: false, local: false };
  }
  if (type === BONE_TYPE.followRotate && tailBone >= 0) {
    return {
      parentIndex: tailBone,
      ratio: ikRaw / 100,
      rotation: true,
      translation: false,
      local: false,
    };
  }
  return null;
}

function readBones(input: PmdInput): MmdBone[] {
  return input.list('bone', 'u16', BONE_BYTES, () => {
    const name = input.name(20);
    const parentIndex = input.index16();
    const tailField = input.index16();
    const type = input.u8();
    const ikRaw = input.u16();
    const position = input.triple();
    // PMD end bones point at bone 0 to mean "no tail".
    const tailBone = tailField > 0 ? tailField : -1;
    return {
      name,
      englishName: '',
      position,
      parentIndex,
      layer: 0,
      tailBone,
      tailOffset: null,
      append: appendOf(type, ikRaw, tailBone),
      isIk: type === BONE_TYPE.ik,
      ik: null,
      afterPhysics: false,
      visible: type !== BONE_TYPE.invisible && type !== BONE_TYPE.ikTarget,
    };
  });
}

/** One record of PMD's IK chain list: which bone it belongs to, and the chain. */
interface PmdIkRecord {
  readonly ikBone: number;
  readonly ik: MmdIk;
}

/** PMD's stored angle limit per step is a quarter of MMD's (MMDAgent, saba and three.js all ×4). */
const PMD_IK_LIMIT_SCALE = 4;

function readIkList(input: PmdInput): PmdIkRecord[] {
  return input.list('IK chain', 'u16', 11, () => {
    const ikBone = input.index16();
    const targetIndex = input.index16();
    const linkCount = input.u8();
    const loopCount = input.u16();
    const limitAngle = input.f32() * PMD_IK_LIMIT_SCALE;
    input.ensure(linkCount * 2);
    const links = Array.from({ length: linkCount }, () => ({
      boneIndex: input.index16(),
      limits: null,
    }));
    return { ikBone, ik: { targetIndex, loopCount, limitAngle, links } };
  });
}

/**
 * MMD bends a PMD knee (a link named ひざ) about X only, forwards never: the limit a PMX file
 * would store for it (its X axis is MMD's, left-handed), from MMDAgent and saba.
 */
const PMD_KNEE_LIMITS = {
  min: [-Math.PI, 0, 0],
  max: [-0.5 * (Math.PI / 180), 0, 0],
} as const satisfies MmdIkLink['limits'];

/**
 * Puts each IK chain on its IK bone, with MMD's knee limit on ひざ links. A record naming a
 * bone that does not exist, or a bone already given a chain, is left out with a warning.
 */
function withIkChains(
  bones: MmdBone[],
  records: readonly PmdIkRecord[],
  warnings: ReadWarnings,
): MmdBone[] {
  const damaged = new DamagedIkChains(bones.length);
  const out = [...bones];
  records.forEach(({ ikBone, ik }, r) => {
    const bone = out[ikBone];
    const links = ik.links.map((link) =>
      out[link.boneIndex]?.name.includes('ひざ') ? { ...link, limits: PMD_KNEE_LIMITS } : link,
    );
    if (!bone || bone.ik) {
      damaged.check(bone?.name ?? `IK chain ${r}`, { damaged: `its bone is ${ikBone}` });
      return;
    }
    out[ikBone] = { ...bone, ik: damaged.check(bone.name, { ...ik, links }) };
  });
  damaged.report(warnings);
  return out;
}

/**
 * Reads the skins (PMD's vertex morphs). The first is the base: the face's vertices (indices
 * into the mesh) and their rest positions; each other skin lists indices into the base's list
 * and offsets, made here into mesh indices like a PMX vertex morph's. Returns how many skins
 * there are, base included, and the morphs (the base is not one). A skin naming a vertex
 * neither the base nor the mesh has is refused into `refused`.
 */
function readSkins(
  input: PmdInput,
  vertexCount: number,
  refused: RefusedMorphs,
): { skinCount: number; morphs: MmdMorph[] } {
  const count = input.count('skin', 'u16', 25);
  const morphs: MmdMorph[] = [];
  let base = new Int32Array(0);
  for (let s = 0; s < count; s++) {
    input.at('skin', s);
    const name = input.name(20);
    const vertices = input.checkCount(input.u32(), `vertices of skin ${s}`, 16);
    const type = input.u8();
    const indices = new Int32Array(vertices);
    const offsets = new Float32Array(3 * vertices);
    for (let i = 0; i < vertices; i++) {
      indices[i] = input.u32();
      offsets[3 * i] = input.f32();
      offsets[3 * i + 1] = input.f32();
      offsets[3 * i + 2] = input.f32();
    }
    if (s === 0 && type === 0) {
      const bad = firstBadVertex(indices, vertexCount);
      if (bad === null) base = indices;
      else refused.refuse(name, bad);
      continue;
    }
    const bad = firstBadVertex(indices, base.length);
    if (bad !== null) {
      refused.refuse(name, bad);
      morphs.push({ name, kind: 'other', type: 1 });
      continue;
    }
    for (let i = 0; i < vertices; i++) indices[i] = base[indices[i]!]!;
    morphs.push({ name, kind: 'vertex', vertices: indices, offsets });
  }
  return { skinCount: count, morphs };
}

/** Steps over the display lists; returns how many bone frame names there are. */
function skipDisplayLists(input: PmdInput): number {
  const skinList = input.count('skin display entry', 'u8', 2);
  input.skip(skinList * 2);
  const frameNames = input.count('bone frame name', 'u8', 50);
  input.skip(frameNames * 50);
  const boneList = input.count('bone display entry', 'u32', 3);
  input.skip(boneList * 3);
  return frameNames;
}

interface PmdTail {
  readonly englishName: string;
  readonly bones: MmdBone[];
  /** The toon list, or null when the file has none. */
  readonly toonNames: string[] | null;
  readonly rigidBodies: MmdRigidBody[];
  readonly joints: MmdJoint[];
}

/**
 * The optional English, toon and physics sections. Each is present only if the file goes on:
 * ending exactly where one would begin is a complete (older) PMD.
 */
function readOptionalSections(
  input: PmdInput,
  bones: MmdBone[],
  skinCount: number,
  boneFrameNames: number,
  warnings: ReadWarnings,
): PmdTail {
  const tail: PmdTail = { englishName: '', bones, toonNames: null, rigidBodies: [], joints: [] };
  if (input.remaining === 0) return noPhysics(tail, 'English names', warnings);
  input.at('the English names');
  const named = input.u8() === 1 ? readEnglish(input, bones, skinCount, boneFrameNames) : tail;
  if (input.remaining === 0) return noPhysics({ ...tail, ...named }, 'toon list', warnings);
  input.at('the toon list');
  input.ensure(TOON_LIST_BYTES);
  const toonNames = Array.from({ length: 10 }, () => input.name(100).replaceAll('\\', '/'));
  const withToons = { ...tail, ...named, toonNames };
  if (input.remaining === 0) return noPhysics(withToons, 'physics', warnings);
  return { ...withToons, ...readPhysics(input, withToons.bones) };
}

function noPhysics(tail: PmdTail, missing: string, warnings: ReadWarnings): PmdTail {
  warnings.add(
    'pmd-no-physics',
    `The PMD file ends before its ${missing} section, so it has no rigid bodies or joints: ` +
      'hair and clothes will not move on their own.',
    { names: [missing] },
  );
  return tail;
}

function readEnglish(
  input: PmdInput,
  bones: readonly MmdBone[],
  skinCount: number,
  boneFrameNames: number,
): Pick<PmdTail, 'englishName' | 'bones'> {
  const englishName = input.name(20);
  input.skip(256); // English comment
  const named = bones.map((bone, b) => {
    input.at('English bone name', b);
    return { ...bone, englishName: input.name(20) };
  });
  input.at('the English skin names');
  input.skip(Math.max(skinCount - 1, 0) * 20);
  input.at('the English bone frame names');
  input.skip(boneFrameNames * 50);
  return { englishName, bones: named };
}

function addTriple(a: Triple, b: Triple): Triple {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}

/** PMD physics records: 20-byte Shift_JIS names, uint16 bone and uint32 body indices. */
const PMD_PHYSICS_LAYOUT: PhysicsRecordLayout<PmdInput> = {
  name: (input) => input.name(20),
  boneIndex: (input) => input.index16(),
  rigidBodyIndex: (input) => input.u32(),
  // PMD joints are all MMD's spring 6-DOF, PMX type 0.
  jointType: () => 0,
};

/**
 * Rigid bodies and joints. PMD stores a body's position relative to its bone; it is made
 * model-space like PMX's. A body with no bone (0xFFFF) is placed relative to センター (else
 * bone 0), as MMDAgent does, and gets bone index −1.
 */
function readPhysics(
  input: PmdInput,
  bones: readonly MmdBone[],
): Pick<PmdTail, 'rigidBodies' | 'joints'> {
  const center = bones.find((bone) => bone.name === 'センター') ?? bones[0];
  const rigidBodies = input.list('rigid body', 'u32', RIGID_BODY_BYTES, (b) => {
    const body = readRigidBody(input, PMD_PHYSICS_LAYOUT, b);
    const origin = body.boneIndex >= 0 ? bones[body.boneIndex] : center;
    return origin ? { ...body, position: addTriple(origin.position, body.position) } : body;
  });
  const joints = input.list('joint', 'u32', JOINT_BYTES, (j) =>
    readJoint(input, PMD_PHYSICS_LAYOUT, j),
  );
  return { rigidBodies, joints };
}
