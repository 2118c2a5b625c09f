import { describe, expect, it } from 'vitest';
import type { FaceAllocations } from '../../tools/allocations/face-allocations';
import { WITHOUT_INLINING, measureAllocations } from '../../tools/allocations/allocation-process';

describe('a face allocates nothing per frame', () => {
  it('over 10,000 frames of blinking, reactions, a motion face, a VMC sender’s expressions and the recording, on MMD morphs and eyes and on a VRM', () => {
    const result = measureAllocations<FaceAllocations>('tools/allocations/face-allocations.ts', {
      nodeFlags: WITHOUT_INLINING,
      timeoutMs: 120_000,
    });
    expect(result.frames).toBe(10_000);
    // The profile sees the face's code: smoothStep returns its number boxed, 16 bytes a call.
    expect(result.controlBytesPerFrame).toBeGreaterThan(12);
    // One boxed number per frame would show as 16 here, and one only while the eyes blink
    // (a few frames in every 200) as about 0.7. What may show instead is V8 now and then
    // running a function unoptimised for a frame or two (a few hundred bytes in the run).
    expect(result.bytesPerFrame).toBeLessThan(0.5);
    // The VRM face the same, less what three-vrm makes us hand over: the look-at's yaw and
    // pitch setters are its only way in, and without inlining each call takes its angle as a
    // boxed number, 2 × 16 bytes a frame (none as V8 runs the app, where the setters inline).
    // The profile samples, so 32 reads as 31-34; one more boxed number a frame would be 48.
    expect(result.vrmBytesPerFrame).toBeLessThan(32 + 8);
    // While the timeline shows recorded frames, the face put back from its history: the same.
    expect(result.shownBytesPerFrame).toBeLessThan(0.5);
    expect(result.vrmShownBytesPerFrame).toBeLessThan(32 + 8);
    // A VMC sender's expressions on the face (the live motion taking each frame): nothing.
    expect(result.liveBytesPerFrame).toBeLessThan(0.5);
    // The cues the app gives a face: `FaceCues.takeJolt()` returns the root's velocity change
    // as a number, boxed (16 bytes) on frames the figure moves (most of them here); nothing else.
    expect(result.cuesBytesPerFrame).toBeLessThan(16 + 4);
    // Under them, the sandbox and Rapier: reading the root's velocity makes Rapier's glue
    // allocate some 49 bytes a frame, and the hand's position while held some 48 a held frame
    // (one in five here): about 63. Another Rapier read every frame would add some 48.
    expect(result.cuesRapierBytesPerFrame).toBeLessThan(90);
  }, 150_000);
});
