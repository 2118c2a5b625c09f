import type { LinkSettings } from '../../physics/links/link-geometry';
import type { Link, LinkEndRequest } from '../../physics/links/sandbox-links';
import type { SimBody } from '../../physics/sandbox';
import { SandboxError } from '../../physics/sandbox';
import type { Vec3Like } from '../../physics/vector-math';
import type { ViewRay } from '../../view/ragdoll-view';
import type { BodyMenuItem } from '../body/body-menu';
import type { CommandOutcome } from '../shell/command-actions';
import type { Language } from '../i18n';
import { LinkPanel } from './link-panel';
import type { LinkStrings } from './link-strings';
import { linkStrings } from './link-strings';
import type { LinkToolChoice } from './link-tool-choice';
import { nextLinkToolChoice } from './link-tool-choice';

/** The sandbox's links as the tools use them (`SandboxLinks` fits). */
export interface ToolLinks {
  readonly settings: LinkSettings;
  setSettings(settings: Partial<LinkSettings>): void;
  make(type: Link['geometry']['type'], a: LinkEndRequest, b: LinkEndRequest, axis: Vec3Like): Link;
  remove(id: number): boolean;
  linksOf(handle: number): Link[];
  targetOf(handle: number): Link['bodyA'] | undefined;
  pointOn(handle: number, origin: Vec3Like, direction: Vec3Like): Vec3Like | undefined;
}

/** What the link tools need. */
export interface LinkToolsDeps {
  readonly document: Document;
  readonly language: Language;
  readonly links: ToolLinks;
  /** The canvas the scene is drawn on: clicks on it make links while a tool is chosen. */
  readonly canvas: HTMLCanvasElement;
  bodyAt(clientX: number, clientY: number): SimBody | undefined;
  rayAt(clientX: number, clientY: number): ViewRay | undefined;
  /** Where a ray meets the stage (metres), or undefined. */
  stagePointAt(origin: Vec3Like, direction: Vec3Like): Vec3Like | undefined;
  /** A name for a body a link holds, for the menu (e.g. `head`). */
  nameOf(body: NonNullable<Link['bodyA']>): string;
  /** Called before a link is made or deleted, so it can be undone. */
  beforeChange(): void;
  report(outcome: CommandOutcome): void;
}

/** A first end clicked, waiting for the second. */
interface PendingEnd extends LinkEndRequest {
  readonly name: string;
}

/**
 * The constraint tools: ROPE, WELD, SPRING, HINGE (or off), chosen with `/`, the panel or the
 * menu. With a tool chosen, a click on a body or the stage is a link's first end and a second
 * click its other end; Esc cancels a half-made link. Right-clicking a linked body offers to
 * delete each of its links. Clicks go to the tool before the grab and the orbit see them.
 */
export class LinkTools {
  readonly panel: LinkPanel;
  private choiceValue: LinkToolChoice = 'off';
  private pending: PendingEnd | null = null;
  private language: Language;

  constructor(private readonly deps: LinkToolsDeps) {
    this.language = deps.language;
    this.panel = new LinkPanel(deps.document, deps.language, {
      onCycle: () => deps.report(this.cycle()),
      onSetting: (field, text) => deps.report(this.setSetting(field, text)),
    });
    // Capture on the canvas's parent: seen before the grab and the orbit controls.
    deps.canvas.parentElement?.addEventListener('pointerdown', this.onPointerDown, {
      capture: true,
    });
    this.refresh();
  }

  /** The tool chosen now. */
  get choice(): LinkToolChoice {
    return this.choiceValue;
  }

  /** `/`: the next tool (off → ROPE → WELD → SPRING → HINGE → off); a half-made link is dropped. */
  cycle(): CommandOutcome {
    this.choiceValue = nextLinkToolChoice(this.choiceValue);
    this.pending = null;
    this.refresh();
    return { kind: 'status', message: this.text.toolSet(this.choiceValue) };
  }

