/**
 * The headless simulator: `npm run sim -- [options]`. Builds the app's scene in Node with
 * the same physics code, runs it and prints measurements (see CONTRIBUTING.md and tools/sim/sim-cli.ts).
 */
import { runSimCli } from '../tools/sim/sim-cli';

process.exitCode = await runSimCli(process.argv.slice(2), {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
});
