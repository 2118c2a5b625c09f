import type { MmdBone, MmdIk, MmdIkLink, MmdMaterial, MmdModel, MmdToon } from './mmd-model';
import { DamagedIkChains } from './ik-checks';
import type { DamagedIk } from './ik-checks';
import { MmdFormatError } from './mmd-format-error';
import { checkMesh } from './mesh-checks';
import { readJoint, readRigidBody } from './mmd-physics-records';
import type { PhysicsRecordLayout } from './mmd-physics-records';
import { PMX_BONE_FLAG, PMX_MATERIAL_FLAG } from './pmx-flags';
import { openPmx } from './pmx-input';
import type { PmxInput } from './pmx-input';
import { readPmxMesh } from './pmx-mesh';
import { skipPmxDisplayFrames, readPmxMorphs, skipPmxSoftBodies } from './pmx-skipped-sections';
import { ReadWarnings } from './read-warnings';
import { RefusedMorphs } from './mmd-morphs';

/**
 * Reads a PMX 2.0 or 2.1 file into an {@link MmdModel}, section by section in file order.
 * Values stay as stored (left-handed, MMD units, raw Euler angles); texture paths get `/`.
 * @throws MmdFormatError when the bytes are not a readable PMX 2.x file.
 */
export function parsePmx(bytes: Uint8Array): MmdModel {
  const input = openPmx(bytes);
  const warnings = new ReadWarnings();
  input.at('the model names');
  const name = input.text();
  const englishName = input.text();
  const comment = input.text();
  input.text(); // English comment
  const mesh = readPmxMesh(input);
  const textures = readTextures(input);
  // Counts are int32; each item's bytes are at least its fixed fields and empty texts.
  const materials = input.list('material', 'i32', 8 + 64 + 4 + 4, (i) => readMaterial(input, i));
  const boneBytes = 8 + 12 + 6 + 2 * input.header.boneIndexSize;
  const boneCount = input.count('bone', 'i32', boneBytes);
  const damagedIk = new DamagedIkChains(boneCount);
  const bones: MmdBone[] = [];
  for (let b = 0; b < boneCount; b++) {
    input.at('bone', b);
    bones.push(readBone(input, damagedIk));
  }
  damagedIk.report(warnings);
  const refused = new RefusedMorphs();
  const morphs = readPmxMorphs(input, mesh.vertexCount, refused);
  refused.report(name, mesh.vertexCount, warnings);
  skipPmxDisplayFrames(input);
  const rigidBodies = input.list('rigid body', 'i32', 8 + 62, (i) =>
    readRigidBody(input, PMX_PHYSICS_LAYOUT, i),
  );
  const joints = input.list('joint', 'i32', 8 + 1 + 96, (i) =>
    readJoint(input, PMX_PHYSICS_LAYOUT, i),
  );
  // Some 2.1 exporters stop after the joints; a missing soft-body section means none.
  if (input.header.version >= 2.1 && input.remaining > 0) {
    const softBodies = skipPmxSoftBodies(input);
    if (softBodies > 0) {
      warnings.add(
        'soft-bodies-ignored',
        `The model has ${softBodies} soft bodies (PMX 2.1); they are not simulated.`,
        { count: softBodies },
      );
    }
  }
  checkMesh(mesh, bones.length, materials, warnings);
  return {
    format: 'pmx',
    version: input.header.version,
    name,
    englishName,
    comment,
    mesh,
    textures,
    materials,
    bones,
    morphCount: morphs.length,
    morphs,
    rigidBodies,
    joints,
    warnings: warnings.list(),
  };
}

function readTextures(input: PmxInput): string[] {
  return input.list('texture', 'i32', 4, () => input.text().replaceAll('\\', '/'));
}

function sphereMode(value: number, material: number): 0 | 1 | 2 | 3 {
  if (value === 0 || value === 1 || value === 2 || value === 3) return value;
  throw new MmdFormatError(`material ${material} has sphere mode ${value} (0 to 3 expected)`);
}

function readToon(input: PmxInput): MmdToon {
  const shared = input.u8();
  if (shared === 1) return { kind: 'shared', index: input.u8() };
  const textureIndex = input.textureIndex();
  return textureIndex >= 0 ? { kind: 'texture', textureIndex } : { kind: 'none' };
}

