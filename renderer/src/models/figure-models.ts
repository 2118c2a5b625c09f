import type { Object3D } from 'three';
import type { HostApi } from '../../../shared/host-contract';
import type { PresetModelRef } from '../../../shared/preset-schema';
import type { DollSpec } from '../physics/doll-spec';
import type { MmdPhysicsSpec } from '../physics/mmd/mmd-physics-spec';
import type { Figure, FigureTable } from '../physics/sandbox';
import type { MmdWarning } from '../formats/mmd/read-warnings';
import type { Avatar } from '../view/avatar';
import type { BodySource } from '../view/body-meshes';
import type { MmdAvatarModel, MmdTextureReport } from '../view/mmd/load-mmd-model';
import type { MmdSkinnedModel } from '../view/mmd/mmd-skinned-mesh';
import type { MmdTextureReader } from '../view/mmd/mmd-textures';
import type { AvatarModel } from '../view/vrm/load-avatar-model';
import type { MmdAvatarKit, VrmAvatarKit } from './avatar-kits';
import { loadMmdAvatarKit, loadVrmAvatarKit } from './avatar-kits';
import { hostTextureReader } from './mmd-texture-reader';
import { avatarFormatOf } from '../formats/avatar-format';
import type { ExportedFigure } from '../motion/export/export-figure-motion';
import type { RecordedFace } from '../motion/export/face-keys';
import type { ThumbnailRequest } from './thumbnail-request';
import type { FigureBones } from '../motion/figure-bones';
import type { DollMotion } from '../physics/motion/doll-motion';
import type { FaceSandbox, ViewerPosition } from './figure-face-cues';
import { figureFaceCues } from './figure-face-cues';
import type { FaceRole } from '../view/face/face-roles';
import { MMD_FACE_NAMES, VRM_FACE_NAMES, missingFaceRoles } from '../view/face/face-roles';
import type { VmcOutFace } from '../view/face/vmc-out-blends';

/**
 * The sandbox as figure models use it (the `Sandbox` class fits). The figures are read from
 * {@link figureTable} and named by id; the live `Figure`s are held only for the avatars drawn
 * over them (see {@link figures}).
 */
export interface ModelSandbox extends BodySource, FaceSandbox {
  readonly figureTable: FigureTable;
  /**
   * The live figures, read only to find the one a preset made for an avatar (see
   * `FigureModels.adoptRestored`): an avatar's face reads its root body's velocity and its
   * placements, an MMD avatar its MMD bodies.
   */
  readonly figures: readonly Figure[];
  /** Returns the live figure, which its avatar is drawn over (see {@link figures}). */
  addFigure(spec?: DollSpec, options?: { readonly mmd?: MmdPhysicsSpec }): Figure;
  removeFigure(figureId: number): void;
  /** The motion a figure plays (null when passive) and seconds into it, beside its state. */
  readonly motion: FaceSandbox['motion'] & {
    of(figureId: number): DollMotion | null;
    time(figureId: number): number;
  };
}

/** The view as figure models use it (`RagdollView` fits). */
export interface AvatarView {
  /** Where the camera is (the figures' eyes follow it), metres. */
  readonly cameraPosition?: ViewerPosition;
  addAvatar(avatar: Avatar): void;
  removeAvatar(figureId: number): void;
  /**
   * Draws `model` (at rest, in no scene) from its front as a small PNG, at once; the promise
   * only waits for the encoding. Without it, no thumbnails are taken.
   */
  modelThumbnail?(model: Object3D): Promise<Uint8Array | undefined>;
  /** Where avatars read the bodies while drawn (each body once a frame); else the sandbox. */
  readonly poses?: BodySource;
}

