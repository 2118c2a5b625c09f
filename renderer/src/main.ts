import { startApp } from './boot';

/**
 * The installed app's page. It carries no test or benchmark code: the end-to-end tests and
 * the browser benchmarks run a separate build (`npm run build:test`, test-build/).
 */
const root = document.getElementById('app');
if (root) void startApp(root);
