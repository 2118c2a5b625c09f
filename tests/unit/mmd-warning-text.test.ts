/**
 * MMD warnings in the interface's language: every code the parsers and the rig can report
 * (taken from their own code lists, not written out here) has an English and a Japanese
 * sentence. The English one says exactly what the parser or rig's own message says; the
 * Japanese one carries the same count, name and numbers. Warnings come from real parses of
 * damaged generated files and from the rig's own WarningList; an unknown code, or a warning
 * without the facts its sentence needs, falls back to the English message.
 */
import { describe, expect, it } from 'vitest';
import type { MmdModel } from '../../renderer/src/formats/mmd/mmd-model';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import type { MmdWarning } from '../../renderer/src/formats/mmd/read-warnings';
import { MMD_READ_WARNING_CODES } from '../../renderer/src/formats/mmd/read-warnings';
import { MMD_RIG_WARNING_CODES, WarningList } from '../../renderer/src/rig/mmd/rig-warnings';
import { strings } from '../../renderer/src/ui/i18n';
import {
  WARNING_STRINGS_EN,
  WARNING_STRINGS_JA,
  warningText,
} from '../../renderer/src/ui/models/warning-strings';
import { humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import { writePmd } from '../../tools/fixtures/mmd/pmd-writer';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const model = humanoidMmdModel({});

/** Every warning the parsers report on damaged generated files, one file per case. */
function parserWarnings(): MmdWarning[] {
  const skinIndices = model.mesh.skinIndices.slice();
  skinIndices[1] = 500; // vertex 0's second weight names a bone that does not exist
  const materials = model.materials.map((m, i) =>
    i === 1 ? { ...m, indexCount: m.indexCount - 3 } : m,
  );
  const damaged: MmdModel = { ...model, materials, mesh: { ...model.mesh, skinIndices } };
  const badIk: MmdModel = {
    ...model,
    bones: model.bones.map((bone, i) =>
      i === 1
        ? { ...bone, isIk: true, ik: { targetIndex: 999, loopCount: 1, limitAngle: 1, links: [] } }
        : bone,
    ),
  };
  // A vertex morph naming a vertex past the mesh's end.
  const badMorph: MmdModel = {
    ...model,
    morphs: [
      ...model.morphs,
      {
        name: '壊れ',
        kind: 'vertex',
        vertices: new Int32Array([model.mesh.vertexCount + 5]),
        offsets: new Float32Array(3).fill(1),
      },
    ],
    morphCount: model.morphCount + 1,
  };
  const files = [
    writePmx(badIk),
    writePmx(badMorph),
    writePmd(model, { stopBefore: 'english' }),
    writePmd(model, { stopBefore: 'toon' }),
    writePmd(model, { stopBefore: 'physics' }),
    writePmx(damaged),
    writePmx(model, { version: 2.1, softBodyCount: 3 }),
  ];
  return files.flatMap((bytes) => parseMmdModel(bytes).warnings);
}

/** Every rig warning, noted once (singular words) and three times (plural words). */
function rigWarnings(times: number): MmdWarning[] {
  const list = new WarningList();
  for (const code of MMD_RIG_WARNING_CODES) {
    for (let i = 0; i < times; i++) list.note(code, ` 髪${i + 1}\n`);
  }
  return list.list();
}

/** The numbers a warning carries, as the sentences must show them. */
function factsShown(warning: MmdWarning): string[] {
  return [
    ...(warning.count === undefined ? [] : [String(warning.count)]),
    ...(warning.names ?? []).filter(
      (name) => name !== undefined && warning.code !== 'pmd-no-physics',
    ),
    ...Object.values(warning.numbers ?? {}).map(String),
  ];
}

describe('MMD warning sentences', () => {
  it('cover exactly the codes the parsers and the rig can report, in both languages', () => {
    const codes = [...MMD_READ_WARNING_CODES, ...MMD_RIG_WARNING_CODES].sort();
    expect(codes.length).toBeGreaterThan(10);
    expect(Object.keys(WARNING_STRINGS_EN).sort()).toEqual(codes);
    expect(Object.keys(WARNING_STRINGS_JA).sort()).toEqual(codes);
    expect(strings('en').warnings).toBe(WARNING_STRINGS_EN);
    expect(strings('ja').warnings).toBe(WARNING_STRINGS_JA);
  });

  const warnings = [...parserWarnings(), ...rigWarnings(1), ...rigWarnings(3)];

  it('are produced for every code by real parses and the rig', () => {
    const seen = new Set(warnings.map((warning) => warning.code));
    expect([...seen].sort()).toEqual([...MMD_READ_WARNING_CODES, ...MMD_RIG_WARNING_CODES].sort());
  });

  it.each(warnings.map((warning) => [warning.code, warning] as const))(
    '%s: English is the warning message, Japanese carries the same facts',
    (_code, warning) => {
      const english = warningText(WARNING_STRINGS_EN, warning);
      const japanese = warningText(WARNING_STRINGS_JA, warning);
      expect(english).toBe(warning.message);
      expect(japanese).not.toBe(warning.message);
      expect(japanese).toMatch(JAPANESE);
      // Every warning carries facts (pmd-no-physics's section name is translated, below).
      expect(warning.count ?? warning.names ?? warning.numbers).toBeDefined();
      for (const fact of factsShown(warning)) expect(japanese).toContain(fact);
    },
  );

  it('names the missing PMD section in Japanese', () => {
    const sections = parserWarnings()
      .filter((warning) => warning.code === 'pmd-no-physics')
      .map((warning) => warningText(WARNING_STRINGS_JA, warning));
    expect(sections).toEqual([
      expect.stringContaining('英語名'),
      expect.stringContaining('トゥーン一覧'),
      expect.stringContaining('物理の部分'),
    ]);
  });

  it('fall back to the English message for an unknown code or missing facts', () => {
    const unknown = { code: 'made-up-code', message: 'Something new went wrong.' };
    expect(warningText(WARNING_STRINGS_JA, unknown)).toBe(unknown.message);
    expect(warningText(WARNING_STRINGS_JA, { code: 'toString', message: 'inherited' })).toBe(
      'inherited',
    );
    const bare = { code: 'body-no-bone', message: '2 rigid bodies belong to no bone' };
    expect(warningText(WARNING_STRINGS_JA, bare)).toBe(bare.message);
    const partial = { code: 'material-index-count', message: 'x', numbers: { drawn: 3 } };
    expect(warningText(WARNING_STRINGS_JA, partial)).toBe('x');
  });

  it('join into one status sentence per language', () => {
    const [first, second] = rigWarnings(2);
    const ja = [first!, second!].map((warning) => warningText(strings('ja').warnings, warning));
    expect(strings('ja').modelWarnings('a.pmx', ja)).toBe(
      `a.pmx には問題がありましたが、回避して開きました: ${ja[0]}。${ja[1]}。`,
    );
  });
});