/** What opening a model found, for the messages. */
export interface OpenedModel {
  readonly fileName: string;
  readonly title: string;
  /** Meshes that will not follow the ragdoll (neither skinned nor under a humanoid bone). */
  readonly detachedMeshes: number;
  /** MMD: textures that were missing or unusable (drawn untextured). */
  readonly textures?: MmdTextureReport;
  /** MMD read by the page itself: its textures need the desktop app (drawn untextured). */
  readonly texturesNeedApp: boolean;
  /** MMD: problems in the file that were tolerated, each with its code and facts. */
  readonly warnings: readonly MmdWarning[];
  /** What the model's face lacks (those reactions are skipped). */
  readonly faceMissing?: readonly FaceRole[];
}

/** A model open for figures: what ADD and presets make new figures from. */
type OpenModel =
  | {
      readonly kind: 'vrm';
      readonly bytes: Uint8Array;
      readonly fileName: string;
      readonly ref?: PresetModelRef;
    }
  | {
      readonly kind: 'mmd';
      readonly loaded: MmdAvatarModel;
      readonly fileName: string;
      readonly ref?: PresetModelRef;
      readonly read: MmdTextureReader | undefined;
      /** The model file's size in bytes, to weigh what undo keeps. */
      readonly fileBytes: number;
    };

/**
 * A figure's model as undo keeps it: the file's bytes (VRM) or the parsed model (MMD), so a
 * figure can be made again without reading any file. Opaque outside this module.
 */
export type FigureSource = OpenModel;

/** The change about to be made, for {@link FigureModels.onBeforeChange}. */
export type FigureModelsChange = 'open-model' | 'add-model' | 'add-figure' | 'box-dummy';

/**
 * The model data a figure source holds, for weighing undo steps: the VRM file's bytes, or the
 * parsed MMD model (weighed at its file's size); figures of one model share it.
 */
export function figureSourceData(source: FigureSource): {
  readonly key: object;
  readonly bytes: number;
} {
  return source.kind === 'vrm'
    ? { key: source.bytes, bytes: source.bytes.byteLength }
    : { key: source.loaded, bytes: source.fileBytes };
}

/**
 * One figure's model, parsed and (for MMD) drawn, not yet placed: `spec` and `mmd` build its
 * figure; `discard` frees it when it will not be placed after all.
 */
export interface PreparedFigure {
  readonly fileName: string;
  readonly title: string;
  readonly spec: DollSpec;
  readonly mmd?: MmdPhysicsSpec;
  discard(): void;
  /** @internal what `FigureModels` places, and the loaded code that draws it. */
  readonly payload:
    | { readonly kind: 'vrm'; readonly kit: VrmAvatarKit; readonly model: AvatarModel }
    | {
        readonly kind: 'mmd';
        readonly kit: MmdAvatarKit;
        readonly loaded: MmdAvatarModel;
        readonly drawing: MmdSkinnedModel;
        readonly textures: MmdTextureReport;
        readonly read: MmdTextureReader | undefined;
      };
}

/** A model file to open or add: its bytes and what is known of where they came from. */
export interface ModelRequest {
  readonly bytes: Uint8Array;
  readonly fileName: string;
  /** Where the file lives, for presets and for MMD textures beside it. */
  readonly ref?: PresetModelRef | undefined;
  /** The host's reading of the format, when the host read the file. */
  readonly format?: string | undefined;
  /** A wish for a picture of the model at rest (see {@link ThumbnailRequest}). */
  readonly thumbnail?: ThumbnailRequest | undefined;
}

/**
 * Which model each figure is: the box dummy, a VRM, or an MMD model (PMX/PMD). Opening a
 * model replaces every figure with one figure of it; Add Model… adds a figure of another file
 * beside them (a cast may mix all three); ADD makes another figure of the open
 * model (a VRM is parsed again, as a three-vrm instance cannot be cloned; an MMD model's
 * parsed data and texture bytes are reused, its three.js objects made anew); the box dummy
 * replaces them all with one box figure. A file that fails to load changes nothing. Only one
 * load runs at a time. An MMD model's textures come from its folder through the desktop host.
 */
