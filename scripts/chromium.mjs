// The Chromium builds the tools here launch, the headless shell for the e2e suite and the full
// browser for the bench, Lighthouse and the screenshots: their flags, and where their executables
// are. Never asks a person.
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
/**
 * Chromium's headless shell (Debian's chromium-headless-shell, the same Blink as the browser): what
 * the e2e tests drive, as Playwright's own headless runs do. It renders what the browser renders
 * without the browser's shell around each page, and a test run on it costs about 40% less CPU (the
 * e2e step is CPU-bound on 2 cores: 195 s against 329 s for the same two specs). What is measured
 * for users (the bench, Lighthouse) and the screenshots use the full browser.
 */
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** What the tests need: the headless shell only (the full browser adds 77 MB to fetch and 273 MB to unpack). */
const DEBIAN_TEST_PACKAGES = ['chromium-headless-shell', 'fonts-liberation'];
/** What the bench and the screenshots need: the full browser. */
const DEBIAN_BROWSER_PACKAGES = ['chromium', 'fonts-liberation'];

/** CHROMIUM_PATH, else Debian's Chromium, else null (Playwright then launches its own download). */
function knownChromium() {
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

/** The Debian packages to install for the tests' browser (none when it is there or CHROMIUM_PATH names one). */
export function missingChromiumPackages() {
  if (executableFromEnv('CHROMIUM_PATH')) return [];
  return isExecutable(DEBIAN_HEADLESS_SHELL) ? [] : DEBIAN_TEST_PACKAGES;
}

/** For the e2e tests: CHROMIUM_PATH, else Debian's headless shell, else knownChromium(). */
export function knownTestChromium() {
  return (
    executableFromEnv('CHROMIUM_PATH') ??
    (isExecutable(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : knownChromium())
  );
}

function noChromium(packages) {
  return new Error(
    `No Chromium found. Set CHROMIUM_PATH to a Chromium or Chrome binary, or install Debian's ${packages.join(' ')} packages (as root this script installs them itself).`,
  );
}

/** knownChromium(), else Playwright's own download; as root with none found, installs Debian's packages. */
export async function findChromium() {
  const found = knownChromium() ?? (await playwrightsOwnChromium());
  if (found) return found;
  installDebianPackages('Chromium', DEBIAN_BROWSER_PACKAGES);
  const installed = knownChromium();
  if (installed) return installed;
  throw noChromium(DEBIAN_BROWSER_PACKAGES);
}

/** knownTestChromium(), installing Debian's headless shell (as root) when it is missing. */
export async function findTestChromium() {
  const missing = missingChromiumPackages();
  if (missing.length > 0) installDebianPackages('Chromium headless shell', missing);
  const found = knownTestChromium() ?? (await playwrightsOwnChromium());
  if (found) return found;
  throw noChromium(DEBIAN_TEST_PACKAGES);
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
