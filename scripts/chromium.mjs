// The one Chromium every tool here launches (the e2e suite, the bench, Lighthouse, the screenshots):
// its flags, and where its executable is. Never asks a person.
import { executableFromEnv, installDebianPackages, isExecutable } from './system-binaries.mjs';

/**
 * Headless on a shared machine that has no GPU and no network beyond the npm registry: no sandbox
 * (these machines run as root), no GPU process, and none of the background fetches, updates and
 * sync a first run would start and that would only compete with what is measured or tested.
 */
export const CHROMIUM_FLAGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]);

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** CHROMIUM_PATH, else Debian's Chromium, else null (Playwright then launches its own download). */
export function knownChromium() {
  const fromEnv = executableFromEnv('CHROMIUM_PATH');
  if (fromEnv) return fromEnv;
  return isExecutable(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : null;
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

/** knownChromium(), else Playwright's own download; as root with none found, installs Debian's package. */
export async function findChromium() {
  const known = knownChromium();
  if (known) return known;
  const own = await playwrightsOwnChromium();
  if (own) return own;
  if (installDebianPackages('Chromium', ['chromium', 'fonts-liberation']) && isExecutable(DEBIAN_CHROMIUM))
    return DEBIAN_CHROMIUM;
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
