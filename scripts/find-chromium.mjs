// Finds a Chromium for Playwright: CHROMIUM_PATH, then Debian's /usr/bin/chromium, then Playwright's
// own download; as root with none found, installs Debian's package. Never asks a person.
import { accessSync, constants } from 'node:fs';
import { spawnSync } from 'node:child_process';

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function playwrightsOwnChromium() {
  try {
    const { chromium } = await import('@playwright/test');
    const path = chromium.executablePath();
    return path && isExecutable(path) ? path : null;
  } catch {
    return null;
  }
}

function installDebianChromium() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !isExecutable('/usr/bin/apt-get')) return false;
  console.log('No Chromium found: installing Debian\'s chromium package (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-liberation'], { stdio: 'inherit', env });
  return install.status === 0;
}

export async function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    console.warn(`CHROMIUM_PATH=${fromEnv} is not an executable; looking elsewhere.`);
  }
  if (isExecutable('/usr/bin/chromium')) return '/usr/bin/chromium';
  const own = await playwrightsOwnChromium();
  if (own) return own;
  if (installDebianChromium() && isExecutable('/usr/bin/chromium')) return '/usr/bin/chromium';
  throw new Error(
    'No Chromium found. Set CHROMIUM_PATH to a Chromium or Chrome binary, or install Debian\'s "chromium" package (as root this script installs it itself).',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  findChromium().then((path) => console.log(path), (error) => { console.error(error.message); process.exit(1); });
}
