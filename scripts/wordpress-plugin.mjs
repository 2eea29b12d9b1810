// The WordPress plugin (wordpress/parlay-builder/): `php -l` of every PHP file, and the zip that
// installs through WordPress's "Upload plugin" (dist/parlay-builder.zip, one top folder named as the
// plugin). `node scripts/wordpress-plugin.mjs` does both; the WordPress e2e installs that zip.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zipSync } from 'fflate';

const PLUGIN_DIR = 'wordpress/parlay-builder';
const PLUGIN_ZIP = 'dist/parlay-builder.zip';
/** A fixed time in the zip: the same files make the same zip. */
const ZIP_TIME = new Date('2026-01-01T00:00:00Z');

function filesUnder(directory) {
  return readdirSync(directory, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(directory, entry.name)) : [join(directory, entry.name)]))
    .sort();
}

/** `php -l` of each PHP file; throws naming the first that does not parse. */
export function lintPluginPhp(php = 'php') {
  for (const path of filesUnder(PLUGIN_DIR).filter((file) => file.endsWith('.php'))) {
    const lint = spawnSync(php, ['-l', path], { encoding: 'utf8' });
    if (lint.error) throw new Error(`Could not run ${php} to check ${path}: ${lint.error.message}`);
    if (lint.status !== 0) throw new Error(`${path} does not parse:\n${lint.stdout}${lint.stderr}`);
  }
}

/** Writes the plugin's zip; returns its path. */
export function buildPluginZip() {
  const entries = {};
  for (const path of filesUnder(PLUGIN_DIR)) {
    entries[join('parlay-builder', relative(PLUGIN_DIR, path))] = [readFileSync(path), { mtime: ZIP_TIME }];
  }
  mkdirSync('dist', { recursive: true });
  writeFileSync(PLUGIN_ZIP, zipSync(entries, { level: 9 }));
  return PLUGIN_ZIP;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    lintPluginPhp();
    console.log(`Built ${buildPluginZip()}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
