import { hasPngSignature } from '../../../../shared/file-signatures';
import { readGlb } from './glb-container';

/** A glTF JSON object's field as a record, or undefined. */
function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function at(list: unknown, index: unknown): Record<string, unknown> | undefined {
  return Array.isArray(list) && typeof index === 'number' ? record(list[index]) : undefined;
}

/**
 * The index into `images` of a VRM's own thumbnail: VRM 1.0 names the image
 * (`VRMC_vrm.meta.thumbnailImage`), VRM 0.x a texture (`VRM.meta.texture`) whose source it is.
 */
function thumbnailImageIndex(json: Record<string, unknown>): unknown {
  const extensions = record(json['extensions']);
  const vrm1 = record(record(extensions?.['VRMC_vrm'])?.['meta']);
  if (vrm1) return vrm1['thumbnailImage'];
  const vrm0 = record(record(extensions?.['VRM'])?.['meta']);
  return at(json['textures'], vrm0?.['texture'])?.['source'];
}

/** The bytes and type of a VRM's thumbnail image inside its BIN chunk, if it has one. */
function embeddedThumbnail(
  bytes: Uint8Array,
  fileName: string,
): { readonly bytes: Uint8Array; readonly mimeType: string } | undefined {
  const { json, bin } = readGlb(bytes, fileName);
  const image = at(json['images'], thumbnailImageIndex(json));
  const view = at(json['bufferViews'], image?.['bufferView']);
  if (!bin || !view || (view['buffer'] ?? 0) !== 0) return undefined;
  const offset = typeof view['byteOffset'] === 'number' ? view['byteOffset'] : 0;
  const length = view['byteLength'];
  if (typeof length !== 'number' || offset + length > bin.byteLength) return undefined;
  const mimeType = typeof image?.['mimeType'] === 'string' ? image['mimeType'] : '';
  return { bytes: bin.subarray(offset, offset + length), mimeType };
}

/**
 * A VRM's own thumbnail (its meta thumbnail image) as PNG bytes, for the recent-model
 * library; a JPEG is redrawn as PNG (the library caches PNG only). Undefined when the file
 * has none or it cannot be read: a missing picture is not worth an alert.
 */
export async function vrmThumbnailPng(
  bytes: Uint8Array,
  fileName: string,
): Promise<Uint8Array | undefined> {
  let image: ReturnType<typeof embeddedThumbnail>;
  try {
    image = embeddedThumbnail(bytes, fileName);
  } catch (error) {
    console.warn(`[library] ${fileName}: no thumbnail read:`, error);
    return undefined;
  }
  if (!image) return undefined;
  if (hasPngSignature(image.bytes)) {
    return image.bytes.slice();
  }
  return redrawAsPng(image.bytes, image.mimeType, fileName);
}

async function redrawAsPng(
  bytes: Uint8Array,
  mimeType: string,
  fileName: string,
): Promise<Uint8Array | undefined> {
  try {
    const bitmap = await createImageBitmap(new Blob([bytes.slice()], { type: mimeType }));
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    return blob ? new Uint8Array(await blob.arrayBuffer()) : undefined;
  } catch (error) {
    console.warn(`[library] ${fileName}: its thumbnail image could not be decoded:`, error);
    return undefined;
  }
}
