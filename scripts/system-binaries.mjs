// What the scripts that find Chromium and Redis share: whether a path can be run, a path named by
// an environment variable, and (as root, with apt-get) installing Debian packages, never asking.
import { accessSync, constants } from 'node:fs';
import { spawnSync } from 'node:child_process';

export function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The executable the variable names, or null (with a warning when it names something else). */
export function executableFromEnv(variable) {
  const path = process.env[variable];
  if (!path) return null;
  if (isExecutable(path)) return path;
  console.warn(`${variable}=${path} is not an executable; looking elsewhere.`);
  return null;
}

/** Installs Debian packages when running as root with apt-get; false when it cannot or fails. */
export function installDebianPackages(what, packages) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !isExecutable('/usr/bin/apt-get')) return false;
  console.log(`No ${what} found: installing Debian's ${packages.join(' ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env,
  });
  return install.status === 0;
}
