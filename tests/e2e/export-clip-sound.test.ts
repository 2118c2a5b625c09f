/**
 * End to end, in Debian's Chromium on the test build: a generated WAV song that is loud only
 * from 3 s to 4 s plays with the 4 s "Wave" motion (so it is loud in the last second of each
 * loop), the scene is recorded while the test reads the motion's clock beside the recorder's
 * frames, and Export Clip… writes a WebM whose Opus track (read back by the WebM reader and
 * decoded by the page's own WebCodecs `AudioDecoder`) lasts as long as the video within one
 * frame, is loud where the motion's clock put the song's loud second and quiet elsewhere, and
 * starts each loud second within one video frame of where the clock says. A browser without
 * an Opus encoder writes the video alone and says so.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HookMusicClock } from '../../renderer/src/test-build/test-hook';
import { wavBytes } from '../../tools/fixtures/audio/audio-fixtures';
import { opusPacketSeconds, readWebm } from '../support/webm-reader';
import { SLOW_TIMEOUT_MS, advance, statusText } from './support/app-page';
import type { TestHost } from './support/host-files';
import { useHostedApps, openMusicFile } from './support/host-files';
import { useAppSuite } from './support/suite';
import { chooseRange, timeline } from './support/timeline-page';

const withApp = useAppSuite();
const withHostedApp = useHostedApps(withApp);

const VIEWPORT = { width: 640, height: 240 } as const;
const RECORD_RATE_HZ = 60;
const CLIP_FPS = 30;
const FRAME_SECONDS = 1 / CLIP_FPS;
/** The song is loud from here to {@link LOUD_TO} (song seconds) and silent elsewhere. */
const LOUD_FROM = 3;
const LOUD_TO = 4;
/** The Wave motion's length, seconds: the song starts over with each loop. */
const MOTION_SECONDS = 4;
/** Loudness windows of the decoded clip sound, seconds. */
const WINDOW = 0.01;

function clock(page: Page): Promise<HookMusicClock> {
  return page.evaluate(() => window.__ragdoll!.musicClock());
}

/** A recorder frame and the motion's time when it was the newest. */
interface ClockSample {
  readonly frame: number;
  readonly motionTime: number;
}

/**
 * Where the song should be at recorder frame `frame`: the newest sample at or before it, run
 * on at one simulated second per second and wrapped into the motion's length; undefined
 * before the first sample.
 */
function songPlaceAt(samples: readonly ClockSample[], frame: number): number | undefined {
  let found: ClockSample | undefined;
  for (const sample of samples) if (sample.frame <= frame) found = sample;
  if (!found) return undefined;
  return (found.motionTime + (frame - found.frame) / RECORD_RATE_HZ) % MOTION_SECONDS;
}

/**
 * The first recorder frame at which the song, placed by {@link songPlaceAt}, reaches its loud
 * second; undefined when none of the sampled frames does.
 */
function firstOnsetFrame(samples: readonly ClockSample[]): number | undefined {
  const last = samples[samples.length - 1]!.frame;
  for (let frame = samples[0]!.frame + 1; frame <= last; frame++) {
    if (songPlaceAt(samples, frame - 1)! < LOUD_FROM && songPlaceAt(samples, frame)! >= LOUD_FROM)
      return frame;
  }
  return undefined;
}

