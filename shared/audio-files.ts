/**
 * The music files Ragdoll Playground plays beside a motion: which extensions the Open Music…
 * dialog and a drop accept, and the formats the host recognizes from a file's bytes.
 */

/** Music extensions, lower case without the dot (the dialog's filter and the drop's test). */
export const AUDIO_EXTENSIONS = ['wav', 'mp3', 'ogg', 'opus', 'm4a', 'aac', 'flac'] as const;

/** A music extension, e.g. `'mp3'`. */
export type AudioExtension = (typeof AUDIO_EXTENSIONS)[number];

/**
 * What the bytes are: RIFF/WAVE, MPEG audio (an ID3 tag or an MPEG frame first), an Ogg
 * stream (Vorbis, Opus or FLAC inside), native FLAC, an MP4 container (`ftyp`: .m4a, AAC in
 * MP4) or a raw AAC stream (ADTS frames).
 */
export const AUDIO_FORMATS = ['wav', 'mp3', 'ogg', 'flac', 'mp4', 'aac'] as const;

/** One of {@link AUDIO_FORMATS}. */
export type AudioFormat = (typeof AUDIO_FORMATS)[number];

/** Whether `fileName` ends in a music extension (any case). */
export function isAudioFileName(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return false;
  return (AUDIO_EXTENSIONS as readonly string[]).includes(fileName.slice(dot + 1).toLowerCase());
}
