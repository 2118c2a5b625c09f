import { lazyModule } from '../../lazy-module';

/**
 * Restoring a preset (its checks use the zod schema): loaded the first time a preset is
 * loaded, so a start that opens none never parses the schema library.
 */
export const loadPresetRestorer = lazyModule(() => import('../presets/preset-restore'));
