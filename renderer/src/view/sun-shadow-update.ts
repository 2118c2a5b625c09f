import type { StageLayout } from '../physics/stage';
import type { BodyMeshes } from './body-meshes';
import type { SceneEnvironment } from './scene-environment';
import type { ShadowCasterBounds } from './shadow-caster-bounds';
import { stageBoxCastsShadow } from './stage-mesh';

/** What moves a shadow besides the bodies: the avatars (see `AvatarLayer.takeShadowChange`). */
export interface ShadowMovers {
  takeShadowChange(): boolean;
}

/**
 * Decides, once a frame, whether the sun's shadow map must be drawn again, and fits the sun's
 * shadow camera around every caster when it must: the stage's raised boxes (gathered once:
 * they never move) and every body, those under avatars included. A scene lying still keeps its
 * last map and its fit.
 */
export class SunShadowUpdate {
  private readonly stageCasters: ShadowCasterBounds;
  private readonly casters: ShadowCasterBounds;

  constructor(
    private readonly environment: SceneEnvironment,
    stage: StageLayout,
    private readonly bodies: BodyMeshes,
    private readonly avatars: ShadowMovers,
  ) {
    this.stageCasters = environment.shadowBounds();
    for (const box of stage.boxes) if (stageBoxCastsShadow(box)) this.stageCasters.addBox(box);
    this.casters = environment.shadowBounds();
  }

  /**
   * True when a body moved or changed or an avatar moved on its own (spring bones) since the
   * last call; the shadow camera is then fitted anew. Call after the bodies' sync and the
   * avatars' update. Allocates nothing.
   */
  update(): boolean {
    const bodies = this.bodies.takeShadowChange();
    if (!this.avatars.takeShadowChange() && !bodies) return false;
    this.casters.copy(this.stageCasters);
    this.bodies.addCastersTo(this.casters);
    this.environment.fitShadow(this.casters);
    return true;
  }
}
