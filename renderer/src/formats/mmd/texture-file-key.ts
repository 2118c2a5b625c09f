/**
 * One key per texture file for the names an MMD model writes: models authored on Windows
 * name one file as `Tex\Body.png`, `tex/body.PNG` or `.\tex\body.png`, which the host
 * resolves to the same file. Reading and decoding by this key reads each file once.
 */

/**
 * `\` → `/`, empty and `.` segments dropped, lower case: `.\Tex\\Body.PNG` → `tex/body.png`.
 * Names with `..` keep it (the host refuses them).
 */
export function textureFileKey(name: string): string {
  return name
    .replace(/\\/g, '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/')
    .toLowerCase();
}