  /** Esc: drops a half-made link; false when there was none (Esc then means something else). */
  cancel(): boolean {
    if (!this.pending) return false;
    this.pending = null;
    this.deps.report({ kind: 'status', message: this.text.cancelled });
    return true;
  }

  /**
   * A click at the page point while a tool is chosen: the first end, or the second (the link
   * is made). Returns what happened.
   */
  clickAt(clientX: number, clientY: number): CommandOutcome {
    const text = this.text;
    const ray = this.deps.rayAt(clientX, clientY);
    if (!ray) return { kind: 'none', message: '' };
    const end = this.endAt(clientX, clientY, ray);
    if (!end) return { kind: 'status', message: text.nothingThere };
    const first = this.pending;
    if (!first) {
      this.pending = end;
      return { kind: 'status', message: text.firstEnd(end.name) };
    }
    this.pending = null;
    const type = this.choiceValue;
    if (type === 'off') return { kind: 'none', message: '' };
    this.deps.beforeChange();
    try {
      this.deps.links.make(type, first, end, ray.direction);
    } catch (error) {
      if (!(error instanceof SandboxError)) throw error;
      return { kind: 'alert', message: text.failed(error.message) };
    }
    return { kind: 'status', message: text.made(text.choices[type], first.name, end.name) };
  }

  /** The body menu's entries for `body`: delete each link that holds it. */
  menuFor(body: SimBody): BodyMenuItem[] {
    const text = this.text;
    const target = this.deps.links.targetOf(body.handle);
    return this.deps.links.linksOf(body.handle).map((link) => {
      const end = link.bodyA === target ? link.bodyB : link.bodyA;
      const other = end ? this.deps.nameOf(end) : text.world;
      const type = text.choices[link.geometry.type];
      return {
        label: text.deleteLink(type, other),
        run: () => {
          this.deps.beforeChange();
          const gone = this.deps.links.remove(link.id);
          this.deps.report(
            gone ? { kind: 'status', message: text.deleted(type) } : { kind: 'none', message: '' },
          );
        },
      };
    });
  }

  setLanguage(language: Language): void {
    this.language = language;
    this.panel.setLanguage(language);
  }

  /** Shows the tool and the settings in the panel. */
  refresh(): void {
    this.panel.show(this.choiceValue, this.deps.links.settings);
  }

  dispose(): void {
    this.deps.canvas.parentElement?.removeEventListener('pointerdown', this.onPointerDown, {
      capture: true,
    });
    this.panel.dispose();
  }

  private get text(): LinkStrings {
    return linkStrings(this.language);
  }

  private setSetting(field: keyof LinkSettings, typed: string): CommandOutcome {
    const trimmed = typed.trim();
    const value = field === 'breakForce' && trimmed === '' ? null : Number(trimmed);
    if (value !== null && (trimmed === '' || !Number.isFinite(value))) {
      this.refresh();
      return { kind: 'alert', message: this.text.badSetting };
    }
    this.deps.links.setSettings({ [field]: value });
    this.refresh();
    const s = this.deps.links.settings;
    return { kind: 'status', message: this.text.settingsSet(s.stiffness, s.damping, s.breakForce) };
  }

  /** The end a click names: the body under it at the point hit, or the stage there. */
  private endAt(clientX: number, clientY: number, ray: ViewRay): PendingEnd | undefined {
    const body = this.deps.bodyAt(clientX, clientY);
    if (body) {
      const point = this.deps.links.pointOn(body.handle, ray.origin, ray.direction);
      return point && { handle: body.handle, point, name: body.name };
    }
    const point = this.deps.stagePointAt(ray.origin, ray.direction);
    return point && { handle: null, point, name: this.text.world };
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    if (this.choiceValue === 'off' || event.button !== 0) return;
    if (event.shiftKey || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target !== this.deps.canvas) return;
    // The tool's click: no grab, no orbit.
    event.stopPropagation();
    event.preventDefault();
    this.deps.report(this.clickAt(event.clientX, event.clientY));
  };
}
