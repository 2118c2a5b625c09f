/**
 * Everything the interface needs to open a VRM and draw it over a figure, in one module so
 * it loads as one chunk the first time a VRM is opened (see models/avatar-kits.ts).
 */
export { loadAvatarModel } from './load-avatar-model';
export { VrmAvatar } from './vrm-avatar';
