import { BinaryReader } from './binary-reader';
import { MmdFormatError } from './mmd-format-error';
import { textDecoder } from './text-decoding';
import type { TextDecoderLike } from './text-decoding';

/** PMX's header globals: how text and indices are stored in the rest of the file. */
export interface PmxHeader {
  /** 2.0 or 2.1 (the stored float rounded to one decimal). */
  readonly version: number;
  readonly encoding: 'utf-16le' | 'utf-8';
  /** Extra UV4 sets per vertex, 0..4. */
  readonly additionalUvCount: number;
  readonly vertexIndexSize: IndexSize;
  readonly textureIndexSize: IndexSize;
  readonly materialIndexSize: IndexSize;
  readonly boneIndexSize: IndexSize;
  readonly morphIndexSize: IndexSize;
  readonly rigidBodyIndexSize: IndexSize;
}

export type IndexSize = 1 | 2 | 4;

/**
 * A {@link BinaryReader} that knows a PMX file's header: it reads length-prefixed text in the
 * file's encoding and indices at their declared widths (vertex indices unsigned at widths 1
 * and 2, every other index signed so −1 means "none").
 */
export class PmxInput extends BinaryReader {
  private readonly decoder: TextDecoderLike;

  constructor(
    bytes: Uint8Array,
    readonly header: PmxHeader,
    offset: number,
  ) {
    super(bytes);
    this.offset = offset;
    this.decoder = textDecoder(header.encoding);
  }

  text(): string {
    const length = this.i32();
    if (length < 0) {
      throw new MmdFormatError(
        `the file is damaged: a text field at byte ${this.offset - 4} has length ${length} ` +
          `(while reading ${this.context})`,
      );
    }
    return this.decoder.decode(this.bytes(length));
  }

  /** A record's name; the English name PMX stores after every record name is stepped over. */
  name(): string {
    const name = this.text();
    this.text();
    return name;
  }

  private signedIndex(size: IndexSize): number {
    return size === 1 ? this.i8() : size === 2 ? this.i16() : this.i32();
  }

  vertexIndex(): number {
    const size = this.header.vertexIndexSize;
    return size === 1 ? this.u8() : size === 2 ? this.u16() : this.i32();
  }

  textureIndex(): number {
    return this.signedIndex(this.header.textureIndexSize);
  }

  materialIndex(): number {
    return this.signedIndex(this.header.materialIndexSize);
  }

  boneIndex(): number {
    return this.signedIndex(this.header.boneIndexSize);
  }

  morphIndex(): number {
    return this.signedIndex(this.header.morphIndexSize);
  }

  rigidBodyIndex(): number {
    return this.signedIndex(this.header.rigidBodyIndexSize);
  }
}

const PMX_MAGIC = [0x50, 0x4d, 0x58, 0x20]; // "PMX "

/** True when `bytes` start with "PMX ". */
export function isPmx(bytes: Uint8Array): boolean {
  return PMX_MAGIC.every((byte, i) => bytes[i] === byte);
}

function indexSize(value: number, what: string): IndexSize {
  if (value === 1 || value === 2 || value === 4) return value;
  throw new MmdFormatError(
    `the PMX header gives ${what} indices ${value} bytes (1, 2 or 4 expected)`,
  );
}

/**
 * Reads the magic, version and globals, and returns a reader positioned at the model name.
 * @throws MmdFormatError for another major version, an unknown encoding or index width.
 */
export function openPmx(bytes: Uint8Array): PmxInput {
  const reader = new BinaryReader(bytes);
  reader.skip(4);
  const stored = reader.f32();
  const version = Math.round(stored * 10) / 10;
  if (!(version >= 2 && version < 3)) {
    const shown = Number.isFinite(version) ? String(version) : 'unreadable';
    throw new MmdFormatError(`PMX version ${shown} is not supported (2.0 and 2.1 are)`);
  }
  const globalCount = reader.u8();
  if (globalCount < 8) {
    throw new MmdFormatError(`the PMX header has ${globalCount} settings (at least 8 expected)`);
  }
  const globals = reader.bytes(globalCount);
  const encodingByte = globals[0]!;
  if (encodingByte > 1) {
    throw new MmdFormatError(
      `the PMX header names text encoding ${encodingByte} (0 or 1 expected)`,
    );
  }
  const additionalUvCount = globals[1]!;
  if (additionalUvCount > 4) {
    throw new MmdFormatError(
      `the PMX header asks for ${additionalUvCount} extra UV sets (at most 4)`,
    );
  }
  const header: PmxHeader = {
    version,
    encoding: encodingByte === 0 ? 'utf-16le' : 'utf-8',
    additionalUvCount,
    vertexIndexSize: indexSize(globals[2]!, 'vertex'),
    textureIndexSize: indexSize(globals[3]!, 'texture'),
    materialIndexSize: indexSize(globals[4]!, 'material'),
    boneIndexSize: indexSize(globals[5]!, 'bone'),
    morphIndexSize: indexSize(globals[6]!, 'morph'),
    rigidBodyIndexSize: indexSize(globals[7]!, 'rigid body'),
  };
  return new PmxInput(bytes, header, reader.offset);
}