/** The decoded sound's RMS per {@link WINDOW}, from the page's `AudioDecoder`. */
async function decodedLoudness(
  page: Page,
  codecPrivate: Uint8Array,
  packets: { time: number; data: Uint8Array }[],
  sampleRate: number,
  channels: number,
): Promise<number[]> {
  return page.evaluate(
    async ({ description, chunks, rate, count, window: windowSeconds }) => {
      const samples: number[] = [];
      const decoder = new AudioDecoder({
        output: (data) => {
          const plane = new Float32Array(data.numberOfFrames);
          data.copyTo(plane, { planeIndex: 0, format: 'f32-planar' });
          const first = Math.round((data.timestamp / 1e6) * rate);
          for (let i = 0; i < plane.length; i++) samples[first + i] = plane[i]!;
          data.close();
        },
        error: (error) => {
          throw error;
        },
      });
      decoder.configure({
        codec: 'opus',
        sampleRate: rate,
        numberOfChannels: count,
        description: new Uint8Array(description),
      });
      for (const chunk of chunks)
        decoder.decode(
          new EncodedAudioChunk({
            type: 'key',
            timestamp: Math.round(chunk.time * 1e6),
            data: new Uint8Array(chunk.data),
          }),
        );
      await decoder.flush();
      decoder.close();
      const size = Math.round(windowSeconds * rate);
      const loudness: number[] = [];
      for (let start = 0; start < samples.length; start += size) {
        let sum = 0;
        for (let i = start; i < start + size; i++) sum += (samples[i] ?? 0) ** 2;
        loudness.push(Math.sqrt(sum / size));
      }
      return loudness;
    },
    {
      description: [...codecPrivate],
      chunks: packets.map((packet) => ({ time: packet.time, data: [...packet.data] })),
      rate: sampleRate,
      count: channels,
      window: WINDOW,
    },
  );
}

/**
 * Exports the chosen range as a clip (W) into the host's files as `fileName`, waits until the
 * status line says it was saved, and returns the clip's path.
 */
async function exportClipAs(page: Page, testHost: TestHost, fileName: string): Promise<string> {
  const path = join(testHost.files, fileName);
  testHost.dialogs.saveExport.push(path);
  await page.keyboard.press('w');
  await expect
    .poll(() => statusText(page), { timeout: SLOW_TIMEOUT_MS * 3 })
    .toMatch(new RegExp(`^Saved .*${fileName.replace('.', '\\.')}: `));
  return path;
}

