/**
 * MMD morphs drawn: a PMX vertex morph at weight 1 moves its vertices by the file's offsets
 * (metres, z mirrored, to 1e-5) and back to rest exactly at 0; a group morph moves them by its
 * share; PMD skins the same; a morph naming vertices the mesh lacks is refused at load with the
 * model's name while the mesh and the other morphs still work. Real PMD fixtures (skipped when
 * absent) find MMD's standard names for the face's reactions.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { MmdModel, MmdMorph } from '../../renderer/src/formats/mmd/mmd-model';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import type { MmdSkinnedModel } from '../../renderer/src/view/mmd/mmd-skinned-mesh';
import { MMD_FACE_NAMES, resolveFaceRoles } from '../../renderer/src/view/face/face-roles';
import { FACE_MORPH_NAMES, humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import { writePmd } from '../../tools/fixtures/mmd/pmd-writer';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';
import { realFixture } from '../../tools/fixtures/real-fixtures';
import { drawMmdModel, PosedParts } from '../../tools/loaders/posed-mmd-avatar';
import { MmdAvatar } from '../../renderer/src/view/mmd/mmd-avatar';
import type { FaceCues } from '../../renderer/src/view/face/face-cues';

type VertexMorph = Extract<MmdMorph, { kind: 'vertex' }>;

async function drawn(
  bytes: Uint8Array,
): Promise<{ model: MmdModel; drawing: MmdSkinnedModel; scale: number }> {
  const model = parseMmdModel(bytes);
  const rig = mmdRig(model);
  const drawing = await drawMmdModel(model, rig);
  return { model, drawing, scale: rig.unitMetres };
}

function positions(drawing: MmdSkinnedModel): Float32Array {
  return (drawing.mesh.geometry.getAttribute('position').array as Float32Array).slice();
}

/** `before` with each of the morph's vertices moved by `share` × its file offsets (metres, z mirrored). */
function movedBy(
  before: Float32Array,
  morph: VertexMorph,
  scale: number,
  share: number,
): Float32Array {
  const expected = before.slice();
  morph.vertices.forEach((v, i) => {
    expected[3 * v] = expected[3 * v]! + share * morph.offsets[3 * i]! * scale;
    expected[3 * v + 1] = expected[3 * v + 1]! + share * morph.offsets[3 * i + 1]! * scale;
    expected[3 * v + 2] = expected[3 * v + 2]! - share * morph.offsets[3 * i + 2]! * scale;
  });
  return expected;
}

/** Every vertex moved by `share` × the morph's file offsets (metres, z mirrored), the rest not. */
function expectMoved(
  before: Float32Array,
  after: Float32Array,
  morph: VertexMorph,
  scale: number,
  share: number,
): void {
  const expected = movedBy(before, morph, scale, share);
  let worst = 0;
  for (let i = 0; i < after.length; i++)
    worst = Math.max(worst, Math.abs(after[i]! - expected[i]!));
  expect(worst).toBeLessThan(1e-5);
}

/**
 * Shows morph `name` at full weight and checks that `morph`'s vertices moved by its file
 * offsets; returns the positions before.
 */
function expectFullWeightMoves(
  drawing: MmdSkinnedModel,
  name: string,
  morph: VertexMorph,
  scale: number,
): Float32Array {
  const rest = positions(drawing);
  drawing.face.setWeight(drawing.face.indexOf(name), 1);
  drawing.face.apply();
  expectMoved(rest, positions(drawing), morph, scale, 1);
  return rest;
}