export class FigureModels {
  private model: OpenModel | undefined;
  private readonly kinds = new Map<number, 'vrm' | 'mmd'>();
  /** A VRM figure's rig, as a motion export needs it (see `exportedFigureOf`). */
  private readonly vrmRigs = new Map<number, NonNullable<ExportedFigure['vrm']>>();
  /** A figure's face as recorded beside the scene's frames, for a motion export. */
  private readonly faces = new Map<number, RecordedFace>();
  /** A figure's face as VMC out sends it. */
  private readonly vmcFaces = new Map<number, VmcOutFace>();
  /** An MMD figure's bones, as motions name them. */
  private readonly mmdBones = new Map<number, FigureBones>();
  /**
   * Which model each avatar figure was made from (by id): undo makes it again from this, and
   * a preset stores its `ref` (set only for files the host opened).
   */
  private readonly sources = new Map<number, OpenModel>();
  private loading = false;
  /** Called just before figures are removed or added here (undo captures the scene). */
  onBeforeChange: ((change: FigureModelsChange) => void) | undefined;

  constructor(
    private readonly sandbox: ModelSandbox,
    private readonly view: AvatarView,
    private readonly host?: HostApi,
  ) {}

  /** FACE REACTIONS: whether faces react to what happens to the bodies (default on). */
  faceReactions = true;
  private readonly reactionsOn = (): boolean => this.faceReactions;

  /** True while a file is being parsed. */
  get busy(): boolean {
    return this.loading;
  }

  /** The open model's file name, or undefined for the box dummy. */
  get modelFileName(): string | undefined {
    return this.model?.fileName;
  }

  /** What a motion export needs to know of the figure with this id beyond its spec. */
  exportedFigureOf(figureId: number): ExportedFigure {
    const vrm = this.vrmRigs.get(figureId);
    const face = this.faces.get(figureId);
    const withFace = face ? { face } : {};
    if (vrm) return { kind: 'vrm', vrm, ...withFace };
    const source = this.sources.get(figureId);
    if (source?.kind === 'mmd') return { kind: 'mmd', modelName: source.loaded.title, ...withFace };
    return { kind: this.kindOf(figureId) };
  }

  /** A figure's face as VMC out sends it, or null (a box dummy, a model without a face). */
  vmcFaceOf(figureId: number): VmcOutFace | null {
    return this.vmcFaces.get(figureId) ?? null;
  }

  /** The bones of an MMD figure's model, which a motion's other bones may turn; else undefined. */
  bonesOf(figureId: number): FigureBones | undefined {
    return this.mmdBones.get(figureId);
  }

  /** `vrm` or `mmd` for a figure drawn by an avatar, else `box`. */
  kindOf(figureId: number): 'vrm' | 'mmd' | 'box' {
    return this.kinds.get(figureId) ?? 'box';
  }

  /**
   * Opens a model from its bytes and makes it the only figure. Throws a `VrmLoadError` or
   * `MmdLoadError` naming the file when it is not usable; the scene is then exactly as it was.
   */
  async open(file: ModelRequest): Promise<OpenedModel> {
    const prepared = await this.prepareForChange(file, 'open-model');
    this.clearFigures();
    const model = openModelOf(prepared, file.bytes, file.ref);
    this.place(prepared, model);
    this.model = model;
    return describeOpened(prepared);
  }

  /**
   * Add Model…: adds one figure of another model file beside the figures already there, any
   * mix of box dummies, VRM and MMD figures. The open model (what ADD repeats) stays as it
   * was. Throws as {@link open} does, or a `SandboxError` when every figure slot is taken;
   * the scene is then exactly as it was.
   */
  async addModel(file: ModelRequest): Promise<OpenedModel> {
    const prepared = await this.prepareForChange(file, 'add-model');
    this.place(prepared, openModelOf(prepared, file.bytes, file.ref));
    return describeOpened(prepared);
  }

