// npm run test:docker: performs the Dockerfile's own steps without Docker (these machines cannot
// run it), so the file cannot rot unnoticed. Each stage gets a clean directory standing for its
// filesystem; COPY takes files from the build context (git's files, less .dockerignore) or from an
// earlier stage, RUN runs in the stage's WORKDIR with its ENV, and the last stage's CMD is started
// (on a free loopback port instead of 0.0.0.0:8080) until its HEALTHCHECK command passes.
// Not reproduced: the base image (this machine's Node stands in for the image's node:24) and USER (it runs as
// whoever runs the tests; the runtime stage writes nothing, so a non-root user changes nothing).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const startedAt = Date.now();
const log = (line) => console.log(`[dockerfile ${((Date.now() - startedAt) / 1000).toFixed(0)} s] ${line}`);

/** Instructions, one per logical line (continuations joined, comments dropped). */
function instructions(text) {
  const joined = text.replace(/\\\r?\n/g, ' ');
  return joined
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: line.slice(keyword.length).trim(), words: rest };
    });
}

/** The build context: the repository's files (committed or not), less what .dockerignore names. */
function contextFiles() {
  const listed = spawnSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const ignored = existsSync('.dockerignore')
    ? readFileSync('.dockerignore', 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#'))
    : [];
  const matches = (file, pattern) => {
    if (pattern.startsWith('*.')) return file.endsWith(pattern.slice(1));
    return file === pattern || file.startsWith(`${pattern.replace(/\/$/, '')}/`);
  };
  return listed.stdout
    .split('\n')
    .filter((file) => file !== '' && existsSync(file) && !ignored.some((pattern) => matches(file, pattern)));
}

function execArray(text) {
  const parsed = JSON.parse(text);
  if (!Array.isArray(parsed) || parsed.some((part) => typeof part !== 'string'))
    throw new Error(`expected an exec-form JSON array, got ${text}`);
  return parsed;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** What a RUN or CMD sees: the stage's ENV over a minimal environment (no keys or settings of ours). */
function stageEnvironment(env) {
  const base = { PATH: process.env.PATH, HOME: process.env.HOME, CI: process.env.CI ?? '' };
  // How this machine reaches the registry (its proxy and the authorities it trusts), as a docker
  // build would use the host's network: without them a Node that is not the system's own fails TLS.
  for (const name of [
    'npm_config_cache',
    'npm_config_cafile',
    'npm_config_registry',
    'NODE_EXTRA_CA_CERTS',
    'SSL_CERT_FILE',
    'HTTPS_PROXY',
    'HTTP_PROXY',
    'NO_PROXY',
    'https_proxy',
    'http_proxy',
    'no_proxy',
  ]) {
    if (process.env[name]) base[name] = process.env[name];
  }
  return { ...base, ...env };
}

async function main() {
  const root = mkdtempSync(join(tmpdir(), 'parlay-dockerfile-'));
  const stages = new Map();
  let stage = null;
  let child = null;
  try {
    for (const { keyword, args, words } of instructions(readFileSync('Dockerfile', 'utf8'))) {
      switch (keyword) {
        case 'FROM': {
          const name = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? `stage${stages.size}`;
          stage = { name, root: join(root, name), workdir: '/', env: {}, cmd: null, healthcheck: null };
          mkdirSync(stage.root, { recursive: true });
          stages.set(name, stage);
          log(`stage ${name} (${words[0]})`);
          break;
        }
        case 'WORKDIR':
          stage.workdir = args.startsWith('/') ? args : join(stage.workdir, args);
          mkdirSync(join(stage.root, stage.workdir), { recursive: true });
          break;
        case 'ENV':
          for (const pair of args.split(/\s+/)) {
            const [name, ...value] = pair.split('=');
            stage.env[name] = value.join('=');
          }
          break;
        case 'COPY': {
          const from = /^--from=(\S+)$/.exec(words[0] ?? '')?.[1];
          const parts = from === undefined ? words : words.slice(1);
          const destination = join(stage.root, stage.workdir, parts.at(-1));
          for (const source of parts.slice(0, -1)) {
            if (from !== undefined) {
              const origin = stages.get(from);
              if (!origin) throw new Error(`COPY --from=${from}: no such stage`);
              cpSync(join(origin.root, source), destination, { recursive: true });
            } else if (source === '.') {
              for (const file of contextFiles()) {
                mkdirSync(dirname(join(destination, file)), { recursive: true });
                cpSync(file, join(destination, file));
              }
            } else {
              mkdirSync(destination, { recursive: true });
              cpSync(source, join(destination, source), { recursive: true });
            }
          }
          log(`COPY ${args}`);
          break;
        }
        case 'RUN': {
          log(`RUN ${args}`);
          // A step that empties npm's cache gets one of its own, not this machine's.
          const env = stageEnvironment(
            /npm cache clean/.test(args)
              ? { ...stage.env, npm_config_cache: join(root, `npm-cache-${stage.name}`) }
              : stage.env,
          );
          const run = spawnSync('sh', ['-c', args], { cwd: join(stage.root, stage.workdir), env, stdio: 'inherit' });
          if (run.status !== 0) throw new Error(`RUN failed (exit ${run.status}): ${args}`);
          break;
        }
        case 'CMD':
          stage.cmd = execArray(args);
          break;
        case 'HEALTHCHECK':
          stage.healthcheck = execArray(args.slice(args.indexOf('CMD') + 3).trim());
          break;
        case 'USER':
        case 'EXPOSE':
        case 'LABEL':
        case 'ARG':
          break;
        default:
          throw new Error(
            `This script does not know how to perform ${keyword}; teach it, or keep the Dockerfile to what it knows.`,
          );
      }
    }
    if (!stage?.cmd || !stage.healthcheck) throw new Error('The last stage needs a CMD and a HEALTHCHECK.');
    const port = await freePort();
    const env = stageEnvironment({ ...stage.env, PORT: String(port), HOST: '127.0.0.1' });
    const cwd = join(stage.root, stage.workdir);
    log(`CMD ${stage.cmd.join(' ')} (PORT=${port}, loopback)`);
    child = spawn(stage.cmd[0], stage.cmd.slice(1), { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode})`);
      const check = spawnSync(stage.healthcheck[0], stage.healthcheck.slice(1), { cwd, env, timeout: 3_000 });
      if (check.status === 0) break;
      if (Date.now() > deadline) throw new Error('HEALTHCHECK did not pass within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const health = await (await fetch(`http://127.0.0.1:${port}/health`)).json();
    if (health.status !== 'ok') throw new Error(`/health said ${JSON.stringify(health)}`);
    log(`HEALTHCHECK passed; /health: ${JSON.stringify(health)}`);
    console.log('dockerfile: 1 passed, 0 failed');
  } finally {
    child?.kill('SIGTERM');
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`dockerfile: ${error.message}`);
  console.log('dockerfile: 0 passed, 1 failed');
  process.exit(1);
});
