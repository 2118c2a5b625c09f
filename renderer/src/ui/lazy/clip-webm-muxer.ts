import type { ClipAlphaWebmWriter, ClipWebmMuxer } from '../export/clip-webm-muxer';
import { lazyModule } from '../../lazy-module';

const loadMuxer = lazyModule(() => import('../export/clip-webm-muxer'));

/**
 * Starts a WebM file for a clip, with its sound when `audio` is given (see
 * ui/export/clip-webm-muxer.ts); the muxer loads with the first clip exported.
 */
export async function openClipMuxer(
  codec: 'vp8' | 'vp9',
  fps: number,
  audio: AudioBuffer | null,
): Promise<ClipWebmMuxer> {
  const module = await loadMuxer();
  return module.ClipWebmMuxer.open(codec, fps, audio);
}

/** Starts a WebM file that keeps the frames' alpha (see `ClipAlphaWebmWriter`). */
export async function openAlphaClipWriter(
  codec: 'vp8' | 'vp9',
  fps: number,
  bitsPerSecond: number,
  keyFrameSeconds: number,
  audio: AudioBuffer | null,
): Promise<ClipAlphaWebmWriter> {
  const module = await loadMuxer();
  return module.ClipAlphaWebmWriter.open(codec, fps, bitsPerSecond, keyFrameSeconds, audio);
}
