/**
 * `npm run icons [-- --svg resources/icon.svg --out resources/icons]`
 *
 * Makes every installer icon (Windows .ico, macOS .icns, Linux PNGs) from one SVG. The
 * results are committed, so packaging on Windows and macOS needs no rasterizer;
 * tests/unit/installer-icons.test.ts fails when they no longer match the SVG.
 */
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { makeIcons } from '../tools/icons/render-icons';

const root = resolve(import.meta.dirname, '..');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      svg: { type: 'string', default: resolve(root, 'resources/icon.svg') },
      out: { type: 'string', default: resolve(root, 'resources/icons') },
    },
  });
  const written = await makeIcons(resolve(values.svg), resolve(values.out));
  for (const path of written) console.log(relative(process.cwd(), path) || path);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