describe('PMX vertex and group morphs on the drawn mesh', () => {
  it('moves a vertex morph’s vertices by the file’s offsets at weight 1, and back at 0', async () => {
    const source = humanoidMmdModel();
    const blink = source.morphs[0] as VertexMorph;
    const group: MmdMorph = {
      name: 'はぅ',
      kind: 'group',
      morphs: new Int32Array([0, 1]),
      weights: new Float32Array([0.5, 1]),
    };
    const withGroup = { ...source, morphs: [...source.morphs, group], morphCount: 4 };
    const { model, drawing, scale } = await drawn(writePmx(withGroup));
    const face = drawing.face;
    expect(face.names).toEqual([...FACE_MORPH_NAMES, 'はぅ']);
    // The offsets are the file's: non-trivial in every axis.
    expect(model.morphs[0]).toEqual(blink);
    expect(blink.offsets.every((offset) => offset !== 0)).toBe(true);

    const rest = expectFullWeightMoves(drawing, 'まばたき', blink, scale);
    face.setWeight(face.indexOf('まばたき'), 0);
    face.apply();
    expect(positions(drawing)).toEqual(rest);

    // The group: half of まばたき and all of びっくり.
    face.setWeight(face.indexOf('はぅ'), 1);
    face.apply();
    const half = positions(drawing);
    const surprised = model.morphs[1] as VertexMorph;
    expectMoved(movedBy(rest, blink, scale, 0.5), half, surprised, scale, 1);
    // The edge outline shares the vertices, so it follows the face.
    expect(drawing.edges?.geometry.getAttribute('position')).toBe(
      drawing.mesh.geometry.getAttribute('position'),
    );
    drawing.dispose();
  });

  it('refuses a morph naming vertices the mesh lacks, naming the model, and draws the rest', async () => {
    const source = humanoidMmdModel();
    const bad: MmdMorph = {
      name: '壊れ',
      kind: 'vertex',
      vertices: new Int32Array([1, source.mesh.vertexCount + 5]),
      offsets: new Float32Array(6).fill(1),
    };
    const model = { ...source, morphs: [...source.morphs, bad], morphCount: 4 };
    const { model: parsed, drawing, scale } = await drawn(writePmx(model));
    const warning = parsed.warnings.find((w) => w.code === 'morph-bad-vertex');
    expect(warning?.message).toContain('テスト人形');
    expect(warning?.message).toContain('壊れ');
    expect(warning?.message).toContain(String(source.mesh.vertexCount + 5));
    expect(mmdRig(parsed).warnings.map((w) => w.code)).toContain('morph-bad-vertex');
    expect(drawing.face.names).not.toContain('壊れ');
    expectFullWeightMoves(drawing, '困る', source.morphs[2] as VertexMorph, scale);
    drawing.dispose();
  });
});

describe('PMD skins on the drawn mesh', () => {
  it('moves a skin’s vertices by the file’s offsets', async () => {
    const source = humanoidMmdModel();
    const { model, drawing, scale } = await drawn(writePmd(source));
    expect(model.morphs.map((m) => m.name)).toEqual([...FACE_MORPH_NAMES]);
    expectFullWeightMoves(drawing, 'びっくり', source.morphs[1] as VertexMorph, scale);
    drawing.dispose();
  });
});

describe('an MMD figure’s face', () => {
  it('shows surprise on びっくり within 0.2 s of a grab, and blinks with まばたき', async () => {
    const model = parseMmdModel(writePmx(humanoidMmdModel()));
    const rig = mmdRig(model);
    const parts = new PosedParts(rig);
    const drawing = await drawMmdModel(model, rig);
    let held = false;
    const cues: FaceCues = {
      readHeld: (out) => {
        out.x = out.y = out.z = 0;
        return held;
      },
      takeJolt: () => 0,
      motionState: () => 'passive',
      reactionsOn: () => true,
      readViewer: () => false,
    };
    const avatar = new MmdAvatar(
      drawing,
      rig,
      { id: 3, partHandles: parts.handles, bodies: null, face: cues },
      parts,
    );
    const face = drawing.face;
    let blinked = false;
    for (let i = 0; i < 60 * 7; i++) {
      avatar.update(1 / 60);
      if (face.weight(face.indexOf('まばたき')) > 0.9) blinked = true;
    }
    expect(blinked).toBe(true);
    held = true;
    let seconds = 0;
    while (face.weight(face.indexOf('びっくり')) <= 0.5 && seconds < 1) {
      avatar.update(1 / 60);
      seconds += 1 / 60;
    }
    expect(seconds).toBeLessThan(0.2);
    avatar.dispose();
  });
});

describe('real PMD models’ faces', () => {
  for (const [file, pained] of [
    ['pmd/mokou/mokou_A.pmd', '怒り'],
    ['pmd/low_miku/low_miku.pmd', '困る'],
  ] as const) {
    it.skipIf(!existsSync(realFixture(file)))(
      `${file} finds MMD's standard face morphs`,
      async () => {
        const { model, drawing } = await drawn(new Uint8Array(readFileSync(realFixture(file))));
        expect(model.warnings.map((w) => w.code)).not.toContain('morph-bad-vertex');
        const roles = resolveFaceRoles(drawing.face, MMD_FACE_NAMES);
        expect(drawing.face.names[roles.pained]).toBe(pained);
        // Every skin moves its vertices (none is empty or dropped).
        expect(drawing.face.names.length).toBe(model.morphCount);
        drawing.dispose();
      },
    );
  }
});
