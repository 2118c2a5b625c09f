import type { SimBody } from '../physics/sandbox';
import type { ViewRay } from '../view/ragdoll-view';
import type { AvatarView } from '../models/figure-models';
import type { PresetView } from './presets/preset-restore';
import type { CaptureView } from './capture/capture-controls';
import type { StageView } from './stage/stage-controller';
import type { ExportView } from './export/export-ports';

/** What the UI toggles on the view, and where avatars go. */
export interface UiView extends AvatarView, PresetView, CaptureView, StageView, ExportView {
  showBodies: boolean;
  /** Follow: the camera keeps the figures framed. */
  following: boolean;
  /** Orbits around figure `figureId` (null: all); turns Follow on. */
  focusFigure(figureId: number | null): void;
  /** Home: the camera back at its start. */
  resetCamera(): void;
  /** The body drawn under a page point, if any. */
  bodyAt(clientX: number, clientY: number): SimBody | undefined;
  /** The ray from the camera through a page point; undefined where the view does not show. */
  rayAt(clientX: number, clientY: number): ViewRay | undefined;
  /** Figures were put somewhere new (DROP, RESET). */
  figuresReplaced(): void;
  /** Called just before a mouse grab starts (undo captures the scene). */
  beforeGrab: (() => void) | null;
  /** Where a world point (metres) is across the view: −1 at the left edge, 1 at the right. */
  screenX(x: number, y: number, z: number): number;
}
