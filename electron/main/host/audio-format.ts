/**
 * Tells what kind of audio a file holds from its bytes, never its name: RIFF/WAVE, MPEG audio
 * (an ID3 tag or an MPEG frame first), Ogg (Vorbis, Opus or FLAC inside), native FLAC, an MP4
 * container (`ftyp`) or raw AAC (ADTS frames). The host checks this much and that the file is
 * not cut short where its own headers say how long the next part is; the page's decoder checks
 * the rest and names what it cannot play.
 */

import type { AudioFormat } from '../../../shared/audio-files';

/** Enough bytes for every format's signature: RIFF's and MP4's 12. */
export const AUDIO_MAGIC_BYTES = 12;

/** Why bytes are not audio we play; the message has no file name (the caller adds it). */
export class AudioFormatError extends Error {
  override readonly name = 'AudioFormatError';
}

const WANTED = 'WAV, MP3, Ogg, FLAC, M4A or AAC';

function ascii(bytes: Uint8Array, from: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(from, from + length));
}

/** An MPEG audio frame header's first two bytes: 11 sync bits, then a layer that is not 0. */
function isMpegFrameStart(b0: number, b1: number): boolean {
  return b0 === 0xff && (b1 & 0xe0) === 0xe0 && (b1 & 0x06) !== 0 && (b1 & 0x18) !== 0x08;
}

/** ADTS (raw AAC): 12 sync bits, layer 0. */
function isAdtsStart(b0: number, b1: number): boolean {
  return b0 === 0xff && (b1 & 0xf6) === 0xf0;
}

/**
 * Recognizes the format from the first {@link AUDIO_MAGIC_BYTES} bytes.
 *
 * @throws AudioFormatError saying what the file is not
 */
export function readAudioMagic(header: Uint8Array): AudioFormat {
  const first4 = ascii(header, 0, 4);
  if (first4 === 'RIFF') {
    const form = ascii(header, 8, 4);
    if (form === 'WAVE') return 'wav';
    throw new AudioFormatError(`is a RIFF file holding "${form.trim()}", not WAVE audio.`);
  }
  if (ascii(header, 0, 3) === 'ID3') return 'mp3';
  if (first4 === 'OggS') return 'ogg';
  if (first4 === 'fLaC') return 'flac';
  if (ascii(header, 4, 4) === 'ftyp') return 'mp4';
  const [b0 = 0, b1 = 0] = header;
  if (isAdtsStart(b0, b1)) return 'aac';
  if (isMpegFrameStart(b0, b1)) return 'mp3';
  throw new AudioFormatError(
    `is not audio that Ragdoll Playground plays (${WANTED}): its first bytes are none of ` +
      'their signatures.',
  );
}

/**
 * Identifies a whole audio file.
 *
 * @throws AudioFormatError when the bytes are not audio we play, or are cut short
 */
export function identifyAudio(bytes: Uint8Array): AudioFormat {
  const format = readAudioMagic(bytes.subarray(0, AUDIO_MAGIC_BYTES));
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  CHECKS[format](bytes, data);
  return format;
}

const CHECKS: Readonly<Record<AudioFormat, (bytes: Uint8Array, data: DataView) => void>> = {
  wav: checkWave,
  mp3: checkMpeg,
  ogg: checkOgg,
  flac: checkFlac,
  mp4: checkMp4,
  aac: checkAdts,
};

function cutShort(what: string, at: number): AudioFormatError {
  return new AudioFormatError(`is ${what} cut short: it ends at byte ${at}.`);
}

/** RIFF chunks up to `fmt ` and `data`; the data may not claim more bytes than are there. */
function checkWave(bytes: Uint8Array, data: DataView): void {
  let at = 12;
  let format = false;
  while (at + 8 <= bytes.length) {
    const id = ascii(bytes, at, 4);
    const size = data.getUint32(at + 4, true);
    if (id === 'fmt ') format = true;
    if (id === 'data') {
      if (!format) throw new AudioFormatError('is a WAVE file whose data comes before its format.');
      // 0 and 0xFFFFFFFF: a recorder that could not go back to write the length.
      const known = size !== 0 && size !== 0xffffffff;
      if (known && at + 8 + size > bytes.length)
        throw cutShort(`WAVE audio (its data says ${size} bytes)`, bytes.length);
      return;
    }
    at += 8 + size + (size & 1);
  }
  throw cutShort('WAVE audio without its data', bytes.length);
}

const MPEG_KBPS: Readonly<Record<string, readonly number[]>> = {
  '1-1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  '2-3': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MPEG_RATES: Readonly<Record<number, readonly number[]>> = {
  3: [44_100, 48_000, 32_000],
  2: [22_050, 24_000, 16_000],
  0: [11_025, 12_000, 8000],
};

/**
 * Length in bytes of the MPEG audio frame whose header starts at `at`; 0 for a free-format
 * frame (no length in the header); -1 when no valid header is there.
 */
