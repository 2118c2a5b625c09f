/**
 * The host's read budget (reads at once, bytes held between them), and that model and
 * texture reads go through it: a page asking for the same model fifty times at once, or
 * for one texture under many spellings, waits its turn instead of holding fifty copies.
 */

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHostServices } from '../../electron/main/host/host-services';
import { createReadBudget, type ReadBudget } from '../../electron/main/host/read-budget';
import { pmxWithTextures, scriptedDialogs, tempFolder, vrmBytes } from '../support/host-files';
import { createRecordingLogger } from '../support/recording-logger';

/** A read that resolves when `finish()` is called, recording when it started. */
function controlledRead(log: string[], name: string) {
  let finish: () => void = () => undefined;
  const done = new Promise<string>((resolve) => {
    finish = () => resolve(name);
  });
  return {
    read: () => {
      log.push(name);
      return done;
    },
    finish: () => finish(),
  };
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5));

describe('createReadBudget', () => {
  it('runs at most maxReads at once, in order', async () => {
    const budget = createReadBudget({ maxReads: 2, maxBytes: 1000 });
    const started: string[] = [];
    const reads = ['a', 'b', 'c', 'd'].map((name) => controlledRead(started, name));
    const results = reads.map((r) => budget.run(1, r.read));
    await settle();
    expect(started).toEqual(['a', 'b']);
    reads[1]!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    reads[0]!.finish();
    reads[2]!.finish();
    reads[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps the bytes held within maxBytes, and runs a larger read alone', async () => {
    const budget = createReadBudget({ maxReads: 10, maxBytes: 100 });
    const started: string[] = [];
    const small = controlledRead(started, 'small');
    const medium = controlledRead(started, 'medium');
    const huge = controlledRead(started, 'huge');
    const after = controlledRead(started, 'after');
    const results = [
      budget.run(40, small.read),
      budget.run(50, medium.read),
      budget.run(500, huge.read),
      // Fits beside the others but does not overtake the huge read waiting before it.
      budget.run(5, after.read),
    ];
    await settle();
    expect(started).toEqual(['small', 'medium']);
    small.finish();
    await settle();
    expect(started).toEqual(['small', 'medium']);
    medium.finish();
    await settle();
    expect(started).toEqual(['small', 'medium', 'huge']);
    huge.finish();
    await settle();
    expect(started).toEqual(['small', 'medium', 'huge', 'after']);
    after.finish();
    await Promise.all(results);
  });

  it('releases a failed read’s share, passing its error on', async () => {
    const budget = createReadBudget({ maxReads: 1, maxBytes: 10 });
    const failing = budget.run(10, () => {
      throw new Error('EIO');
    });
    const next = budget.run(10, () => Promise.resolve('next'));
    await expect(failing).rejects.toThrow('EIO');
    await expect(next).resolves.toBe('next');
  });
});

describe('host services read models and textures within the budget', () => {
  let folder: { path: string; remove: () => Promise<void> };
  beforeEach(async () => {
    folder = await tempFolder('budget');
  });
  afterEach(async () => {
    await folder.remove();
  });

  it('fifty reads of one model and five spellings of one texture', async () => {
    const vrm = join(folder.path, 'big.vrm');
    await writeFile(vrm, vrmBytes({ version: 1, extraBytes: 10_000 }));
    const pmx = join(folder.path, 'model.pmx');
    await writeFile(pmx, pmxWithTextures(['skin.png']));
    await writeFile(join(folder.path, 'skin.png'), new Uint8Array(300));
    const real = createReadBudget({ maxReads: 2, maxBytes: 25_000 });
    const sizes: number[] = [];
    let running = 0;
    let most = 0;
    const budget: ReadBudget = {
      run: (bytes, read) =>
        real.run(bytes, async () => {
          sizes.push(bytes);
          running += 1;
          most = Math.max(most, running);
          try {
            return await read();
          } finally {
            running -= 1;
          }
        }),
    };
    const host = createHostServices({
      dataDirectory: join(folder.path, 'data'),
      dialogs: scriptedDialogs(),
      loggerFor: () => createRecordingLogger(),
      readBudget: budget,
    });
    await host.openFileFromUser(vrm);
    await host.openFileFromUser(pmx);
    sizes.length = 0;
    const models = await Promise.all(Array.from({ length: 50 }, () => host.readModel(vrm)));
    expect(models.every((model) => model.size === models[0]!.size)).toBe(true);
    const textures = await Promise.all(
      ['skin.png', 'SKIN.PNG', '.\\skin.png', './Skin.png', 'skin.PNG'].map((name) =>
        host.readModelTexture(pmx, name),
      ),
    );
    expect(textures.map((texture) => texture.bytes.length)).toEqual([300, 300, 300, 300, 300]);
    expect(sizes.filter((size) => size === models[0]!.size)).toHaveLength(50);
    expect(sizes.filter((size) => size === 300)).toHaveLength(5);
    expect(most).toBe(2);
  });
});
