/**
 * The MMD model the benchmarks run: mokou_B.pmd (125 rigid bodies, 117 joints) from the
 * real-model fixtures when present, else the generated model of its size, so that a checkout
 * without the fixtures still measures something comparable.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { MmdModel } from '../../renderer/src/formats/mmd/mmd-model';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import { realFixture } from '../../tools/fixtures/real-fixtures';
import { benchmarkMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';

const MOKOU = realFixture('pmd/mokou/mokou_B.pmd');

/** The model a benchmark runs, and where it came from. */
export interface BenchMmdModel {
  readonly model: MmdModel;
  /** `mokou_B.pmd`, or `generated benchmarkMmdModel()`. */
  readonly source: string;
  /** The file's size in bytes; 0 for the generated model. */
  readonly fileBytes: number;
}

/**
 * mokou_B.pmd when present (warns, naming `bench`, when it is not), or the generated model
 * when `generated` is set.
 */
export function benchMmdModel(bench: string, options: { generated?: boolean } = {}): BenchMmdModel {
  if (!options.generated && existsSync(MOKOU))
    return {
      model: parseMmdModel(readFileSync(MOKOU)),
      source: 'mokou_B.pmd',
      fileBytes: statSync(MOKOU).size,
    };
  if (!options.generated)
    console.warn(`${bench}: ${MOKOU} not found; using the generated 125-body model`);
  return { model: benchmarkMmdModel(), source: 'generated benchmarkMmdModel()', fileBytes: 0 };
}
