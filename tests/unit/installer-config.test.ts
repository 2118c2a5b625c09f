/**
 * electron-builder.yml, checked statically (no Electron binary here to package with):
 * electron-builder's own schema (targets, architectures, signing switches), what the YAML cannot
 * say alone (names and entitlements that must match, fuses, file associations against
 * shared/file-types.ts), and
 * that every file it names exists.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import type { FileAssociation as BuilderFileAssociation } from 'electron-builder';
import { describe, expect, it } from 'vitest';
import {
  FILE_ASSOCIATIONS,
  MODEL_EXTENSIONS,
  MOTION_EXTENSIONS,
  PRESET_EXTENSION,
  isOpenableFileName,
} from '../../shared/file-types';
import {
  fromRoot,
  loadBuilderConfig,
  loadPackageJson,
  requireBuiltApp,
} from '../support/installer-files';

const config = loadBuilderConfig();

/** The schema electron-builder itself validates configurations against. */
function compileBuilderSchema(): ReturnType<Ajv['compile']> {
  const schema = JSON.parse(
    readFileSync(fromRoot('node_modules/app-builder-lib/scheme.json'), 'utf8'),
  ) as object;
  // strict: false as electron-builder does: its schema carries documentation keywords ajv
  // does not know. Unlike electron-builder, no type coercion: "true" is not a boolean here.
  return new Ajv({ allErrors: true, strict: false }).compile(schema);
}

describe('electron-builder.yml against electron-builder 26 schema', () => {
  const validate = compileBuilderSchema();

  it('is valid', () => {
    const valid = validate(config);
    expect(validate.errors ?? [], 'schema errors').toEqual([]);
    expect(valid).toBe(true);
  });

  it("passes electron-builder's own loader and validation (the steps `electron-builder` runs first)", async () => {
    // Not part of electron-builder's public API: reached through its implementation package,
    // whose version electron-builder pins exactly. If this import breaks after an upgrade,
    // the ajv check above still holds.
    const builderConfig = createRequire(import.meta.url)(
      fromRoot('node_modules/app-builder-lib/out/util/config/config.js'),
    ) as {
      getConfig(projectDir: string, configPath: null, configFromOptions: null): Promise<object>;
      validateConfiguration(
        config: object,
        logger: { isEnabled: boolean; add(): void },
      ): Promise<void>;
    };
    const loaded = await builderConfig.getConfig(fromRoot('.'), null, null);
    expect(loaded).toMatchObject({ appId: config.appId, productName: config.productName });
    const logger = { isEnabled: false, add: (): void => undefined };
    await expect(builderConfig.validateConfiguration(loaded, logger)).resolves.toBeUndefined();
    await expect(
      builderConfig.validateConfiguration({ ...loaded, dmg: { titel: 'x' } }, logger),
    ).rejects.toThrow(/does not match the API schema/);
  });

  it('rejects a misspelt option, so the check above has teeth', () => {
    expect(validate({ ...config, nsis: { ...config.nsis, perMachin: false } })).toBe(false);
    expect(
      validate({ ...config, electronFuses: { ...config.electronFuses, runAsNode: 'no' } }),
    ).toBe(false);
  });
});

describe('identity', () => {
  it('names the product as package.json does, with a reverse-DNS app id', () => {
    expect(config.productName).toBe(loadPackageJson().productName);
    expect(config.appId).toMatch(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*){2,}$/);
  });
});

// The targets, architectures and switches themselves are checked by the schema above and
// read best in electron-builder.yml; these tests check what the YAML alone cannot say.
describe('Windows uninstaller', () => {
  it("is named for the product and keeps the user's library and presets", () => {
    const nsis = config.nsis!;
    expect(nsis.uninstallDisplayName).toBe(config.productName);
    // The library and presets are the user's: an uninstall must not delete them.
    expect(nsis.deleteAppDataOnUninstall).not.toBe(true);
  });
});

describe('macOS entitlements', () => {
  it('are the same file for the app and its helpers', () => {
    const mac = config.mac!;
    expect(mac.entitlementsInherit).toBe(mac.entitlements);
  });

  it('grants allow-jit (V8 and Rapier WASM) and nothing else', () => {
    const plist = readFileSync(fromRoot(config.mac!.entitlements!), 'utf8');
    const body = plist.replace(/<!--[\s\S]*?-->/g, '');
    const granted = [...body.matchAll(/<key>([^<]+)<\/key>\s*<(true|false)\s*\/>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(granted).toEqual([['com.apple.security.cs.allow-jit', 'true']]);
    // Every key must be one of the pairs above: no string or array valued entitlements.
    expect([...body.matchAll(/<key>/g)]).toHaveLength(granted.length);
  });
});

describe('Electron fuses', () => {
  it('are set to the safe values', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
    });
  });

  it('keep the asar integrity data the validation fuse checks, with nothing unpacked', () => {
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toBeUndefined();
    expect(config.disableAsarIntegrity).not.toBe(true);
  });

  it('take file:// its extra privileges, since the main window loads over app://', () => {
    requireBuiltApp();
    const main = readFileSync(fromRoot('out/main/index.js'), 'utf8');
    expect(main).not.toContain('loadFile(');
    expect(main).toContain('registerSchemesAsPrivileged');
    expect(config.electronFuses!.grantFileProtocolExtraPrivileges).toBe(false);
  });
});

