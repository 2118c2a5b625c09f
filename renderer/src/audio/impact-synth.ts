import type { SoundKind } from '../physics/sound/sound-requests';

/** One sound to synthesize: what, how loud (0..1), how bright (0..1), where (−1 left .. 1 right). */
export interface ImpactVoice {
  readonly kind: SoundKind;
  readonly gain: number;
  readonly brightness: number;
  readonly pan: number;
}

/** How each kind sounds: a pitched body that drops in pitch, and a filtered noise burst. */
interface KindTone {
  /** Pitch at the start and after the drop, Hz. */
  readonly startHz: number;
  readonly endHz: number;
  readonly wave: OscillatorType;
  /** How much of the level the tone carries (the rest is noise). */
  readonly toneShare: number;
  /** Noise filter: lowpass cutoff (bright end adds up to `cutoffSpan`), Hz, or a bandpass. */
  readonly filter: BiquadFilterType;
  readonly cutoffHz: number;
  readonly cutoffSpan: number;
  readonly q: number;
  /** Time to fall to silence, seconds. */
  readonly decay: number;
}

/**
 * The sounds: a figure's body a soft low thump, a ball a hollow pitched bonk, a box a dry
 * wooden knock, the stage a deep floor thud, BLAST a long rumbling boom.
 */
const TONES: Readonly<Record<SoundKind, KindTone>> = {
  body: {
    startHz: 140,
    endHz: 70,
    wave: 'sine',
    toneShare: 0.55,
    filter: 'lowpass',
    cutoffHz: 350,
    cutoffSpan: 1800,
    q: 0.7,
    decay: 0.14,
  },
  ball: {
    startHz: 300,
    endHz: 170,
    wave: 'sine',
    toneShare: 0.75,
    filter: 'lowpass',
    cutoffHz: 900,
    cutoffSpan: 3000,
    q: 0.7,
    decay: 0.18,
  },
  box: {
    startHz: 260,
    endHz: 230,
    wave: 'triangle',
    toneShare: 0.35,
    filter: 'bandpass',
    cutoffHz: 700,
    cutoffSpan: 1600,
    q: 4,
    decay: 0.09,
  },
  stage: {
    startHz: 90,
    endHz: 50,
    wave: 'sine',
    toneShare: 0.5,
    filter: 'lowpass',
    cutoffHz: 250,
    cutoffSpan: 1400,
    q: 0.7,
    decay: 0.2,
  },
  blast: {
    startHz: 70,
    endHz: 28,
    wave: 'sine',
    toneShare: 0.45,
    filter: 'lowpass',
    cutoffHz: 300,
    cutoffSpan: 4000,
    q: 0.5,
    decay: 1.1,
  },
};

/** Seconds of white noise every voice reads from (made once per context). */
const NOISE_SECONDS = 1.5;

/** A noise buffer for `context`: made once, shared by every voice. */
export function makeNoise(context: BaseAudioContext): AudioBuffer {
  const buffer = context.createBuffer(
    1,
    Math.ceil(context.sampleRate * NOISE_SECONDS),
    context.sampleRate,
  );
  const samples = buffer.getChannelData(0);
  // A fixed-seed generator: the same noise every run (an offline render is reproducible).
  let seed = 22_695_477;
  for (let i = 0; i < samples.length; i++) {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    samples[i] = seed / 2_147_483_648 - 1;
  }
  return buffer;
}

/**
 * Plays one impact or blast sound into `destination` at `when` (context seconds): an
 * oscillator that drops in pitch and a burst of filtered noise, both through one envelope and
 * a stereo panner. Loudness scales the level; brightness opens the noise filter and raises the
 * pitch a little. Returns when it ends (context seconds); the nodes disconnect themselves.
 */
export function playImpact(
  context: BaseAudioContext,
  destination: AudioNode,
  noise: AudioBuffer,
  voice: ImpactVoice,
  when: number,
): number {
  const tone = TONES[voice.kind];
  const end = when + tone.decay;
  const envelope = context.createGain();
  envelope.gain.setValueAtTime(0, when);
  envelope.gain.linearRampToValueAtTime(voice.gain, when + 0.003);
  envelope.gain.exponentialRampToValueAtTime(0.0001, end);
  const panner = context.createStereoPanner();
  panner.pan.value = Math.max(-1, Math.min(1, voice.pan));
  envelope.connect(panner).connect(destination);

  const lift = 1 + 0.3 * voice.brightness;
  const oscillator = context.createOscillator();
  oscillator.type = tone.wave;
  oscillator.frequency.setValueAtTime(tone.startHz * lift, when);
  oscillator.frequency.exponentialRampToValueAtTime(tone.endHz * lift, end);
  const toneLevel = context.createGain();
  toneLevel.gain.value = tone.toneShare;
  oscillator.connect(toneLevel).connect(envelope);

  const burst = context.createBufferSource();
  burst.buffer = noise;
  const filter = context.createBiquadFilter();
  filter.type = tone.filter;
  filter.Q.value = tone.q;
  filter.frequency.setValueAtTime(tone.cutoffHz + tone.cutoffSpan * voice.brightness, when);
  filter.frequency.exponentialRampToValueAtTime(tone.cutoffHz * 0.6, end);
  const noiseLevel = context.createGain();
  noiseLevel.gain.value = 1 - tone.toneShare;
  burst.connect(filter).connect(noiseLevel).connect(envelope);

  oscillator.start(when);
  oscillator.stop(end);
  burst.start(when, Math.random() * (NOISE_SECONDS - tone.decay - 0.01));
  burst.stop(end);
  oscillator.onended = () => {
    envelope.disconnect();
    panner.disconnect();
  };
  return end;
}
