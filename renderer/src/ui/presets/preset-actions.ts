import type {
  HostApi,
  HostOutcome,
  LoadedPreset,
  PresetSummary,
} from '../../../../shared/host-contract';
import type {
  PresetContent,
  PresetMusicRef,
  PresetStageRef,
} from '../../../../shared/preset-schema';
import { PRESET_NAME_MAX_LENGTH } from '../../../../shared/preset-limits';
import { captureScene } from '../../physics/scene-preset';
import type { AskDialog } from '../shell/ask-dialog';
import type { FigureModels } from '../../models/figure-models';
import type { PropModels } from '../../models/prop-models';
import type { FileStrings } from '../files/file-strings';
import type { Language } from '../i18n';
import { strings } from '../i18n';
import type { PresetItemAction } from './preset-item';
import { PresetPanel } from './preset-panel';
import type { PresetMotions, PresetView, RestoreDeps } from './preset-restore';
import { loadPresetRestorer } from '../lazy/preset-restorer';
import type { StatusArea } from '../status/status';

/** What the preset actions work on. */
export interface PresetActionsOptions {
  readonly document: Document;
  /** The interface language, read at use time. */
  readonly language: () => Language;
  readonly host: HostApi | undefined;
  readonly sandbox: RestoreDeps['sandbox'];
  readonly view: PresetView;
  /** Read at use time: which model each figure is. */
  readonly models: () => FigureModels;
  /** Models opened as props (their files are saved with the scene). */
  readonly propModels?: () => PropModels;
  /** Read at use time: the scene's motion. */
  readonly motions: () => PresetMotions;
  readonly status: StatusArea;
  readonly ask: AskDialog;
  /** Called after a preset replaced the scene (the panel's sliders follow). */
  readonly onRestored: () => void;
  /** Called just before a preset replaces the scene (undo captures it). */
  readonly beforeRestore?: () => void;
  /** The song saved with the scene and brought back with it (see `sound/music-controls.ts`). */
  readonly music?: PresetMusic;
  /** The stage file saved with the scene and opened again first on load (see `ui/stage`). */
  readonly stage?: PresetStage;
}

/** The stage as presets save and restore it. */
export interface PresetStage {
  presetStage(): PresetStageRef;
  /** Puts the preset's stage in use (figures stay where the preset puts them). */
  restorePreset(stage: PresetStageRef): Promise<void>;
}

/** The song as presets save and restore it. */
export interface PresetMusic {
  presetMusic(): PresetMusicRef | undefined;
  /** Returns a sentence when the song could not come back, else null. */
  restorePreset(
    music: PresetMusicRef | undefined,
    note: LoadedPreset['musicNote'],
  ): Promise<string | null>;
}

/**
 * Presets as the person meets them: Save Preset… (asks a name, captures the scene, the
 * camera and a thumbnail), the list with Load, Rename…, Overwrite…, Duplicate, Delete…,
 * Export…, and Import…. Every outcome is said in the status line; every problem is an alert
 * and leaves the scene and the files as they were. One operation runs at a time.
 */
export class PresetActions {
  readonly panel: PresetPanel;
  private busy = false;

  constructor(private readonly options: PresetActionsOptions) {
    this.panel = new PresetPanel(options.document, options.language(), options.host !== undefined, {
      onCommand: (command) => {
        if (command === 'save-preset') this.save();
        else if (command === 'import-preset') this.importPreset();
      },
      onItem: (action, preset) => this.onItem(action, preset),
    });
    void this.refresh();
  }

  private get text(): FileStrings {
    return strings(this.options.language()).files;
  }

  /** Relabels what this owns in the current language. */
  relabel(): void {
    this.panel.setLanguage(this.options.language());
  }

