// Finds a Redis (or Valkey) server binary for the integration tests and the scale benchmark:
// REDIS_SERVER_PATH, then redis-server or valkey-server on the PATH; as root with none found,
// installs Debian's redis-server package (apt-get). The tests start their own server on a free
// port; the system service is never used.
import { delimiter, join } from 'node:path';
import { executableFromEnv, installDebianPackages, isExecutable } from './system-binaries.mjs';

const NAMES = ['redis-server', 'valkey-server'];

function onPath(name) {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/usr/local/bin', '/usr/sbin'];
  for (const dir of dirs) {
    if (dir !== '' && isExecutable(join(dir, name))) return join(dir, name);
  }
  return null;
}

function knownRedisServer() {
  const fromEnv = executableFromEnv('REDIS_SERVER_PATH');
  if (fromEnv) return fromEnv;
  for (const name of NAMES) {
    const found = onPath(name);
    if (found) return found;
  }
  return null;
}

/** The Debian packages to install for it (none when one is there). */
export function missingRedisPackages() {
  return knownRedisServer() ? [] : ['redis-server'];
}

export function findRedisServer() {
  const known = knownRedisServer();
  if (known) return known;
  if (installDebianPackages('Redis', missingRedisPackages())) {
    const found = knownRedisServer();
    if (found) return found;
  }
  throw new Error(
    "No Redis server found. Set REDIS_SERVER_PATH, or install Debian's redis-server (or valkey-server) package (as root this script installs it itself).",
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(findRedisServer());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
