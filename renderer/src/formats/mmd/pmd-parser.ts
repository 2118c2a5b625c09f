import { BinaryReader, pluralOf } from './binary-reader';
import type { MmdBone, MmdJoint, MmdMesh, MmdModel, MmdRigidBody, Triple } from './mmd-model';
import { MmdFormatError } from './mmd-format-error';
import { checkMesh } from './mesh-checks';
import type { PmdMaterialDraft } from './pmd-materials';
import { resolveToon, splitTextureField, TextureList } from './pmd-materials';
import { ReadWarnings } from './read-warnings';
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
  const bones = readBones(input);
  skipIkList(input);
  const skinCount = skipSkins(input);
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
    // The first skin is the base shape the others offset from, not a morph of its own.
    morphCount: Math.max(skinCount - 1, 0),
    rigidBodies: tail.rigidBodies,
    joints: tail.joints,
    warnings: warnings.list(),
  };
}

function readCount(input: PmdInput, what: string, width: 1 | 2 | 4, itemBytes: number): number {
  input.at(`the ${what} count`);
  const count = width === 1 ? input.u8() : width === 2 ? input.u16() : input.u32();
  return input.checkCount(count, pluralOf(what), itemBytes);
}

function readVertices(input: PmdInput): MmdMesh {
  const vertexCount = readCount(input, 'vertex', 4, VERTEX_BYTES);
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
  const indexCount = readCount(input, 'face index', 4, 2);
  const indices = new Uint32Array(indexCount);
  input.at('the faces');
  for (let i = 0; i < indexCount; i++) indices[i] = input.u16();
  return { vertexCount, positions, normals, uvs, skinIndices, skinWeights, indices };
}

function readMaterials(input: PmdInput, textures: TextureList): PmdMaterialDraft[] {
  const count = readCount(input, 'material', 4, MATERIAL_BYTES);
  const materials: PmdMaterialDraft[] = [];
  for (let m = 0; m < count; m++) {
    input.at('material', m);
    const diffuse = [input.f32(), input.f32(), input.f32(), input.f32()] as const;
    const shininess = input.f32();
    const specular = input.triple();
    const ambient = input.triple();
    const toonByte = input.u8();
    const edgeFlag = input.u8();
    const indexCount = input.u32();
    const field = splitTextureField(input.name(20), textures);
    materials.push({
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
    });
  }
  return materials;
}

/**
 * 付与 from PMD bone types, as MMDAgent applies them: type 5 (rotation influenced) copies the
 * whole rotation of the bone in its IK field; type 9 (rotation linked) copies a share of its
 * tail bone's rotation, the IK field holding the percentage.
 */
function appendOf(type: number, ikRaw: number, tailBone: number): MmdBone['append'] {
  if (type === BONE_TYPE.underRotate && ikRaw !== NO_INDEX) {
    return { parentIndex: ikRaw, ratio: 1, rotation: true, translation: false };
  }
  if (type === BONE_TYPE.followRotate && tailBone >= 0) {
    return { parentIndex: tailBone, ratio: ikRaw / 100, rotation: true, translation: false };
  }
  return null;
}

function readBones(input: PmdInput): MmdBone[] {
  const count = readCount(input, 'bone', 2, BONE_BYTES);
  const bones: MmdBone[] = [];
  for (let b = 0; b < count; b++) {
    input.at('bone', b);
    const name = input.name(20);
    const parentIndex = input.index16();
    const tailField = input.index16();
    const type = input.u8();
    const ikRaw = input.u16();
    const position = input.triple();
    // PMD end bones point at bone 0 to mean "no tail".
    const tailBone = tailField > 0 ? tailField : -1;
    bones.push({
      name,
      englishName: '',
      position,
      parentIndex,
      layer: 0,
      tailBone,
      tailOffset: null,
      append: appendOf(type, ikRaw, tailBone),
      isIk: type === BONE_TYPE.ik,
      visible: type !== BONE_TYPE.invisible && type !== BONE_TYPE.ikTarget,
    });
  }
  return bones;
}

function skipIkList(input: PmdInput): void {
  const count = readCount(input, 'IK chain', 2, 11);
  for (let i = 0; i < count; i++) {
    input.at('IK chain', i);
    input.skip(4);
    const links = input.u8();
    input.skip(2 + 4 + links * 2);
  }
}

/** Steps over the skins (PMD's vertex morphs); returns how many, base included. */
function skipSkins(input: PmdInput): number {
  const count = readCount(input, 'skin', 2, 25);
  for (let s = 0; s < count; s++) {
    input.at('skin', s);
    input.skip(20);
    const vertices = input.u32();
    input.skip(1);
    input.checkCount(vertices, `vertices of skin ${s}`, 16);
    input.skip(vertices * 16);
  }
  return count;
}

/** Steps over the display lists; returns how many bone frame names there are. */
function skipDisplayLists(input: PmdInput): number {
  const skinList = readCount(input, 'skin display entry', 1, 2);
  input.skip(skinList * 2);
  const frameNames = readCount(input, 'bone frame name', 1, 50);
  input.skip(frameNames * 50);
  const boneList = readCount(input, 'bone display entry', 4, 3);
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
  const bodyCount = readCount(input, 'rigid body', 4, RIGID_BODY_BYTES);
  const rigidBodies: MmdRigidBody[] = [];
  for (let b = 0; b < bodyCount; b++) {
    input.at('rigid body', b);
    const name = input.name(20);
    const boneIndex = input.index16();
    const group = input.u8();
    const collisionMask = input.u16();
    const shape = input.u8();
    const size = input.triple();
    const relative = input.triple();
    const rotation = input.triple();
    const [mass, linearDamping, angularDamping, restitution, friction] = [
      input.f32(),
      input.f32(),
      input.f32(),
      input.f32(),
      input.f32(),
    ];
    const physicsMode = input.u8();
    if (shape > 2) throw new MmdFormatError(`rigid body ${b} has shape ${shape} (0 to 2 expected)`);
    if (physicsMode > 2) {
      throw new MmdFormatError(`rigid body ${b} has physics type ${physicsMode} (0 to 2 expected)`);
    }
    const origin = boneIndex >= 0 ? bones[boneIndex] : center;
    rigidBodies.push({
      name,
      boneIndex,
      group,
      collisionMask,
      shape: shape as 0 | 1 | 2,
      size,
      position: origin ? addTriple(origin.position, relative) : relative,
      rotation,
      mass,
      linearDamping,
      angularDamping,
      restitution,
      friction,
      physicsMode: physicsMode as 0 | 1 | 2,
    });
  }
  const jointCount = readCount(input, 'joint', 4, JOINT_BYTES);
  const joints: MmdJoint[] = [];
  for (let j = 0; j < jointCount; j++) {
    input.at('joint', j);
    joints.push({
      name: input.name(20),
      type: 0,
      bodyA: input.u32(),
      bodyB: input.u32(),
      position: input.triple(),
      rotation: input.triple(),
      linearMin: input.triple(),
      linearMax: input.triple(),
      angularMin: input.triple(),
      angularMax: input.triple(),
      linearSpring: input.triple(),
      angularSpring: input.triple(),
    });
  }
  return { rigidBodies, joints };
}