  /**
   * Parses (and for MMD draws) a model file without touching the scene, for a preset that
   * places it itself (see {@link adoptRestored}).
   */
  async prepare(
    bytes: Uint8Array,
    fileName: string,
    ref?: PresetModelRef,
    format?: string,
  ): Promise<PreparedFigure> {
    if (avatarFormatOf(bytes, fileName, format) === 'vrm') return prepareVrm(bytes, fileName);
    const kit = await loadMmdAvatarKit();
    const loaded = kit.loadMmdModel(bytes, fileName);
    const read =
      this.host && ref?.kind === 'file' ? hostTextureReader(this.host, ref.path) : undefined;
    return prepareMmd(loaded, read);
  }

  /**
   * {@link prepare} while busy and, when `file.thumbnail` is still wanted, the model drawn at
   * rest for it before anything can move it (a picture that cannot be taken only goes without,
   * logged); then the scene's undo snapshot for `change`.
   */
  private async prepareForChange(
    file: ModelRequest,
    change: FigureModelsChange,
  ): Promise<PreparedFigure> {
    const prepared = await this.busyWhile(() => this.prepareWithThumbnail(file));
    this.onBeforeChange?.(change);
    return prepared;
  }

  private async prepareWithThumbnail(file: ModelRequest): Promise<PreparedFigure> {
    const { fileName, thumbnail } = file;
    const prepared = await this.prepare(file.bytes, fileName, file.ref, file.format);
    const draw = this.view.modelThumbnail?.bind(this.view);
    if (!thumbnail || !draw || !(await thumbnail.wanted)) return prepared;
    const failed = (error: unknown): void =>
      console.warn(`[thumbnail] ${fileName} could not be drawn:`, error);
    try {
      draw(drawingOf(prepared)).then((png) => png && thumbnail.deliver(png), failed);
    } catch (error) {
      failed(error);
    }
    return prepared;
  }

  /** Adds one more figure of the open model (the caller checks the figure limit first). */
  async addFigure(): Promise<void> {
    const current = this.model;
    if (!current) throw new Error('FigureModels.addFigure: no model is open');
    const prepared = await this.busyWhile(() =>
      current.kind === 'vrm'
        ? prepareVrm(current.bytes, current.fileName)
        : prepareMmd(current.loaded, current.read),
    );
    // The person may have switched to the box dummy while this file was parsing.
    if (this.model !== current) {
      prepared.discard();
      return;
    }
    this.onBeforeChange?.('add-figure');
    this.place(prepared, current);
  }

  /** Forgets the model and leaves one box dummy. */
  useBoxDummy(): void {
    this.onBeforeChange?.('box-dummy');
    this.model = undefined;
    this.clearFigures();
    this.sandbox.addFigure();
  }

  /** Removes every figure and its avatar. */
  clearFigures(): void {
    // The table in hand stays as it is while figures are removed.
    for (const { id } of this.sandbox.figureTable.figures) this.removeFigure(id);
  }

  /** Removes the figure with this id and its avatar (Delete in a body's menu). */
  removeFigure(figureId: number): void {
    this.forget(figureId);
    this.sandbox.removeFigure(figureId);
  }

  /** Removes the avatar of the figure with this id, if it has one, and all that is kept of it. */
  private forget(figureId: number): void {
    if (this.kinds.delete(figureId)) this.view.removeAvatar(figureId);
    this.vrmRigs.delete(figureId);
    this.faces.delete(figureId);
    this.vmcFaces.delete(figureId);
    this.mmdBones.delete(figureId);
    this.sources.delete(figureId);
  }

  /**
   * What a preset stores as a figure's model: its file when the desktop host opened it, else
   * the box dummy (a figure from a file the page read itself has no path to come back to).
   */
  refOf(figureId: number): PresetModelRef {
    return this.sources.get(figureId)?.ref ?? { kind: 'box' };
  }

