import type { DollSpec } from '../physics/doll-spec';
import type { Figure } from '../physics/sandbox';
import type { BodySource } from '../view/body-meshes';
import type { AvatarModel } from '../view/vrm/load-avatar-model';
import { loadAvatarModel } from '../view/vrm/load-avatar-model';
import { VrmAvatar } from '../view/vrm/vrm-avatar';

/** The sandbox as figure models use it (the `Sandbox` class fits). */
export interface ModelSandbox extends BodySource {
  readonly figures: readonly Figure[];
  addFigure(spec?: DollSpec): Figure;
  removeFigure(figure: Figure): void;
}

/** The view as figure models use it (`RagdollView` fits). */
export interface AvatarView {
  addAvatar(avatar: VrmAvatar): void;
  removeAvatar(figureId: number): void;
}

/** What opening a model found, for the messages. */
export interface OpenedModel {
  readonly fileName: string;
  readonly title: string;
  /** Meshes that will not follow the ragdoll (neither skinned nor under a humanoid bone). */
  readonly detachedMeshes: number;
}

/**
 * Which model the figures are: the box dummy, or a VRM opened from its bytes. Opening a VRM
 * replaces every figure with one figure of it; ADD loads the same bytes again for each new
 * figure (a three-vrm instance cannot be cloned); the box dummy replaces them all with one box
 * figure. A file that fails to load changes nothing. Only one load runs at a time.
 */
export class FigureModels {
  private model: { readonly bytes: Uint8Array; readonly fileName: string } | undefined;
  private readonly avatarFigures = new Set<number>();
  private loading = false;

  constructor(
    private readonly sandbox: ModelSandbox,
    private readonly view: AvatarView,
  ) {}

  /** True while a file is being parsed. */
  get busy(): boolean {
    return this.loading;
  }

  /** The open model's file name, or undefined for the box dummy. */
  get modelFileName(): string | undefined {
    return this.model?.fileName;
  }

  /** `vrm` for a figure drawn by an avatar, else `box`. */
  kindOf(figure: Figure): 'vrm' | 'box' {
    return this.avatarFigures.has(figure.id) ? 'vrm' : 'box';
  }

  /**
   * Opens a VRM from its bytes and makes it the only figure. Throws a `VrmLoadError` naming
   * the file when it is not a usable VRM; the scene is then exactly as it was.
   */
  async open(bytes: Uint8Array, fileName: string): Promise<OpenedModel> {
    const model = await this.load(bytes, fileName);
    this.clearFigures();
    this.place(model);
    this.model = { bytes, fileName };
    return {
      fileName,
      title: model.loaded.meta.title,
      detachedMeshes: model.loaded.detachedMeshes,
    };
  }

  /** Adds one more figure of the open model (the caller checks the figure limit first). */
  async addFigure(): Promise<void> {
    const current = this.model;
    if (!current) throw new Error('FigureModels.addFigure: no model is open');
    const model = await this.load(current.bytes, current.fileName);
    // The person may have switched to the box dummy while this file was parsing.
    if (this.model !== current) {
      model.threeVrm.VRMUtils.deepDispose(model.loaded.vrm.scene);
      return;
    }
    this.place(model);
  }

  /** Forgets the model and leaves one box dummy. */
  useBoxDummy(): void {
    this.model = undefined;
    this.clearFigures();
    this.sandbox.addFigure();
  }

  /** Removes every figure and its avatar. */
  clearFigures(): void {
    for (const figure of [...this.sandbox.figures]) {
      if (this.avatarFigures.delete(figure.id)) this.view.removeAvatar(figure.id);
      this.sandbox.removeFigure(figure);
    }
  }

  private async load(bytes: Uint8Array, fileName: string): Promise<AvatarModel> {
    this.loading = true;
    try {
      return await loadAvatarModel(bytes, fileName);
    } finally {
      this.loading = false;
    }
  }

  /** Adds the model's figure to the sandbox and its avatar to the view; frees it on failure. */
  private place(model: AvatarModel): Figure {
    let figure: Figure;
    try {
      figure = this.sandbox.addFigure(model.rig.spec);
    } catch (error) {
      model.threeVrm.VRMUtils.deepDispose(model.loaded.vrm.scene);
      throw error;
    }
    const partHandles = new Map(
      figure.ragdoll.parts.map((part) => [part.spec.name, part.body.handle] as const),
    );
    this.view.addAvatar(new VrmAvatar(model, { id: figure.id, partHandles }, this.sandbox));
    this.avatarFigures.add(figure.id);
    return figure;
  }
}