  /** Save Preset…: asks for a name, then saves the scene as it is when the name is given. */
  save(): void {
    void this.run(async (host) => {
      const name = await this.options.ask.askText({
        title: this.text.presetSaveTitle,
        label: this.text.presetNameLabel,
        value: this.text.presetDefaultName((await host.listPresets()).presets.length + 1),
        maxLength: PRESET_NAME_MAX_LENGTH,
        confirm: this.text.presetSaveButton,
        cancel: this.text.cancel,
      });
      if (name === null) return;
      const saved = await host.savePreset(this.capture(name));
      if (this.report(saved)) this.options.status.say(this.text.presetSaved(saved.value.name));
    });
  }

  /** Import Preset…: the host's dialog; a valid preset joins the list. */
  importPreset(): void {
    void this.run(async (host) => {
      const imported = await host.importPreset();
      if (this.report(imported))
        this.options.status.say(this.text.presetImported(imported.value.name));
    });
  }

  /** The scene now, without a thumbnail, for the crash-recovery copy. */
  sceneForRecovery(): PresetContent {
    return this.capture(this.text.recoveryName, false);
  }

  /** A preset dropped on the window or opened by the OS (already imported by the host). */
  loadArrived(loaded: LoadedPreset): void {
    void this.run(() => this.restore(loaded));
  }

  dispose(): void {
    this.panel.dispose();
  }

  private onItem(action: PresetItemAction, preset: PresetSummary): void {
    void this.run(async (host) => {
      switch (action) {
        case 'load': {
          const loaded = await host.loadPreset(preset.id);
          if (this.report(loaded)) await this.restore(loaded.value);
          return;
        }
        case 'rename':
          return this.rename(host, preset);
        case 'overwrite':
          return this.overwrite(host, preset);
        case 'duplicate': {
          const copy = await host.duplicatePreset(preset.id);
          if (this.report(copy))
            this.options.status.say(this.text.presetDuplicated(copy.value.name));
          return;
        }
        case 'delete':
          return this.delete(host, preset);
        case 'export': {
          const exported = await host.exportPreset(preset.id);
          if (this.report(exported))
            this.options.status.say(this.text.presetExported(preset.name, exported.value.path));
          return;
        }
      }
    });
  }

  private async rename(host: HostApi, preset: PresetSummary): Promise<void> {
    const name = await this.options.ask.askText({
      title: this.text.presetRenameTitle(preset.name),
      label: this.text.presetNameLabel,
      value: preset.name,
      maxLength: PRESET_NAME_MAX_LENGTH,
      confirm: this.text.presetRenameButton,
      cancel: this.text.cancel,
    });
    if (name === null || name === preset.name) return;
    const renamed = await host.renamePreset(preset.id, name);
    if (this.report(renamed))
      this.options.status.say(this.text.presetRenamed(preset.name, renamed.value.name));
  }

  private async overwrite(host: HostApi, preset: PresetSummary): Promise<void> {
    const sure = await this.options.ask.confirm({
      question: this.text.presetOverwriteQuestion(preset.name),
      confirm: this.text.overwrite.replace(/…$/, ''),
      cancel: this.text.cancel,
    });
    if (!sure) return;
    const saved = await host.overwritePreset(preset.id, this.capture(preset.name));
    if (this.report(saved)) this.options.status.say(this.text.presetOverwritten(preset.name));
  }

  private async delete(host: HostApi, preset: PresetSummary): Promise<void> {
    const sure = await this.options.ask.confirm({
      question: this.text.presetDeleteQuestion(preset.name),
      confirm: this.text.delete.replace(/…$/, ''),
      cancel: this.text.cancel,
    });
    if (!sure) return;
    const deleted = await host.deletePreset(preset.id);
    if (this.report(deleted)) this.options.status.say(this.text.presetDeleted(preset.name));
  }

  /** The scene now, as preset content named `name`, with a thumbnail of the view unless not. */
  private capture(name: string, withThumbnail = true): PresetContent {
    const { view, sandbox } = this.options;
    const models = this.options.models();
    const motions = this.options.motions();
    const thumbnail = withThumbnail ? view.thumbnail() : undefined;
    const music = this.options.music?.presetMusic();
    const scene = captureScene(sandbox, {
      name,
      camera: view.cameraPose,
      showBodies: view.showBodies,
      ...(thumbnail === undefined ? {} : { thumbnail }),
      modelOf: (figureId) => models.refOf(figureId),
      modelPropOf: (prop) => this.options.propModels?.().refOf(prop),
      motion: motions.presetSettings(),
      motionTimeOf: (figureId) => motions.timeOf(figureId),
    });
    const stage = this.options.stage?.presetStage() ?? scene.stage;
    return music ? { ...scene, stage, music } : { ...scene, stage };
  }

