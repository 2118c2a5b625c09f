import type { PresetModelRef } from '../../../shared/preset-schema';
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
  private model:
    | { readonly bytes: Uint8Array; readonly fileName: string; readonly ref?: PresetModelRef }
    | undefined;
  private readonly avatarFigures = new Set<number>();
  /** Where each avatar figure's model file is, for presets (only files the host opened). */
  private readonly figureRefs = new Map<number, PresetModelRef>();
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
  async open(bytes: Uint8Array, fileName: string, ref?: PresetModelRef): Promise<OpenedModel> {
    const model = await this.load(bytes, fileName);
    this.clearFigures();
    const figure = this.place(model);
    this.model = ref === undefined ? { bytes, fileName } : { bytes, fileName, ref };
    if (ref) this.figureRefs.set(figure.id, ref);
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
    const figure = this.place(model);
    if (current.ref) this.figureRefs.set(figure.id, current.ref);
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
      this.figureRefs.delete(figure.id);
      this.sandbox.removeFigure(figure);
    }
  }

  /**
   * What a preset stores as `figure`'s model: its file when the desktop host opened it, else
   * the box dummy (a figure from a file the page read itself has no path to come back to).
   */
  refOf(figure: Figure): PresetModelRef {
    return this.figureRefs.get(figure.id) ?? { kind: 'box' };
  }

  /**
   * After a preset replaced the sandbox's figures: frees the avatars whose figures are gone,
   * shows `avatars` over the new figures made from their specs, and makes the first of them
   * the open model (for ADD), or the box dummy when there is none.
   */
  adoptRestored(
    avatars: readonly {
      readonly figure: Figure;
      readonly model: AvatarModel;
      readonly bytes: Uint8Array;
      readonly ref: PresetModelRef;
    }[],
  ): void {
    const present = new Set(this.sandbox.figures.map((figure) => figure.id));
    for (const id of [...this.avatarFigures]) {
      if (present.has(id)) continue;
      this.avatarFigures.delete(id);
      this.figureRefs.delete(id);
      this.view.removeAvatar(id);
    }
    const first = avatars[0];
    this.model =
      first === undefined
        ? undefined
        : { bytes: first.bytes, fileName: first.model.fileName, ref: first.ref };
    for (const { figure, model, ref } of avatars) {
      this.showAvatar(figure, model);
      this.figureRefs.set(figure.id, ref);
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
    this.showAvatar(figure, model);
    return figure;
  }

  /** Draws `model` over `figure` (built from the model's spec). */
  private showAvatar(figure: Figure, model: AvatarModel): void {
    const partHandles = new Map(
      figure.ragdoll.parts.map((part) => [part.spec.name, part.body.handle] as const),
    );
    const placements = (): number => figure.ragdoll.placements;
    this.view.addAvatar(
      new VrmAvatar(model, { id: figure.id, partHandles, placements }, this.sandbox),
    );
    this.avatarFigures.add(figure.id);
  }
}