export function mpegFrameLength(bytes: Uint8Array, at: number): number {
  if (at + 4 > bytes.length) return -1;
  const b1 = bytes[at + 1]!;
  const b2 = bytes[at + 2]!;
  if (!isMpegFrameStart(bytes[at]!, b1)) return -1;
  const version = (b1 >> 3) & 3;
  const layer = 4 - ((b1 >> 1) & 3);
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (bitrateIndex === 15 || rateIndex === 3) return -1;
  const kbps = MPEG_KBPS[`${version === 3 ? 1 : 2}-${layer}`]![bitrateIndex]!;
  if (kbps === 0) return 0;
  const rate = MPEG_RATES[version]![rateIndex]!;
  const padding = (b2 >> 1) & 1;
  if (layer === 1) return (Math.floor((12_000 * kbps) / rate) + padding) * 4;
  const perFrame = layer === 3 && version !== 3 ? 72_000 : 144_000;
  return Math.floor((perFrame * kbps) / rate) + padding;
}

/**
 * An ID3v2 tag (its length from its own header) must end inside the file, and a whole MPEG
 * frame must follow it. A last frame cut at the end is left to the decoder, which plays it.
 */
function checkMpeg(bytes: Uint8Array): void {
  let at = 0;
  if (ascii(bytes, 0, 3) === 'ID3') {
    if (bytes.length < 10) throw cutShort('an MP3 file inside its ID3 tag header', bytes.length);
    // Four 7-bit bytes ("syncsafe"), then 10 more with a footer.
    const size =
      ((bytes[6]! & 0x7f) << 21) |
      ((bytes[7]! & 0x7f) << 14) |
      ((bytes[8]! & 0x7f) << 7) |
      (bytes[9]! & 0x7f);
    at = 10 + size + (bytes[5]! & 0x10 ? 10 : 0);
    if (at >= bytes.length)
      throw cutShort(`an MP3 file inside its ID3 tag (the tag says ${at} bytes)`, bytes.length);
    // Some writers pad after the tag's declared end.
    while (at < bytes.length && bytes[at] === 0) at++;
  }
  const length = mpegFrameLength(bytes, at);
  if (length < 0) {
    if (at >= bytes.length) throw cutShort('an MP3 file with no audio after its ID3 tag', at);
    throw new AudioFormatError(
      `has an ID3 tag but no MPEG audio frame after it (at byte ${at}), so it is not an MP3.`,
    );
  }
  if (at + length > bytes.length)
    throw cutShort(
      `an MP3 file inside its first audio frame (${length} bytes at byte ${at})`,
      bytes.length,
    );
}

/** The first Ogg page must be whole and open a Vorbis, Opus or FLAC stream. */
function checkOgg(bytes: Uint8Array): void {
  if (bytes.length < 27) throw cutShort('an Ogg file inside its first page header', bytes.length);
  const segments = bytes[26]!;
  const bodyStart = 27 + segments;
  if (bodyStart > bytes.length) throw cutShort('an Ogg file inside its first page', bytes.length);
  let body = 0;
  for (let i = 0; i < segments; i++) body += bytes[27 + i]!;
  if (bodyStart + body > bytes.length)
    throw cutShort('an Ogg file inside its first page', bytes.length);
  const packet = ascii(bytes, bodyStart, 8);
  if (packet === 'OpusHead' || packet.slice(1, 7) === 'vorbis' || packet.slice(1, 5) === 'FLAC')
    return;
  throw new AudioFormatError(
    'is an Ogg file without Vorbis, Opus or FLAC audio in it (a video, or another codec).',
  );
}

/** After `fLaC`, the STREAMINFO block (34 bytes) must be there. */
function checkFlac(bytes: Uint8Array): void {
  if (bytes.length < 42) throw cutShort('a FLAC file inside its stream header', bytes.length);
  if ((bytes[4]! & 0x7f) !== 0)
    throw new AudioFormatError('is a FLAC file whose first block is not its stream information.');
}

/** Top-level MP4 boxes must fit in the file, and one of them must be the index (`moov`). */
function checkMp4(bytes: Uint8Array, data: DataView): void {
  let at = 0;
  let index = false;
  while (at + 8 <= bytes.length) {
    let size = data.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    if (size === 1) {
      if (at + 16 > bytes.length) break;
      size = Number(data.getBigUint64(at + 8));
    } else if (size === 0) {
      size = bytes.length - at;
    }
    if (size < 8) throw new AudioFormatError(`is an MP4 file with a broken "${type}" box.`);
    if (at + size > bytes.length)
      throw cutShort(
        `an MP4 file inside its "${type}" box (${size} bytes at byte ${at})`,
        bytes.length,
      );
    if (type === 'moov') index = true;
    at += size;
  }
  if (!index)
    throw new AudioFormatError(
      'is an MP4 file without its index ("moov" box), so it cannot be played.',
    );
}

/** The first ADTS frame (its length from its own header) must be whole. */
function checkAdts(bytes: Uint8Array): void {
  if (bytes.length < 7) throw cutShort('an AAC stream inside its first frame header', bytes.length);
  const length = ((bytes[3]! & 3) << 11) | (bytes[4]! << 3) | (bytes[5]! >> 5);
  if (length < 7) throw new AudioFormatError('is an AAC stream with a broken first frame.');
  if (length > bytes.length)
    throw cutShort(`an AAC stream inside its first frame (${length} bytes)`, bytes.length);
}
