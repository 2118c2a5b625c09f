/**
 * An exported VMD names the model it was made on, as MikuMikuDance does: the MMD model's own
 * name in Shift_JIS in the 20-byte model-name field, cut at a whole character (never half a
 * two-byte one), and read back by our VMD reader.
 */
import { describe, expect, it } from 'vitest';
import { parseVmd } from '../../renderer/src/formats/vmd/parse-vmd';
import { encodeShiftJis, shiftJisField } from '../../renderer/src/formats/mmd/shift-jis-encoding';
import { exportFigureMotion } from '../../renderer/src/motion/export/export-figure-motion';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { recordedFigureMotion } from '../../renderer/src/physics/recording/recorded-figure-motion';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { loadRapier } from '../support/rapier';
import { recordSteps } from '../support/recorded-steps';

/** Half a second of a box figure falling, recorded. */
async function shortFall() {
  const rapier = await loadRapier();
  const sandbox = new Sandbox(rapier, { seed: 3 });
  const recorder = recordSteps(sandbox);
  const figure = sandbox.addFigure(BOX_DOLL);
  sandbox.run(0.5);
  const motion = recordedFigureMotion(
    recorder,
    figure.id,
    BOX_DOLL,
    recorder.firstFrame,
    recorder.lastFrame,
  );
  sandbox.dispose();
  return motion;
}

/** The 20 bytes of a VMD's model-name field (after the 30-byte signature). */
const modelField = (bytes: Uint8Array): Uint8Array => bytes.subarray(30, 50);

describe('Shift_JIS names', () => {
  it('encode kanji, kana, half-width kana and ASCII as Shift_JIS does', () => {
    expect([...encodeShiftJis('初音ミク')]).toEqual([
      0x8f, 0x89, 0x89, 0xb9, 0x83, 0x7e, 0x83, 0x4e,
    ]);
    expect([...encodeShiftJis('ﾐｸ v2')]).toEqual([0xd0, 0xb8, 0x20, 0x76, 0x32]);
    expect([...encodeShiftJis('😀')]).toEqual([0x3f]);
  });

  it('fill a fixed field with whole characters only', () => {
    // Ten kanji are 20 bytes: they fill the field exactly; an eleventh is left out.
    const eleven = '一二三四五六七八九十百';
    expect(new TextDecoder('shift_jis').decode(shiftJisField(eleven, 20))).toBe(
      '一二三四五六七八九十',
    );
    // 19 bytes, then a two-byte character that would be cut in half: it is left out whole.
    const field = shiftJisField('一二三四五六七八九A十', 20);
    expect(field[19]).toBe(0);
    expect(new TextDecoder('shift_jis').decode(field.subarray(0, 19))).toBe('一二三四五六七八九A');
  });
});

describe('an exported VMD', () => {
  it("holds the MMD model's name, not the file name", async () => {
    const motion = await shortFall();
    const exported = exportFigureMotion(
      motion,
      { kind: 'mmd', modelName: '初音ミク（パーカー）' },
      'vmd',
      'motion-2026-01-01-120000',
    );
    const vmd = parseVmd(exported.bytes);
    expect(vmd.modelName).toBe('初音ミク（パーカー）');
    expect([...modelField(exported.bytes).subarray(0, 8)]).toEqual([...encodeShiftJis('初音ミク')]);
  });

  it('cuts a long model name at a whole character within the 20-byte field', async () => {
    const motion = await shortFall();
    const name = 'とても長い名前のモデルです';
    const exported = exportFigureMotion(motion, { kind: 'mmd', modelName: name }, 'vmd', 'x');
    const vmd = parseVmd(exported.bytes);
    expect(vmd.modelName).toBe('とても長い名前のモデ');
    expect(name.startsWith(vmd.modelName)).toBe(true);
    expect(modelField(exported.bytes).length).toBe(20);
  });
});
