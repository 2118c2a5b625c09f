import { spawn } from 'node:child_process';

/** What a child process left: its exit status and everything it printed. */
export interface ChildRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `script` with `args` in a child Node with tsx's loader, as `npx tsx` does (in `cwd`,
 * with `env`; by default this process's), and resolves with what it printed once it has
 * exited and closed its output. Rejects only when it could not be started.
 */
export function runTsxChild(
  script: string,
  args: readonly string[] = [],
  options: { readonly cwd?: string; readonly env?: NodeJS.ProcessEnv } = {},
): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      ...options,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
