/**
 * Puts the recording stand-in in Node's CommonJS cache under the real `electron` package's
 * path, so a dependency that calls `require("electron")` itself (electron-updater does, for
 * `net` and `session`) gets the stand-in: the real package only names a binary that is not
 * on these machines.
 */

import Module, { createRequire } from 'node:module';

/** Installs `standIn` as `electron` for CommonJS code; returns the function that removes it. */
export function installElectronForRequire(standIn: object): () => void {
  const require = createRequire(import.meta.url);
  const id = require.resolve('electron');
  const previous = require.cache[id];
  const module = new Module(id);
  module.filename = id;
  module.loaded = true;
  module.exports = standIn;
  require.cache[id] = module;
  return () => {
    if (previous === undefined) Reflect.deleteProperty(require.cache, id);
    else require.cache[id] = previous;
  };
}
