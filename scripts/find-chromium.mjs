// Finds a Chromium for Playwright: CHROMIUM_PATH, then Debian's /usr/bin/chromium, then Playwright's
// own download; as root with none found, installs Debian's package. Never asks a person.
import { executableFromEnv, installDebianPackages, isExecutable } from './system-binaries.mjs';

async function playwrightsOwnChromium() {
  try {
    const { chromium } = await import('@playwright/test');
    const path = chromium.executablePath();
    return path && isExecutable(path) ? path : null;
  } catch {
    return null;
  }
}

export async function findChromium() {
  const fromEnv = executableFromEnv('CHROMIUM_PATH');
  if (fromEnv) return fromEnv;
  if (isExecutable('/usr/bin/chromium')) return '/usr/bin/chromium';
  const own = await playwrightsOwnChromium();
  if (own) return own;
  if (installDebianPackages('Chromium', ['chromium', 'fonts-liberation']) && isExecutable('/usr/bin/chromium'))
    return '/usr/bin/chromium';
  throw new Error(
    'No Chromium found. Set CHROMIUM_PATH to a Chromium or Chrome binary, or install Debian\'s "chromium" package (as root this script installs it itself).',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  findChromium().then(
    (path) => console.log(path),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