describe('file associations', () => {
  const associations = (config.fileAssociations ?? []) as BuilderFileAssociation[];

  it('are exactly the list in shared/file-types.ts', () => {
    expect(
      associations.map(({ ext, name, role, mimeType }) => ({ ext, name, role, mimeType })),
    ).toEqual(FILE_ASSOCIATIONS);
  });

  it('cover every model and motion extension and the preset extension', () => {
    expect(associations.map((a) => a.ext).sort()).toEqual(
      [...MODEL_EXTENSIONS, ...MOTION_EXTENSIONS, PRESET_EXTENSION].sort(),
    );
    expect([...MOTION_EXTENSIONS].sort()).toEqual(['vmd', 'vrma']);
    expect(PRESET_EXTENSION).toBe('ragdoll');
  });

  it('show the type name in Windows Explorer (NSIS writes description there)', () => {
    for (const a of associations) expect(a.description, a.ext as string).toBe(a.name);
  });

  it('have lower-case extensions without a dot, as dialogs and electron-builder expect', () => {
    for (const a of FILE_ASSOCIATIONS) expect(a.ext).toMatch(/^[a-z0-9]+$/);
  });

  it('decide which dropped or opened names the app accepts', () => {
    expect(isOpenableFileName('/home/me/Avatars/Alicia.VRM')).toBe(true);
    expect(isOpenableFileName('C:\\models\\miku.pmx')).toBe(true);
    expect(isOpenableFileName('old.pmd')).toBe(true);
    expect(isOpenableFileName('stairs.ragdoll')).toBe(true);
    expect(isOpenableFileName('stairs.json')).toBe(false);
    expect(isOpenableFileName('vrm')).toBe(false);
    expect(isOpenableFileName('model.vrm.zip')).toBe(false);
  });
});

/** Keys whose values are files or folders in the repository. */
const PATH_KEYS = new Set([
  'buildResources',
  'icon',
  'installerIcon',
  'uninstallerIcon',
  'installerHeaderIcon',
  'entitlements',
  'entitlementsInherit',
  'license',
  'include',
  'background',
]);

/** Every `[key path, value]` in the configuration whose key names a file. */
function namedPaths(node: unknown, at = ''): [string, string][] {
  if (Array.isArray(node)) return node.flatMap((item, i) => namedPaths(item, `${at}[${i}]`));
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]): [string, string][] => {
    const here = at ? `${at}.${key}` : key;
    return PATH_KEYS.has(key) && typeof value === 'string'
      ? [[here, value]]
      : namedPaths(value, here);
  });
}

describe('every path the configuration names', () => {
  const paths = namedPaths(config);

  it('includes the icons and entitlements (the walk finds them)', () => {
    expect(paths.map(([key]) => key)).toEqual(
      expect.arrayContaining(['win.icon', 'mac.icon', 'linux.icon', 'mac.entitlements']),
    );
  });

  it.each(paths)('%s exists: %s', (_key, path) => {
    expect(existsSync(fromRoot(path)), path).toBe(true);
  });

  it('uses an .ico on Windows and an .icns on macOS', () => {
    expect(config.win!.icon).toMatch(/\.ico$/);
    expect(config.nsis!.installerIcon).toMatch(/\.ico$/);
    expect(config.mac!.icon).toMatch(/\.icns$/);
  });

  it('gives Linux a folder of <n>x<n>.png icons up to at least 512 px', () => {
    const dir = fromRoot(config.linux!.icon!);
    expect(statSync(dir).isDirectory()).toBe(true);
    const sizes = readdirSync(dir).map((name) => {
      const match = /^(\d+)x(\1)\.png$/.exec(name);
      expect(match, `${name} is named <n>x<n>.png`).not.toBeNull();
      return Number(match![1]);
    });
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(512);
  });

  it('packs out/** and package.json, and both exist after the build', () => {
    requireBuiltApp();
    const files = config.files as string[];
    expect(files).toEqual(expect.arrayContaining(['out/**', 'package.json']));
    for (const pattern of files.filter((f) => !f.startsWith('!'))) {
      const base = pattern.replace(/\/\*\*$/, '');
      expect(existsSync(fromRoot(base)), `${pattern} matches nothing`).toBe(true);
    }
    expect(existsSync(join(fromRoot('out'), 'main'))).toBe(true);
  });
});
