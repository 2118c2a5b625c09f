import type { HostApi } from '../../../shared/host-contract';
import type { PresetFileModelRef, PresetModelRef } from '../../../shared/preset-schema';
import type { MmdModel } from '../formats/mmd/mmd-model';
import type { ModelProp, ModelPropSpec } from '../physics/model-prop';
import type { Vec3Like } from '../physics/vector-math';
import type { BodySource } from '../view/body-meshes';
import type { MmdPropModel, MmdTextureReport } from '../view/mmd/load-mmd-model';
import type { MmdSkinnedModel } from '../view/mmd/mmd-skinned-mesh';
import type { MmdTextureReader } from '../view/mmd/mmd-textures';
import type { AvatarView, OpenedModel } from './figure-models';
import type { MmdAvatarKit } from './avatar-kits';
import { loadMmdAvatarKit } from './avatar-kits';
import { hostTextureReader } from './mmd-texture-reader';

/** The sandbox as model props use it (the `Sandbox` class fits). */
export interface PropSandbox extends BodySource {
  readonly modelProps: readonly ModelProp[];
  /** Adds a prop standing at `at` on the stage, when given, else at the next prop spot. */
  addModelProp(spec: ModelPropSpec, at?: Vec3Like): ModelProp;
  removeModelProp(prop: ModelProp): void;
}

/**
 * A model prop's model as undo keeps it: the parsed model, its texture reader (whose bytes are
 * kept once read) and its file's reference, so the prop can be made again without reading any
 * file. Opaque outside this module.
 */
export interface PropSource {
  readonly loaded: MmdPropModel;
  readonly read: MmdTextureReader | undefined;
  readonly ref: PresetFileModelRef | undefined;
  /** The model file's size in bytes, to weigh what undo keeps. */
  readonly fileBytes: number;
}

/** What a change of props is, for {@link PropModels.onBeforeChange}. */
export type PropModelsChange = 'open-model' | 'add-model';

/**
 * The model data a prop source holds, for weighing undo steps: the parsed model, weighed at
 * its file's size; props of one model share it.
 */
export function propSourceData(source: PropSource): {
  readonly key: object;
  readonly bytes: number;
} {
  return { key: source.loaded, bytes: source.fileBytes };
}

/** A model prop parsed, rigged and drawn, not yet in the scene. */
export interface PreparedProp {
  readonly spec: ModelPropSpec;
  /** Frees the drawing when it will not be placed after all. */
  discard(): void;
  /** @internal what {@link PropModels} shows over the prop. */
  readonly payload: {
    readonly kit: MmdAvatarKit;
    readonly loaded: MmdPropModel;
    readonly drawing: MmdSkinnedModel;
    readonly textures: MmdTextureReport;
    readonly needsApp: boolean;
    readonly read: MmdTextureReader | undefined;
    readonly fileBytes: number;
  };
}

/**
 * MMD models without a humanoid skeleton in the scene as props (see `ModelProp`): opening one
 * adds it, standing where its file was dropped or else in front of the figures, and draws it
 * skinned from its physics like an MMD figure (`MmdAvatar`). Remembers which file each prop
 * came from, for presets. The sandbox may remove props by itself (CLEAR, RESET, the 13th prop,
 * the fall guard); the view drops their drawings then (`AvatarLayer.prune`), and
 * {@link refOf} forgets them.
 */
export class PropModels {
  /** Which model each prop was made from (by id): undo makes it again from this. */
  private readonly sources = new Map<number, PropSource>();
  /** Called just before a prop is opened here (undo captures the scene). */
  onBeforeChange: ((change: PropModelsChange) => void) | undefined;

  constructor(
    private readonly sandbox: PropSandbox,
    private readonly view: AvatarView,
    private readonly host?: HostApi,
  ) {}

  /**
   * Adds a parsed model as a prop and draws it: standing at `options.at` on the stage (where
   * its file was dropped) when given, else at the next prop spot. Throws (an `MmdLoadError`
   * naming the file, or the sandbox's error) with the scene unchanged when it cannot be built.
   */
  async open(
    model: MmdModel,
    fileName: string,
    ref?: PresetModelRef,
    options: {
      readonly fileBytes?: number;
      readonly change?: PropModelsChange;
      /** A point of the stage, metres (see `Sandbox.stagePointAt`). */
      readonly at?: Vec3Like | undefined;
    } = {},
  ): Promise<OpenedModel> {
    const prepared = await this.prepare(model, fileName, ref, options.fileBytes);
    this.onBeforeChange?.(options.change ?? 'open-model');
    this.place(prepared, ref?.kind === 'file' ? ref : undefined, options.at);
    return describe(prepared);
  }

