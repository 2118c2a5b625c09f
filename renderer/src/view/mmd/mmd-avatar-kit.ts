/**
 * Everything the interface needs to open an MMD model and draw it over a figure, in one
 * module so it loads as one chunk the first time a PMX or PMD is opened (see
 * models/avatar-kits.ts).
 */
export { drawMmdModel, loadMmdModel, loadMmdProp, readMmdProp } from './load-mmd-model';
export { MmdAvatar } from './mmd-avatar';
export { texturesUsed } from './mmd-textures';
