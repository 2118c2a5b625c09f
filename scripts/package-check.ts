/**
 * `npm run package:check`: packs the built app with `electron-builder --linux --dir` where
 * the Electron zip is already in electron-builder's cache; otherwise prints one line saying
 * why it was skipped and exits 0. Run `npm run build` first.
 */

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packLinuxDir, planPackageCheck } from '../tools/package-check';

const root = resolve(import.meta.dirname, '..');
const plan = planPackageCheck(root);
if (!plan.run) {
  console.log(`package check ${plan.reason}`);
} else if (!existsSync(join(root, 'out', 'main', 'index.js'))) {
  console.error('package check: out/ is missing; run `npm run build` first.');
  process.exitCode = 1;
} else {
  const result = await packLinuxDir(root, plan.zip);
  if (result.code !== 0) {
    console.error(result.output);
    console.error(`package check: electron-builder exited with ${result.code}.`);
    process.exitCode = 1;
  } else {
    console.log(`package check: packed the app into ${result.appFolder}`);
  }
}
