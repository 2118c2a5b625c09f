/**
 * The good files each format's fuzzing starts from, made by the project's own fixture
 * writers (no binaries in the repo): VRM 0.x and 1.0, PMX and PMD humanoids with physics,
 * VMD and VRMA motions, and a small preset.
 */

import type { PresetBodyState, PresetContent } from '../../shared/preset-schema';
import { SKELETONS } from '../fixtures/fixture-skeletons';
import { humanoidMmdModel } from '../fixtures/mmd/mmd-fixture-models';
import { writePmd } from '../fixtures/mmd/pmd-writer';
import { writePmx } from '../fixtures/mmd/pmx-writer';
import { stepVmdKeys, waveVrmaBytes } from '../fixtures/motion/motion-fixtures';
import { writeVmd } from '../fixtures/motion/vmd-writer';
import { writeVrm } from '../fixtures/vrm-writer';

export function vrmSamples(): Uint8Array[] {
  const meta = { title: 'Fuzz', author: 'Ragdoll Playground fuzz' };
  return [
    writeVrm(SKELETONS.tpose15, { format: 'vrm1', ...meta }),
    writeVrm(SKELETONS.apose15, { format: 'vrm0', ...meta }),
  ];
}

export function pmxSamples(): Uint8Array[] {
  const model = humanoidMmdModel({ skirt: {}, morphCount: 2 });
  return [writePmx(model), writePmx(model, { indexSizes: { vertex: 4, bone: 4, texture: 4 } })];
}

export function pmdSamples(): Uint8Array[] {
  return [writePmd(humanoidMmdModel({ skirt: {}, morphCount: 2 }))];
}

export function vmdSamples(): Uint8Array[] {
  return [writeVmd({ keys: stepVmdKeys() })];
}

export function vrmaSamples(): Uint8Array[] {
  return [waveVrmaBytes()];
}

/** A scene with two figures (a box dummy and a VRM), props and a motion. */
export function presetContentSample(
  modelPath: string,
  size: number,
  sha256: string,
): PresetContent {
  const body = (i: number): PresetBodyState => ({
    position: [i * 0.1, 1 + i * 0.05, -0.2],
    rotation: [0, 0, 0, 1],
    linvel: [0, -0.5, 0],
    angvel: [0, 0.1, 0],
  });
  return {
    name: 'Fuzz scene',
    settings: { stiffness: 40, timeScale: 1, showBodies: false, gravity: 0.5 },
    camera: { position: [0, 1.6, 4], target: [0, 1, 0], fovDeg: 50 },
    stage: { id: 'default' },
    motion: { motion: { kind: 'builtin', name: 'wave' }, playing: true, muscle: 80, getUp: true },
    figures: [
      {
        model: { kind: 'box' },
        parts: Array.from({ length: 11 }, (_, i) => body(i)),
        motionTime: 0,
      },
      {
        model: { kind: 'file', path: modelPath, sha256, size, title: 'Fuzz', format: 'vrm1' },
        parts: Array.from({ length: 15 }, (_, i) => body(i)),
        motionTime: 0.5,
      },
    ],
    props: [
      { kind: 'ball', ...body(1) },
      { kind: 'box', ...body(2) },
      {
        kind: 'model',
        model: { kind: 'file', path: modelPath, sha256, size, title: 'Fuzz prop', format: 'pmx' },
        ...body(3),
        bodies: [body(4), body(5)],
      },
    ],
    pins: [
      { kind: 'part', figure: 1, part: 3 },
      { kind: 'prop', prop: 0 },
      { kind: 'prop', prop: 2 },
    ],
    links: [
      {
        type: 'rope',
        a: { kind: 'world' },
        b: { kind: 'part', figure: 1, part: 3 },
        anchorA: [0, 3, 0],
        anchorB: [0, 0.1, 0],
        frameA: [0, 0, 0, 1],
        frameB: [0, 0, 0, 1],
        axisA: [0, 0, 1],
        axisB: [0, 0, 1],
        length: 1.2,
        stiffness: 2000,
        damping: 40,
        breakForce: 800,
      },
    ],
  };
}