describe('Export Clip… with sound in Chromium', () => {
  it('writes the song where the motion played it as Opus, within a frame of the video', async () => {
    await withHostedApp(
      async ({ page }, testHost) => {
        const wav = wavBytes(20, { loudFrom: LOUD_FROM, loudTo: LOUD_TO, level: 0.6 });
        await openMusicFile(page, testHost, 'song.wav', wav);
        await expect.poll(() => statusText(page)).toContain('Music: song.wav (20 s)');
        // Only the song is heard, so where it is silent the clip must be too.
        await page.getByRole('checkbox', { name: 'Impact sounds' }).uncheck();
        await page.getByRole('combobox', { name: 'Motion' }).selectOption({ label: 'Wave' });
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        // The motion starts once the figure stands.
        for (let i = 0; i < 40 && !((await clock(page)).motionTime! > 0.2); i++)
          await advance(page, 0.25, { draw: false });
        expect((await clock(page)).motionTime).toBeGreaterThan(0.2);

        // About 6 s of dance, the motion's clock read beside the recorder's newest frame.
        const samples: ClockSample[] = [];
        for (let i = 0; i < 24; i++) {
          const { lastFrame } = await timeline(page);
          samples.push({ frame: lastFrame, motionTime: (await clock(page)).motionTime! });
          await advance(page, 0.25, { draw: false });
        }
        // Every quarter second is 15 recorded frames and a quarter second of the motion.
        for (let i = 1; i < samples.length; i++)
          expect(samples[i]!.frame - samples[i - 1]!.frame).toBe(15);

        const rate = page.getByRole('combobox', { name: 'Clip fps' });
        await rate.selectOption(String(CLIP_FPS));
        await rate.blur();
        // The clip: from 1.5 s before the song's first loud second to 0.9 s into it, quiet and
        // loud windows either side of an onset (each clip frame costs SwiftShader a draw).
        const onset = firstOnsetFrame(samples);
        expect(onset).toBeDefined();
        const recorded = await timeline(page);
        const span = recorded.lastFrame - recorded.firstFrame;
        await chooseRange(
          page,
          (onset! - 1.5 * RECORD_RATE_HZ - recorded.firstFrame) / span,
          (onset! + 0.9 * RECORD_RATE_HZ - recorded.firstFrame) / span,
        );
        const range = (await timeline(page)).range!;
        const clipPath = await exportClipAs(page, testHost, 'dance.webm');
        expect(await statusText(page)).toMatch(
          /frames, with its sound \(Opus\)\. The scene is as it was\.$/,
        );

        const webm = readWebm(new Uint8Array(readFileSync(clipPath)));
        const audio = webm.audio!;
        expect(audio.codec).toBe('A_OPUS');
        expect(audio.sampleRate).toBe(48_000);
        // As long as the video within one frame.
        const videoSeconds = webm.frameTimes[webm.frameTimes.length - 1]! + FRAME_SECONDS;
        const last = audio.blocks[audio.blocks.length - 1]!;
        const audioSeconds = last.time + opusPacketSeconds(last.data) - audio.codecDelaySeconds;
        expect(Math.abs(audioSeconds - videoSeconds)).toBeLessThanOrEqual(FRAME_SECONDS);

        const loudness = await decodedLoudness(
          page,
          audio.codecPrivate!,
          [...audio.blocks],
          audio.sampleRate,
          audio.channels,
        );
        // Each window: loud where the clock put the song's loud second, quiet where it is
        // surely silent (a frame's margin either side of each edge).
        let loudWindows = 0;
        let quietWindows = 0;
        const onsets: number[] = [];
        for (let w = 0; w * WINDOW < videoSeconds - FRAME_SECONDS; w++) {
          const clipTime = w * WINDOW;
          const frame = range.firstFrame + clipTime * RECORD_RATE_HZ;
          const place = songPlaceAt(samples, frame);
          const later = songPlaceAt(samples, frame + RECORD_RATE_HZ * WINDOW);
          if (place === undefined || later === undefined) continue;
          if (place < LOUD_FROM && later >= LOUD_FROM) onsets.push(clipTime);
          const margin = FRAME_SECONDS + WINDOW;
          if (place > LOUD_FROM + margin && place < LOUD_TO - margin) {
            expect(
              loudness[w],
              `clip ${clipTime.toFixed(2)} s (song ${place.toFixed(2)} s)`,
            ).toBeGreaterThan(0.1);
            loudWindows++;
          } else if (place > margin && place < LOUD_FROM - margin) {
            expect(
              loudness[w],
              `clip ${clipTime.toFixed(2)} s (song ${place.toFixed(2)} s)`,
            ).toBeLessThan(0.01);
            quietWindows++;
          }
        }
        expect(loudWindows).toBeGreaterThan(50);
        expect(quietWindows).toBeGreaterThan(100);
        // Each loud second starts within one video frame of where the clock says.
        expect(onsets.length).toBeGreaterThan(0);
        for (const expected of onsets) {
          const from = Math.max(0, Math.floor((expected - 0.2) / WINDOW));
          let heard = from;
          while (heard < loudness.length && loudness[heard]! < 0.1) heard++;
          console.log(
            `clip sound: the song's loud second starts at ${(heard * WINDOW).toFixed(2)} s, ` +
              `the motion's clock says ${expected.toFixed(3)} s; audio ${audioSeconds.toFixed(3)} s, ` +
              `video ${videoSeconds.toFixed(3)} s; ${loudWindows} loud and ${quietWindows} quiet windows`,
          );
          expect(Math.abs(heard * WINDOW - expected)).toBeLessThanOrEqual(FRAME_SECONDS);
        }

        // Without an Opus encoder: the video alone, and the status says why. The last eighth
        // of the recording is enough for that (each clip frame costs SwiftShader a draw).
        await chooseRange(page, 0.875, 1);
        const shortRange = (await timeline(page)).range!;
        await page.evaluate(() => {
          const encoder = window.AudioEncoder as unknown as Record<string, unknown>;
          encoder['isConfigSupported'] = () => Promise.resolve({ supported: false });
        });
        const silentPath = await exportClipAs(page, testHost, 'silent.webm');
        expect(await statusText(page)).toContain(
          'video only: this browser cannot encode the sound as Opus (its AudioEncoder does not encode Opus at 48 kHz)',
        );
        const silent = readWebm(new Uint8Array(readFileSync(silentPath)));
        expect(silent.audio).toBeUndefined();
        const shortFrames =
          ((shortRange.lastFrame - shortRange.firstFrame) / RECORD_RATE_HZ) * CLIP_FPS + 1;
        expect(shortFrames).toBeGreaterThan(10);
        expect(Math.abs(silent.frameTimes.length - shortFrames)).toBeLessThanOrEqual(1);
      },
      { viewport: VIEWPORT },
    );
  }, 600_000);
});
