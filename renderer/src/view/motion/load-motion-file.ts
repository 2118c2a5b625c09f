/**
 * Reads a motion file, whichever kind it is, by its content (not its name): VMD (MMD motion)
 * by its "Vocaloid Motion Data" signature, VRMA (VRM Animation) as binary glTF. Runs in the
 * browser and in Node; three.js's GLTFLoader and `@pixiv/three-vrm-animation` are imported only
 * when a VRMA is opened.
 */
import type { GLTF } from 'three/addons/loaders/GLTFLoader.js';
import type { VRMAnimation } from '@pixiv/three-vrm-animation';
import { MmdFormatError } from '../../formats/mmd/mmd-format-error';
import { looksLikeVmd, parseVmd } from '../../formats/vmd/parse-vmd';
import type { MotionClip } from '../../motion/motion-clip';
import { MotionFileError } from '../../motion/motion-file-error';
import { vmdToClip } from '../../motion/vmd-clip';
import { GlbError, readGlb } from '../vrm/glb-container';
import { declaredLayoutCheck, wholeFileBuffer } from '../vrm/gltf-loading';
import { vrmaToClip } from './vrma-clip';

const GLB_MAGIC = [0x67, 0x6c, 0x54, 0x46]; // "glTF"
const VRMA_EXTENSION = 'VRMC_vrm_animation';

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

/** The first bytes of a file, printable, for "it starts with …" in messages. */
function openingOf(bytes: Uint8Array): string {
  const text = Array.from(bytes.subarray(0, 8), (b) =>
    b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.',
  ).join('');
  return `"${text}"`;
}

function readVmdClip(bytes: Uint8Array, fileName: string): MotionClip {
  try {
    return vmdToClip(parseVmd(bytes), fileName);
  } catch (error) {
    if (error instanceof MmdFormatError || error instanceof MotionFileError) {
      throw new MotionFileError(`${fileName}: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

/** Refuses a glTF that is not a VRM Animation before three.js parses it, saying what it is. */
function checkVrmaJson(bytes: Uint8Array, fileName: string): void {
  let json: Record<string, unknown>;
  try {
    json = readGlb(bytes, fileName).json;
  } catch (error) {
    if (error instanceof GlbError) throw new MotionFileError(error.message, { cause: error });
    throw error;
  }
  const used = Array.isArray(json['extensionsUsed']) ? (json['extensionsUsed'] as unknown[]) : [];
  if (!used.includes(VRMA_EXTENSION)) {
    const model = used.some((name) => name === 'VRMC_vrm' || name === 'VRM');
    throw new MotionFileError(
      `${fileName}: is a glTF file but not a VRM Animation (no ${VRMA_EXTENSION} extension)` +
        (model ? '; it is a VRM model: open it with Open Model' : ''),
    );
  }
  if (!Array.isArray(json['animations']) || json['animations'].length === 0) {
    throw new MotionFileError(`${fileName}: is a VRM Animation with no animation in it`);
  }
}

async function parseVrma(bytes: Uint8Array, fileName: string): Promise<VRMAnimation> {
  const [{ GLTFLoader }, { VRMAnimationLoaderPlugin }] = await Promise.all([
    import('three/addons/loaders/GLTFLoader.js'),
    import('@pixiv/three-vrm-animation'),
  ]);
  const loader = new GLTFLoader();
  // References and sizes are checked on the parser's own JSON before it builds anything; three.js
  // would otherwise throw on a bad one inside a promise nobody waits on.
  loader.register(declaredLayoutCheck(bytes, fileName, (message) => new MotionFileError(message)));
  loader.register((parser) => new VRMAnimationLoaderPlugin(parser));
  const buffer = wholeFileBuffer(bytes);
  let gltf: GLTF;
  try {
    gltf = await new Promise<GLTF>((resolve, reject) => loader.parse(buffer, '', resolve, reject));
  } catch (error) {
    if (error instanceof MotionFileError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new MotionFileError(`${fileName}: the VRM Animation could not be read (${reason})`, {
      cause: error,
    });
  }
  const animations = gltf.userData['vrmAnimations'] as VRMAnimation[] | undefined;
  const first = animations?.[0];
  if (!first) {
    throw new MotionFileError(`${fileName}: is a VRM Animation with no animation in it`);
  }
  return first;
}

async function readVrmaClip(bytes: Uint8Array, fileName: string): Promise<MotionClip> {
  checkVrmaJson(bytes, fileName);
  const animation = await parseVrma(bytes, fileName);
  try {
    return vrmaToClip(animation, fileName);
  } catch (error) {
    if (error instanceof MotionFileError) {
      throw new MotionFileError(`${fileName}: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

/**
 * The motion in a `.vmd` or `.vrma` file's bytes, named `fileName`. Throws a
 * {@link MotionFileError} whose message starts with the file's name and says what is wrong:
 * not a motion file (with what it starts with), a glTF that is a model rather than an
 * animation, a file that ends early (where), or a motion with no bone a figure can follow.
 */
export async function loadMotionFile(bytes: ArrayBuffer, fileName: string): Promise<MotionClip> {
  const view = new Uint8Array(bytes);
  if (view.byteLength === 0) throw new MotionFileError(`${fileName}: is empty`);
  if (looksLikeVmd(view)) return readVmdClip(view, fileName);
  if (startsWith(view, GLB_MAGIC)) return readVrmaClip(view, fileName);
  throw new MotionFileError(
    `${fileName}: is not a motion file: a VMD starts with "Vocaloid Motion Data" and a VRMA ` +
      `with "glTF", but it starts with ${openingOf(view)}`,
  );
}