  private async restore(loaded: LoadedPreset): Promise<void> {
    const host = this.options.host;
    if (!host) return;
    if (this.options.models().busy) {
      // A model still parsing would replace the figures again once it is ready.
      this.options.status.alert(strings(this.options.language()).modelBusy);
      return;
    }
    let notes: readonly string[];
    // The stage first: the figures then come back on the floor they were saved on. A stage
    // the host could not confirm is already `default` here, with its note.
    await this.options.stage?.restorePreset(
      loaded.stageNote ? { id: 'default' } : loaded.preset.stage,
    );
    try {
      const { restorePreset } = await loadPresetRestorer();
      notes = await restorePreset(loaded, {
        sandbox: this.options.sandbox,
        view: this.options.view,
        models: this.options.models(),
        ...(this.options.propModels ? { props: this.options.propModels() } : {}),
        host,
        text: this.text,
        problem: (problem) => strings(this.options.language()).problem(problem),
        motions: this.options.motions(),
        ...(this.options.beforeRestore ? { beforeChange: this.options.beforeRestore } : {}),
      });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      this.options.status.alert(
        this.text.presetFailed(this.text.presetInvalid(loaded.preset.name, detail)),
      );
      return;
    }
    this.options.onRestored();
    // Files the person located at their new places are said with the load, not alerted.
    this.options.status.say(
      [this.text.presetLoaded(loaded.preset.name), ...(loaded.locatedNotes ?? [])].join(' '),
    );
    const musicNote = await this.options.music?.restorePreset(
      loaded.preset.music,
      loaded.musicNote,
    );
    if (musicNote) notes = [...notes, musicNote];
    if (loaded.stageNote) notes = [...notes, loaded.stageNote.message];
    if (notes.length > 0) this.options.status.alert(notes.join(' '));
  }

  /**
   * Runs one preset operation at a time and refreshes the list afterwards. Without a host
   * it only says that presets need the desktop app.
   */
  private async run(operation: (host: HostApi) => Promise<void>): Promise<void> {
    const host = this.options.host;
    if (!host) {
      this.options.status.alert(this.text.presetsNeedDesktop);
      return;
    }
    if (this.busy) {
      this.options.status.alert(this.text.presetBusy);
      return;
    }
    this.busy = true;
    try {
      await operation(host);
    } catch (error) {
      // A rejected request is a bug or a broken bridge, not the person's file; still say it.
      console.error('[presets] an operation failed:', error);
      this.options.status.alert(
        this.text.presetFailed(error instanceof Error ? error.message : String(error)),
      );
    } finally {
      this.busy = false;
    }
    await this.refresh();
  }

  /** True on success; otherwise alerts the host's message (nothing for a canceled dialog). */
  private report<T>(outcome: HostOutcome<T>): outcome is { readonly ok: true; readonly value: T } {
    if (outcome.ok) return true;
    if (outcome.problem.code !== 'canceled')
      this.options.status.alert(
        this.text.presetFailed(strings(this.options.language()).problem(outcome.problem)),
      );
    return false;
  }

  /** Reads the list again; notices (files moved aside) are shown as an alert. */
  private async refresh(): Promise<void> {
    const host = this.options.host;
    if (!host) {
      this.panel.show([]);
      return;
    }
    try {
      const listing = await host.listPresets();
      this.panel.show(listing.presets);
      if (listing.notices.length > 0) this.options.status.alert(listing.notices.join(' '));
    } catch (error) {
      console.error('[presets] the preset list could not be read:', error);
      this.options.status.alert(
        this.text.presetFailed(error instanceof Error ? error.message : String(error)),
      );
    }
  }
}
