/**
 * glTF indices and layouts three.js would follow blindly (found by the fuzz suite): a buffer
 * view naming a buffer the file lacks, an accessor with an unknown component type or a
 * misaligned offset. The VRM and VRMA loaders refuse each with a message naming the file,
 * before three.js builds anything, and leave no promise rejected with nobody waiting.
 */

import { describe, expect, it } from 'vitest';
import { loadMotionFile } from '../../renderer/src/view/motion/load-motion-file';
import { gltfReferenceProblem } from '../../renderer/src/view/vrm/gltf-references';
import { writeGlb } from '../../tools/fixtures/glb-writer';
import { SKELETONS } from '../../tools/fixtures/fixture-skeletons';
import { waveVrmaBytes } from '../../tools/fixtures/motion/motion-fixtures';
import { writeVrm } from '../../tools/fixtures/vrm-writer';
import { loadVrm } from '../../tools/loaders/load-vrm-bones';

type Json = Record<string, unknown> & {
  bufferViews: Record<string, unknown>[];
  accessors: Record<string, unknown>[];
};

/** `glb` with its JSON changed by `change`. */
function edited(glb: Uint8Array, change: (json: Json) => void): Uint8Array {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as Json;
  change(json);
  return writeGlb(JSON.stringify(json), glb.subarray(20 + jsonLength + 8));
}

const vrm = writeVrm(SKELETONS.tpose15, { format: 'vrm1', title: 'T', author: 'A' });

/** Fails the test if a promise is rejected with nobody waiting while `work` runs. */
async function withoutLooseRejections(work: () => Promise<void>): Promise<void> {
  const loose: unknown[] = [];
  const listener = (reason: unknown): void => void loose.push(reason);
  process.on('unhandledRejection', listener);
  try {
    await work();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('unhandledRejection', listener);
  }
  expect(loose).toEqual([]);
}

describe('glTF references', () => {
  it('finds none wrong in a good file', () => {
    const json = edited(vrm, () => {});
    expect(json.length).toBe(vrm.length);
    let problem: string | null = 'not run';
    edited(vrm, (j) => (problem = gltfReferenceProblem(j)));
    expect(problem).toBeNull();
  });

  it.each([
    [
      'a buffer view naming buffer 7 of 1',
      (j: Json) => (j.bufferViews[0]!['buffer'] = 7),
      /buffer view 0 refers to buffers 7, but the file has 1/,
    ],
    [
      'an accessor naming a missing view',
      (j: Json) => (j.accessors[0]!['bufferView'] = 999),
      /accessor 0 refers to bufferViews 999/,
    ],
    [
      'an accessor of unknown component type',
      (j: Json) => (j.accessors[0]!['componentType'] = 1),
      /accessor 0 has no valid count, component type and type/,
    ],
    [
      'a misaligned accessor',
      (j: Json) => (j.accessors[0]!['byteOffset'] = 3),
      /accessor 0 starts at byte 3, which is not a multiple/,
    ],
  ])('a VRM with %s is refused, naming the file', async (_what, change, message) => {
    await withoutLooseRejections(async () => {
      const error = await loadVrm(edited(vrm, change), 'odd.vrm').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).name).toBe('VrmLoadError');
      expect((error as Error).message).toMatch(/^odd\.vrm: /);
      expect((error as Error).message).toMatch(message);
    });
  });

  it.each([
    [
      'a buffer view naming buffer 7 of 1',
      (j: Json) => (j.bufferViews[0]!['buffer'] = 7),
      /buffer view 0 refers to buffers 7/,
    ],
    [
      'an accessor of unknown component type',
      (j: Json) => (j.accessors[0]!['componentType'] = 1),
      /accessor 0 has no valid count/,
    ],
    [
      'an accessor longer than its view',
      (j: Json) => (j.accessors[0]!['count'] = 200_000_000),
      /accessor 0 declares 200000000 values/,
    ],
  ])('a VRMA with %s is refused, naming the file', async (_what, change, message) => {
    await withoutLooseRejections(async () => {
      const bytes = edited(waveVrmaBytes(), change);
      const error = await loadMotionFile(bytes.slice().buffer, 'odd.vrma').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect((error as Error).name).toBe('MotionFileError');
      expect((error as Error).message).toMatch(/^odd\.vrma: /);
      expect((error as Error).message).toMatch(message);
    });
  });
});