function readMaterial(input: PmxInput, index: number): MmdMaterial {
  const name = input.name();
  const diffuse = [input.f32(), input.f32(), input.f32(), input.f32()] as const;
  const specular = input.triple();
  const shininess = input.f32();
  const ambient = input.triple();
  const flags = input.u8();
  const edgeColor = [input.f32(), input.f32(), input.f32(), input.f32()] as const;
  const edgeSize = input.f32();
  const textureIndex = input.textureIndex();
  const sphereTextureIndex = input.textureIndex();
  const mode = sphereMode(input.u8(), index);
  const toon = readToon(input);
  input.text(); // memo
  const indexCount = input.i32();
  if (indexCount < 0 || indexCount % 3 !== 0) {
    throw new MmdFormatError(
      `material ${index} draws ${indexCount} face indices (whole triangles expected)`,
    );
  }
  return {
    name,
    diffuse,
    specular,
    shininess,
    ambient,
    doubleSided: (flags & PMX_MATERIAL_FLAG.doubleSided) !== 0,
    drawsEdge: (flags & PMX_MATERIAL_FLAG.edge) !== 0,
    edgeColor,
    edgeSize,
    textureIndex,
    sphereTextureIndex,
    sphereMode: mode,
    toon,
    indexCount,
  };
}

function readBone(input: PmxInput, damagedIk: DamagedIkChains): MmdBone {
  const name = input.text();
  const englishName = input.text();
  const position = input.triple();
  const parentIndex = input.boneIndex();
  const layer = input.i32();
  const flags = input.u16();
  const tailIsBone = (flags & PMX_BONE_FLAG.tailIsBone) !== 0;
  const tailBone = tailIsBone ? input.boneIndex() : -1;
  const tailOffset = tailIsBone ? null : input.triple();
  const appendRotation = (flags & PMX_BONE_FLAG.appendRotation) !== 0;
  const appendTranslation = (flags & PMX_BONE_FLAG.appendTranslation) !== 0;
  let append: MmdBone['append'] = null;
  if (appendRotation || appendTranslation) {
    const appendParent = input.boneIndex();
    const ratio = input.f32();
    append = {
      parentIndex: appendParent,
      ratio,
      rotation: appendRotation,
      translation: appendTranslation,
      local: (flags & PMX_BONE_FLAG.localAppend) !== 0,
    };
  }
  if (flags & PMX_BONE_FLAG.fixedAxis) input.skip(12);
  if (flags & PMX_BONE_FLAG.localAxes) input.skip(24);
  if (flags & PMX_BONE_FLAG.externalParent) input.skip(4);
  const isIk = (flags & PMX_BONE_FLAG.ik) !== 0;
  return {
    name,
    englishName,
    position,
    parentIndex,
    layer,
    tailBone,
    tailOffset,
    append,
    isIk,
    ik: isIk ? damagedIk.check(name, readIk(input)) : null,
    afterPhysics: (flags & PMX_BONE_FLAG.afterPhysics) !== 0,
    visible: (flags & PMX_BONE_FLAG.visible) !== 0,
  };
}

/** IK target, loop count, angle limit, then links (each with optional angle limits). */
function readIk(input: PmxInput): MmdIk | DamagedIk {
  const targetIndex = input.boneIndex();
  const loopCount = input.i32();
  const limitAngle = input.f32();
  const count = input.i32();
  // A negative count leaves no way to know where the links end but zero: read none.
  if (count < 0) return { damaged: `it has ${count} links` };
  const linkCount = input.checkCount(count, 'IK links', input.header.boneIndexSize + 1);
  const links: MmdIkLink[] = [];
  for (let l = 0; l < linkCount; l++) {
    const boneIndex = input.boneIndex();
    const limited = input.u8() !== 0;
    links.push({
      boneIndex,
      limits: limited ? { min: input.triple(), max: input.triple() } : null,
    });
  }
  return { targetIndex, loopCount, limitAngle, links };
}

/** PMX 2.1 joint types 0..5 (spring 6-DOF, 6-DOF, point, cone twist, slider, hinge) share a layout. */
const MAX_JOINT_TYPE = 5;

/** PMX physics records: text names with an English name after, header-width indices. */
const PMX_PHYSICS_LAYOUT: PhysicsRecordLayout<PmxInput> = {
  name: (input) => input.name(),
  boneIndex: (input) => input.boneIndex(),
  rigidBodyIndex: (input) => input.rigidBodyIndex(),
  jointType(input, index) {
    const type = input.u8();
    if (type > MAX_JOINT_TYPE) {
      throw new MmdFormatError(`joint ${index} has type ${type} (0 to ${MAX_JOINT_TYPE} expected)`);
    }
    return type;
  },
};
