/**
 * Draws a stage from a file: a glTF with three.js's GLTFLoader (its own standard materials,
 * in metres), an MMD model with the app's MMD drawing (toon materials, at the models' unit),
 * in its rest pose. The physics builds its colliders from the same triangles separately.
 */

import type { Object3D } from 'three';
import { LoadingManager } from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import type { StageFileRead } from '../../../../shared/host-contract';
import type { MmdModel } from '../../formats/mmd/mmd-model';
import { MMD_UNIT_METRES } from '../../rig/mmd/mmd-coordinates';
import { drawMmdModel } from '../mmd/load-mmd-model';
import type { MmdTextureReader } from '../mmd/mmd-textures';
import { disposeObject } from './dispose-object';

/** A stage drawn: add {@link root} to the scene; {@link dispose} frees all of it. */
export interface FileStageDrawing {
  readonly root: Object3D;
  /** Things not drawn (textures missing or broken), for the status history. */
  readonly notes: readonly string[];
  dispose(): void;
}

/**
 * Draws the glTF `file`: its buffers and images come from `file.beside` (read by the host
 * from its folder), handed to GLTFLoader as blob URLs that live only while it loads.
 */
export async function drawGltfStage(file: StageFileRead): Promise<FileStageDrawing> {
  const urls = new Map<string, string>();
  for (const side of file.beside) {
    urls.set(side.uri, URL.createObjectURL(new Blob([side.bytes.slice().buffer])));
  }
  const notes: string[] = [];
  const manager = new LoadingManager();
  manager.setURLModifier((url) => urls.get(url) ?? url);
  manager.onError = (url) => notes.push(`${file.fileName}: ${url} could not be drawn.`);
  try {
    const loader = new GLTFLoader(manager);
    const whole = file.bytes.slice().buffer;
    const gltf = await loader.parseAsync(whole, '');
    const root = gltf.scene;
    root.name = 'file-stage';
    root.traverse((object) => {
      object.castShadow = false;
      object.receiveShadow = true;
    });
    return { root, notes, dispose: () => disposeObject(root) };
  } finally {
    for (const url of urls.values()) URL.revokeObjectURL(url);
  }
}

/** Draws the MMD stage `model` (textures through `read`) in its rest pose, at the models' unit. */
export async function drawMmdStage(
  fileName: string,
  model: MmdModel,
  read: MmdTextureReader | undefined,
): Promise<FileStageDrawing> {
  const { drawing, textures } = await drawMmdModel(
    { fileName, model, rig: { unitMetres: MMD_UNIT_METRES } },
    read,
  );
  drawing.root.name = 'file-stage';
  drawing.mesh.castShadow = false;
  drawing.mesh.receiveShadow = true;
  // A stage never moves: its bones stay at rest, so the bounds need not follow them.
  drawing.mesh.frustumCulled = false;
  const notes = [
    ...textures.missing.map((name) => `${fileName}: the texture ${name} is not in its folder.`),
    ...textures.broken.map((name) => `${fileName}: the texture ${name} could not be drawn.`),
  ];
  return { root: drawing.root, notes, dispose: () => drawing.dispose() };
}