  /**
   * After a preset replaced the sandbox's figures: frees the avatars whose figures are gone,
   * shows the prepared models over the new figures (by id) made from their specs, and makes the
   * first of them the open model (for ADD), or the box dummy when there is none.
   */
  adoptRestored(
    avatars: readonly {
      readonly figureId: number;
      readonly prepared: PreparedFigure;
      readonly bytes: Uint8Array;
      readonly ref: PresetModelRef;
    }[],
  ): void {
    const present = new Set(this.sandbox.figureTable.figures.map((figure) => figure.id));
    for (const id of [...this.kinds.keys()]) if (!present.has(id)) this.forget(id);
    const first = avatars[0];
    this.model =
      first === undefined ? undefined : openModelOf(first.prepared, first.bytes, first.ref);
    for (const { figureId, prepared, bytes, ref } of avatars) {
      // The avatar is drawn over the live figure (see `ModelSandbox.figures`).
      const figure = this.sandbox.figures.find((candidate) => candidate.id === figureId);
      if (!figure) {
        prepared.discard();
        continue;
      }
      this.showAvatar(figure, prepared);
      this.sources.set(figureId, openModelOf(prepared, bytes, ref));
    }
  }

  /** The open model (what ADD makes figures of), for undo; undefined for the box dummy. */
  get openSource(): FigureSource | undefined {
    return this.model;
  }

  /** Undo: makes `source` the open model again (undefined: the box dummy). */
  set openSource(source: FigureSource | undefined) {
    this.model = source;
  }

  /** The model the figure with this id was made from, for undo; undefined for a box figure. */
  sourceOf(figureId: number): FigureSource | undefined {
    return this.sources.get(figureId);
  }

  /**
   * Undo: parses (VRM, from the bytes kept in memory) or draws (MMD, from the parsed model and
   * its texture bytes read before) a figure of `source` again. Reads no file.
   */
  prepareSource(source: FigureSource): Promise<PreparedFigure> {
    return source.kind === 'vrm'
      ? prepareVrm(source.bytes, source.fileName)
      : prepareMmd(source.loaded, source.read);
  }

  /** Undo: adds a figure of a prepared `source` with its avatar (see {@link prepareSource}). */
  placeSource(prepared: PreparedFigure, source: FigureSource): Figure {
    return this.place(prepared, source);
  }

  private async busyWhile<T>(work: () => Promise<T>): Promise<T> {
    this.loading = true;
    try {
      return await work();
    } finally {
      this.loading = false;
    }
  }

  /** Adds the model's figure to the sandbox and its avatar to the view; frees it on failure. */
  private place(prepared: PreparedFigure, source: OpenModel): Figure {
    let figure: Figure;
    try {
      figure = this.sandbox.addFigure(prepared.spec, prepared.mmd ? { mmd: prepared.mmd } : {});
    } catch (error) {
      prepared.discard();
      throw error;
    }
    this.showAvatar(figure, prepared);
    this.sources.set(figure.id, source);
    return figure;
  }

  /** Draws the prepared model over `figure` (built from its spec). */
  private showAvatar(figure: Figure, prepared: PreparedFigure): void {
    // Part names and handles from the table; the figure was added just before.
    const partHandles = this.sandbox.figureTable.entryOf(figure.id)!.partHandles;
    const payload = prepared.payload;
    const sandbox = this.sandbox;
    const id = figure.id;
    const motion = {
      current: () => sandbox.motion.of(id),
      time: () => sandbox.motion.time(id),
    };
    if (payload.kind === 'vrm') {
      const placements = (): number => figure.ragdoll.placements;
      const rig = payload.model.rig;
      this.vrmRigs.set(figure.id, {
        boneOwners: rig.boneOwners,
        hipsOffset: rig.hipsOffset,
        restHipsHeight: payload.model.loaded.bones['hips']?.[1] ?? 1,
      });
      const face = figureFaceCues(this.sandbox, figure, this.view.cameraPosition, this.reactionsOn);
      const avatar = new payload.kit.VrmAvatar(
        payload.model,
        { id: figure.id, partHandles, placements, face, motion },
        this.view.poses ?? this.sandbox,
      );
      if (avatar.face) {
        this.faces.set(figure.id, avatar.face.history);
        const vrmVersion = payload.model.loaded.vrm.meta.metaVersion === '0' ? '0' : '1';
        this.vmcFaces.set(figure.id, { target: avatar.face.face.target, kind: 'vrm', vrmVersion });
      }
      this.view.addAvatar(avatar);
    } else {
      const face = figureFaceCues(this.sandbox, figure, this.view.cameraPosition, this.reactionsOn);
      const avatar = new payload.kit.MmdAvatar(
        payload.drawing,
        payload.loaded.rig,
        { id: figure.id, partHandles, bodies: figure.mmd, motion, face },
        this.view.poses ?? this.sandbox,
      );
      this.mmdBones.set(figure.id, avatar.figureBones);
      if (avatar.faceHistory) this.faces.set(figure.id, avatar.faceHistory);
      if (avatar.face)
        this.vmcFaces.set(figure.id, { target: avatar.face.target, kind: 'mmd', vrmVersion: '1' });
      this.view.addAvatar(avatar);
    }
    this.kinds.set(figure.id, payload.kind);
  }
}

