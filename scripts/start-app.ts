/**
 * `npm start` / `npm run dev`: makes sure Electron's binary is there (downloading it with
 * Electron's own installer on first use), then hands over to electron-vite
 * (`preview` builds and starts the app, `dev` serves it with hot reload).
 *
 * Usage: tsx scripts/start-app.ts preview|dev [electron-vite options]
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  ElectronFetchError,
  electronPackageDir,
  resolveElectronExecutable,
} from '../tools/build/electron-binary';

const COMMANDS = new Set(['preview', 'dev']);

function electronViteCli(projectDir: string): string {
  const requireFromProject = createRequire(join(projectDir, 'package.json'));
  // The package exports only its API, so find the CLI beside its package.json.
  return join(
    dirname(requireFromProject.resolve('electron-vite/package.json')),
    'bin/electron-vite.js',
  );
}

function main(): void {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || !COMMANDS.has(command)) {
    console.error('Usage: tsx scripts/start-app.ts preview|dev [electron-vite options]');
    process.exit(2);
  }
  const projectDir = process.cwd();
  let executable: string;
  try {
    executable = resolveElectronExecutable(electronPackageDir(projectDir), process.env);
  } catch (error) {
    if (!(error instanceof ElectronFetchError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const child = spawn(process.execPath, [electronViteCli(projectDir), command, ...rest], {
    stdio: 'inherit',
    env: { ...process.env, ELECTRON_EXEC_PATH: executable },
  });
  child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => child.kill(signal));
  }
}

main();