  /** Rigs and draws a parsed model as a prop without touching the scene. */
  async prepare(
    model: MmdModel,
    fileName: string,
    ref?: PresetModelRef,
    fileBytes = 0,
  ): Promise<PreparedProp> {
    const kit = await loadMmdAvatarKit();
    return this.draw(kit, kit.loadMmdProp(model, fileName), this.readerFor(ref), fileBytes);
  }

  /**
   * Parses, rigs and draws a prop's file (a preset's) without touching the scene. Throws an
   * `MmdLoadError` naming the file when it cannot be read as a model.
   */
  async prepareFile(
    bytes: Uint8Array,
    fileName: string,
    ref: PresetFileModelRef,
  ): Promise<PreparedProp> {
    const kit = await loadMmdAvatarKit();
    const loaded = kit.readMmdProp(bytes, fileName);
    return this.draw(kit, loaded, this.readerFor(ref), bytes.byteLength);
  }

  /**
   * Undo: draws a prop of `source` again, from the parsed model and the texture bytes read
   * before. Reads no file.
   */
  async prepareSource(source: PropSource): Promise<PreparedProp> {
    const kit = await loadMmdAvatarKit();
    return this.draw(kit, source.loaded, source.read, source.fileBytes);
  }

  /** Undo: adds a prop of a prepared `source` with its drawing (see {@link prepareSource}). */
  placeSource(prepared: PreparedProp, source: PropSource): ModelProp {
    return this.place(prepared, source.ref);
  }

  /** The model `prop` was made from, for undo; undefined for a prop not opened here. */
  sourceOf(prop: ModelProp): PropSource | undefined {
    return this.sources.get(prop.id);
  }

  private readerFor(ref: PresetModelRef | undefined): MmdTextureReader | undefined {
    return this.host && ref?.kind === 'file' ? hostTextureReader(this.host, ref.path) : undefined;
  }

  private async draw(
    kit: MmdAvatarKit,
    loaded: MmdPropModel,
    read: MmdTextureReader | undefined,
    fileBytes: number,
  ): Promise<PreparedProp> {
    const model = loaded.model;
    const { drawing, textures } = await kit.drawMmdModel(loaded, read);
    const used = kit.texturesUsed(model);
    const needsTextures = used.names.some((name) => !used.sharedToons.has(name));
    return {
      spec: {
        carrier: loaded.rig.rig.spec,
        mmd: loaded.rig.physics,
        carrierCollides: loaded.rig.carrierCollides,
      },
      discard: () => drawing.dispose(),
      payload: {
        kit,
        loaded,
        drawing,
        textures,
        needsApp: read === undefined && needsTextures,
        read,
        fileBytes,
      },
    };
  }

  /**
   * Adds the prepared prop to the sandbox (standing at `at` on the stage when given) and its
   * drawing to the view; frees it on failure.
   */
  place(prepared: PreparedProp, ref: PresetFileModelRef | undefined, at?: Vec3Like): ModelProp {
    let prop: ModelProp;
    try {
      prop = this.sandbox.addModelProp(prepared.spec, at);
    } catch (error) {
      prepared.discard();
      throw error;
    }
    this.show(prop, prepared, ref);
    return prop;
  }

  /** Draws a prepared prop over `prop`, which the sandbox built from its spec (a preset). */
  show(prop: ModelProp, prepared: PreparedProp, ref: PresetFileModelRef | undefined): void {
    const { kit, drawing, loaded, read, fileBytes } = prepared.payload;
    const partHandles = new Map(
      prop.ragdoll.parts.map((part) => [part.spec.name, part.body.handle] as const),
    );
    this.view.addAvatar(
      new kit.MmdAvatar(
        drawing,
        loaded.rig,
        { id: prop.id, partHandles, bodies: prop.mmd },
        this.view.poses ?? this.sandbox,
      ),
    );
    this.sources.set(prop.id, { loaded, read, ref, fileBytes });
  }

  /** Removes a prop and its drawing (Delete in a body's menu). */
  remove(prop: ModelProp): void {
    this.sources.delete(prop.id);
    this.view.removeAvatar(prop.id);
    this.sandbox.removeModelProp(prop);
  }

  /** The file `prop` came from, for presets; undefined for a file the page read itself. */
  refOf(prop: ModelProp): PresetFileModelRef | undefined {
    // Props the sandbox removed by itself are forgotten here, lazily.
    for (const id of this.sources.keys())
      if (!this.sandbox.modelProps.some((candidate) => candidate.id === id))
        this.sources.delete(id);
    return this.sources.get(prop.id)?.ref;
  }
}

function describe(prepared: PreparedProp): OpenedModel {
  const { loaded, textures, needsApp } = prepared.payload;
  return {
    fileName: loaded.fileName,
    title: loaded.title,
    detachedMeshes: 0,
    textures,
    texturesNeedApp: needsApp,
    warnings: loaded.rig.warnings,
  };
}