async function prepareVrm(bytes: Uint8Array, fileName: string): Promise<PreparedFigure> {
  const kit = await loadVrmAvatarKit();
  const model = await kit.loadAvatarModel(bytes, fileName);
  return {
    fileName,
    title: model.loaded.meta.title,
    spec: model.rig.spec,
    discard: () => model.threeVrm.VRMUtils.deepDispose(model.loaded.vrm.scene),
    payload: { kind: 'vrm', kit, model },
  };
}

async function prepareMmd(
  loaded: MmdAvatarModel,
  read: MmdTextureReader | undefined,
): Promise<PreparedFigure> {
  const kit = await loadMmdAvatarKit();
  const { drawing, textures } = await kit.drawMmdModel(loaded, read);
  const rig = loaded.rig;
  return {
    fileName: loaded.fileName,
    title: loaded.title,
    spec: rig.rig.spec,
    mmd: rig.physics,
    discard: () => drawing.dispose(),
    payload: { kind: 'mmd', kit, loaded, drawing, textures, read },
  };
}

function openModelOf(prepared: PreparedFigure, bytes: Uint8Array, ref?: PresetModelRef): OpenModel {
  const payload = prepared.payload;
  const fileName = prepared.fileName;
  const withRef = ref === undefined ? {} : { ref };
  return payload.kind === 'vrm'
    ? { kind: 'vrm', bytes, fileName, ...withRef }
    : {
        kind: 'mmd',
        loaded: payload.loaded,
        fileName,
        read: payload.read,
        fileBytes: bytes.byteLength,
        ...withRef,
      };
}

/** The model's three.js objects as prepared: at rest, in no scene until it is placed. */
function drawingOf(prepared: PreparedFigure): Object3D {
  const payload = prepared.payload;
  return payload.kind === 'vrm' ? payload.model.loaded.vrm.scene : payload.drawing.root;
}

function describeOpened(prepared: PreparedFigure): OpenedModel {
  const payload = prepared.payload;
  if (payload.kind === 'vrm') {
    return {
      fileName: prepared.fileName,
      title: prepared.title,
      detachedMeshes: payload.model.loaded.detachedMeshes,
      texturesNeedApp: false,
      warnings: [],
      faceMissing: missingFaceRoles(
        (payload.model.loaded.vrm.expressionManager?.expressions ?? []).map(
          (expression) => expression.expressionName,
        ),
        VRM_FACE_NAMES,
      ),
    };
  }
  // MMD's shared toons (toon01.bmp …) are optional: a model using only those needs no files.
  const used = payload.kit.texturesUsed(payload.loaded.model);
  const needsTextures = used.names.some((name) => !used.sharedToons.has(name));
  return {
    fileName: prepared.fileName,
    title: prepared.title,
    detachedMeshes: 0,
    textures: payload.textures,
    texturesNeedApp: payload.read === undefined && needsTextures,
    warnings: payload.loaded.rig.warnings,
    faceMissing: missingFaceRoles(payload.drawing.face.names, MMD_FACE_NAMES),
  };
}
