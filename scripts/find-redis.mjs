// Finds a Redis (or Valkey) server binary for the integration tests and the scale benchmark:
// REDIS_SERVER_PATH, then redis-server or valkey-server on the PATH; as root with none found,
// installs Debian's redis-server package (apt-get). The tests start their own server on a free
// port; the system service is never used.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { spawnSync } from 'node:child_process';

const NAMES = ['redis-server', 'valkey-server'];

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name) {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/usr/local/bin', '/usr/sbin'];
  for (const dir of dirs) {
    if (dir !== '' && isExecutable(join(dir, name))) return join(dir, name);
  }
  return null;
}

function installDebianRedis() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !isExecutable('/usr/bin/apt-get')) return false;
  console.log("No Redis found: installing Debian's redis-server package (apt-get)…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'redis-server'], { stdio: 'inherit', env });
  return install.status === 0;
}

export function findRedisServer() {
  const fromEnv = process.env.REDIS_SERVER_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    console.warn(`REDIS_SERVER_PATH=${fromEnv} is not an executable; looking elsewhere.`);
  }
  for (const name of NAMES) {
    const found = onPath(name);
    if (found) return found;
  }
  if (installDebianRedis()) {
    const found = onPath('redis-server');
    if (found) return found;
  }
  throw new Error("No Redis server found. Set REDIS_SERVER_PATH, or install Debian's redis-server (or valkey-server) package (as root this script installs it itself).");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(findRedisServer());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
