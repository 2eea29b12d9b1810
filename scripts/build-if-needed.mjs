// Builds the app when dist/ is missing or older than any source it is made from.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { BUILD_CONFIGS } from './build.mjs';

const SOURCES = [
  'src',
  'public',
  'index.html',
  'embed.html',
  ...BUILD_CONFIGS,
  'scripts/build.mjs',
  'scripts/preact-aliases.ts',
  'scripts/prerender-shell.mjs',
  'package-lock.json',
];
const STAMPS = ['dist/app/index.html', 'dist/app/embed.html', 'dist/widget/parlay-builder.js'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function buildIfNeeded() {
  const built = Math.min(...STAMPS.map((stamp) => (existsSync(stamp) ? statSync(stamp).mtimeMs : 0)));
  const changed = Math.max(...SOURCES.map(newestMtime));
  if (built >= changed) return;
  console.log(built === 0 ? 'Building the app (first start)…' : 'Sources changed since the last build: rebuilding…');
  const result = spawnSync(process.execPath, ['scripts/build.mjs', '--quiet'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

const SERVER_SOURCES = ['server', 'src/domain', 'tsconfig.server.json', 'tsconfig.base.json', 'package-lock.json'];
/** The compiled server's entry point (tsc keeps the source tree under dist/server). */
export const SERVER_ENTRY = 'dist/server/server/main.js';

/** Compiles the server to JavaScript when dist/server is missing or older than its sources. */
export function buildServerIfNeeded() {
  const built = existsSync(SERVER_ENTRY) ? statSync(SERVER_ENTRY).mtimeMs : 0;
  const changed = Math.max(...SERVER_SOURCES.map(newestMtime));
  if (built >= changed) return;
  console.log(
    built === 0 ? 'Compiling the server (first start)…' : 'Server sources changed since the last build: compiling…',
  );
  const result = spawnSync('npx', ['tsc', '-p', 'tsconfig.server.json'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Compiling the server failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}
