import type * as MmdKit from '../view/mmd/mmd-avatar-kit';
import type * as VrmKit from '../view/vrm/vrm-avatar-kit';
import { lazyModule } from '../lazy-module';

/** The MMD reader, rig and drawing: loaded when the first PMX or PMD is opened. */
export type MmdAvatarKit = typeof MmdKit;
/** The VRM reader and drawing (three-vrm comes in its own chunk behind it). */
export type VrmAvatarKit = typeof VrmKit;

/** Loads the MMD kit once (see {@link lazyModule}). */
export const loadMmdAvatarKit = lazyModule<MmdAvatarKit>(
  () => import('../view/mmd/mmd-avatar-kit'),
);

/** Loads the VRM kit once (see {@link lazyModule}). */
export const loadVrmAvatarKit = lazyModule<VrmAvatarKit>(
  () => import('../view/vrm/vrm-avatar-kit'),
);
