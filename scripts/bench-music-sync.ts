/**
 * `npm run bench:music-sync`: the music sync rule (`renderer/src/audio/music-sync.ts`) over a
 * 3-minute dance, in simulated time. A page drawing at 60 Hz (each frame ±2 ms of jitter, one
 * frame in 100 taking 50 ms) steps the motion in the sandbox's 1/120 s steps at TIME 1 and 0.5;
 * the song is a clock that runs on by itself at its rate, moved only when the rule says. The
 * song is compared with the motion's time at every frame, after the frame's steps, as the
 * page does. What this leaves out is the browser's own audio clock (it is taken as exact) and
 * output latency: it measures the rule, not the sound card.
 */
import { musicTarget, needsSeek } from '../renderer/src/audio/music-sync';
import { FIXED_STEP, MAX_STEPS_PER_FRAME } from '../renderer/src/physics/sandbox';
import { createSeededRandom } from '../renderer/src/physics/seeded-random';

const DANCE_SECONDS = 180;
const SONG_SECONDS = 200;

interface Run {
  readonly timeScale: number;
  readonly maxGapMs: number;
  readonly meanGapMs: number;
  readonly seeks: number;
}

/**
 * One dance: frames of `1 / hz` s (±2 ms), a share `slowFrames` of them `slowSeconds` long.
 */
function run(timeScale: number, seed: number, slowFrames = 0.01, slowSeconds = 0.05, hz = 60): Run {
  const random = createSeededRandom(seed);
  let wall = 0;
  let accumulator = 0;
  let motion = 0;
  // The song: where it was when last started or moved, and when (wall seconds).
  let songFrom = 0;
  let songAt = 0;
  let playing = false;
  let maxGap = 0;
  let sumGap = 0;
  let frames = 0;
  let seeks = 0;
  while (motion < DANCE_SECONDS * timeScale) {
    const frame = random() < slowFrames ? slowSeconds : 1 / hz + (random() - 0.5) * 0.004;
    wall += frame;
    accumulator += frame * timeScale;
    let steps = 0;
    while (accumulator >= FIXED_STEP && steps < MAX_STEPS_PER_FRAME) {
      motion += FIXED_STEP;
      accumulator -= FIXED_STEP;
      steps++;
    }
    if (steps === MAX_STEPS_PER_FRAME) accumulator = 0;
    const song = playing ? songFrom + (wall - songAt) * timeScale : songFrom;
    const target = musicTarget({ time: motion, running: true, timeScale }, 0, SONG_SECONDS);
    if (needsSeek(song, target)) {
      songFrom = target.position;
      songAt = wall;
      seeks++;
    } else if (!playing) {
      // Starting, the song takes the motion's place exactly (as MusicPlayer.sync does).
      songFrom = target.play ? target.position : song;
      songAt = wall;
    }
    playing = target.play;
    const now = playing ? songFrom + (wall - songAt) * timeScale : songFrom;
    const gap = Math.abs(now - motion);
    maxGap = Math.max(maxGap, gap);
    sumGap += gap;
    frames++;
  }
  return { timeScale, maxGapMs: maxGap * 1000, meanGapMs: (sumGap / frames) * 1000, seeks };
}

console.log(
  `A ${DANCE_SECONDS} s dance at 60 Hz (±2 ms jitter, 1 % of frames 50 ms), 5 seeds each\n`,
);
console.log('| TIME | largest gap (ms) | mean gap (ms) | seeks |');
console.log('|---|---|---|---|');
for (const timeScale of [1, 0.5]) {
  const runs = [1, 2, 3, 4, 5].map((seed) => run(timeScale, seed));
  const worst = Math.max(...runs.map((r) => r.maxGapMs));
  const mean = runs.reduce((sum, r) => sum + r.meanGapMs, 0) / runs.length;
  const seeks = runs.map((r) => r.seeks).join(', ');
  console.log(`| ${timeScale} | ${worst.toFixed(1)} | ${mean.toFixed(1)} | ${seeks} |`);
}

// A page that stalls: 5 % of frames take 100 ms, past the 8-step cap, so the motion falls
// behind the wall clock and the song must be moved back.
const stalled = [1, 2, 3, 4, 5].map((seed) => run(1, seed, 0.05, 0.1));
console.log(
  `\nTIME 1 with 5 % of frames at 100 ms: largest gap ${Math.max(...stalled.map((r) => r.maxGapMs)).toFixed(1)} ms, ` +
    `seeks per run ${stalled.map((r) => r.seeks).join(', ')}`,
);

// Low frame rates, steady (±2 ms, no slow frames): each frame steps at most 8 physics steps
// (66.7 ms of motion), so below 15 frames a second the motion runs slower than the wall clock.
console.log(`\nA ${DANCE_SECONDS} s dance at low frame rates (±2 ms jitter), 5 seeds each\n`);
console.log('| frames per second | TIME | largest gap (ms) | mean gap (ms) | seeks per run |');
console.log('|---|---|---|---|---|');
for (const hz of [30, 20, 16, 15, 12, 10]) {
  for (const timeScale of [1, 0.5]) {
    const runs = [1, 2, 3, 4, 5].map((seed) => run(timeScale, seed, 0, 0, hz));
    const worst = Math.max(...runs.map((r) => r.maxGapMs));
    const mean = runs.reduce((sum, r) => sum + r.meanGapMs, 0) / runs.length;
    const seeks = runs.map((r) => r.seeks).join(', ');
    console.log(`| ${hz} | ${timeScale} | ${worst.toFixed(1)} | ${mean.toFixed(1)} | ${seeks} |`);
  }
}
