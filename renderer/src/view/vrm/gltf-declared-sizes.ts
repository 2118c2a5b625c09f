/**
 * Checks the sizes a glTF's JSON declares before three.js allocates from them. An accessor
 * without a buffer view is a run of zeros the loader allocates in full (a 2 KB file can
 * declare 200 million of them); one with a view must lie inside its view, the view inside
 * its buffer and the file's binary chunk; an embedded image must not declare more pixels
 * than a decoder should allocate.
 */

import { imageSizeProblem } from '../../formats/image-size';

/** Most bytes all accessors without data (zero-filled) may declare together: 64 MiB. */
export const ZERO_FILLED_MAX_BYTES = 64 * 1024 * 1024;

const COMPONENT_BYTES: Readonly<Record<number, number>> = {
  5120: 1,
  5121: 1,
  5122: 2,
  5123: 2,
  5125: 4,
  5126: 4,
};
const TYPE_COMPONENTS: Readonly<Record<string, number>> = {
  SCALAR: 1,
  VEC2: 2,
  VEC3: 3,
  VEC4: 4,
  MAT2: 4,
  MAT3: 9,
  MAT4: 16,
};

type Json = Record<string, unknown>;

/**
 * What in the JSON declares more than the file holds or than is sane to allocate, or an
 * accessor or view whose layout is not one glTF allows (three.js would throw inside a promise
 * nobody waits on), as a sentence without the file name; or null.
 *
 * @param bin - the GLB's binary chunk (the data of buffer 0 when it has no `uri`)
 */
export function gltfSizeProblem(json: Json, bin: Uint8Array | undefined): string | null {
  const accessors = records(json['accessors']);
  const views = records(json['bufferViews']);
  const buffers = records(json['buffers']);
  let zeroFilled = 0;
  for (const [index, accessor] of accessors.entries()) {
    const count = accessor['count'];
    const componentBytes = COMPONENT_BYTES[accessor['componentType'] as number];
    const components = TYPE_COMPONENTS[accessor['type'] as string];
    if (!isCount(count) || componentBytes === undefined || components === undefined) {
      return `accessor ${index} has no valid count, component type and type`;
    }
    const offset = accessor['byteOffset'] ?? 0;
    if (!isCount(offset) || offset % componentBytes !== 0) {
      return `accessor ${index} starts at byte ${String(offset)}, which is not a multiple of its ${componentBytes}-byte components`;
    }
    const elementBytes = componentBytes * components;
    const viewIndex = accessor['bufferView'];
    if (viewIndex === undefined) {
      zeroFilled += count * elementBytes;
      if (zeroFilled > ZERO_FILLED_MAX_BYTES) {
        return (
          `accessor ${index} declares ${count} values with no data in the file; accessors ` +
          `without data may declare at most ${ZERO_FILLED_MAX_BYTES / (1024 * 1024)} MB together`
        );
      }
      continue;
    }
    const view = typeof viewIndex === 'number' ? views[viewIndex] : undefined;
    if (view === undefined || count === 0) continue;
    const stride = isCount(view['byteStride']) ? view['byteStride'] : elementBytes;
    const end = numberOr(accessor['byteOffset'], 0) + (count - 1) * stride + elementBytes;
    if (end > numberOr(view['byteLength'], 0)) {
      return `accessor ${index} declares ${count} values, which run past the end of buffer view ${viewIndex}`;
    }
  }
  for (const [index, view] of views.entries()) {
    const layout = viewLayoutProblem(view);
    if (layout !== null) return `buffer view ${index} ${layout}`;
    const bufferIndex = view['buffer'];
    const buffer = typeof bufferIndex === 'number' ? buffers[bufferIndex] : undefined;
    if (buffer === undefined) continue;
    const end = numberOr(view['byteOffset'], 0) + numberOr(view['byteLength'], 0);
    const available =
      bufferIndex === 0 && buffer['uri'] === undefined
        ? Math.min(numberOr(buffer['byteLength'], 0), bin?.length ?? 0)
        : numberOr(buffer['byteLength'], 0);
    if (end > available) {
      return `buffer view ${index} ends at byte ${end}, past the ${available} bytes its buffer holds in the file`;
    }
  }
  return imagesProblem(json, views, bin);
}

/** A view's offset, length and stride must be whole numbers of bytes it can have. */
function viewLayoutProblem(view: Json): string | null {
  const offset = view['byteOffset'] ?? 0;
  const length = view['byteLength'];
  const stride = view['byteStride'];
  if (!isCount(offset) || !isCount(length) || length === 0) {
    return `has an offset of ${String(offset)} and a length of ${String(length)} bytes`;
  }
  if (
    stride !== undefined &&
    (!isCount(stride) || stride < 4 || stride > 252 || stride % 4 !== 0)
  ) {
    return `has a stride of ${String(stride)} bytes (glTF allows 4 to 252, a multiple of 4)`;
  }
  return null;
}

/** Embedded images (in a view of the binary chunk) must declare a sane pixel size. */
function imagesProblem(
  json: Json,
  views: readonly Json[],
  bin: Uint8Array | undefined,
): string | null {
  if (bin === undefined) return null;
  for (const [index, image] of records(json['images']).entries()) {
    const viewIndex = image['bufferView'];
    const view = typeof viewIndex === 'number' ? views[viewIndex] : undefined;
    if (view === undefined || view['buffer'] !== 0) continue;
    const start = numberOr(view['byteOffset'], 0);
    const bytes = bin.subarray(start, start + numberOr(view['byteLength'], 0));
    const problem = imageSizeProblem(bytes);
    if (problem !== null) return `image ${index} ${problem}`;
  }
  return null;
}

function records(value: unknown): Json[] {
  if (!Array.isArray(value)) return [];
  return value.map((item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Json) : {},
  );
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
