/**
 * `npm run dev` in a copy of the working tree under the system's temp folder, for tests that edit
 * source files on disk: the checkout itself is never written, so a run stopped at any moment (even
 * killed) leaves it as it was. The copy shares the checkout's installed packages (a folder of links
 * to them; Vite's dependency cache stays the copy's own). Its servers and the copy go when the test
 * stops them, or when the test's process exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixWorldClock } from './world-clock.mjs';

const CHECKOUT = fileURLToPath(new URL('../..', import.meta.url));
/** What `npm run dev` never reads, or what each copy makes its own. */
const NOT_COPIED = new Set(['.git', 'node_modules', 'dist', 'docs', 'test-results', 'playwright-report']);
const NOT_LINKED = new Set(['.vite', '.cache', '.tmp']);
const START_TIMEOUT_MS = 90_000;

export interface DevCopy {
  /** The app page's dev server (Vite), proxying /api to our server. */
  origin: string;
  /** What both servers have printed so far. */
  output: () => string;
  /** Rewrites a file of the copy, by its path in the checkout; fails when the rewrite changes nothing. */
  edit: (path: string, rewrite: (source: string) => string) => void;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

function copyCheckout(): string {
  const root = mkdtempSync(join(tmpdir(), 'parlay-dev-'));
  for (const entry of readdirSync(CHECKOUT)) {
    if (NOT_COPIED.has(entry)) continue;
    cpSync(join(CHECKOUT, entry), join(root, entry), {
      recursive: true,
      filter: (source) => !source.startsWith(join(CHECKOUT, 'bench', 'tmp')),
    });
  }
  mkdirSync(join(root, 'node_modules'));
  for (const entry of readdirSync(join(CHECKOUT, 'node_modules'))) {
    if (!NOT_LINKED.has(entry)) symlinkSync(join(CHECKOUT, 'node_modules', entry), join(root, 'node_modules', entry));
  }
  return root;
}

/** Both servers of `npm run dev` (one process group), and the copy, gone. */
function removeAll(child: ChildProcess, root: string): void {
  try {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
  rmSync(root, { recursive: true, force: true });
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

export async function startDevCopy(): Promise<DevCopy> {
  const root = copyCheckout();
  const [pagePort, apiPort] = [await freePort(), await freePort()];
  const world = fixWorldClock();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(pagePort),
    API_PORT: String(apiPort),
    // The built-in sandbox, answering at once and without its random failures, in the tests' world.
    ODDS_API_KEY: '',
    SANDBOX_LATENCY: 'zero',
    SANDBOX_FAILURES: '0',
    SANDBOX_CLOCK: new Date(world.startMs).toISOString(),
    SANDBOX_CLOCK_ANCHOR_MS: String(world.anchorMs),
  };
  delete env.REDIS_URL;
  const child = spawn('npm', ['run', 'dev'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const onExit = () => removeAll(child, root);
  process.once('exit', onExit);

  const origin = `http://localhost:${pagePort}`;
  const stop = async () => {
    process.off('exit', onExit);
    const exited = new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done(null)));
    removeAll(child, root);
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
  };
  const startedBy = Date.now() + START_TIMEOUT_MS;
  // The page's server, and ours through its proxy.
  while (!(await answers(`${origin}/`)) || !(await answers(`${origin}/health`))) {
    if (child.exitCode !== null || Date.now() > startedBy) {
      await stop();
      throw new Error(`npm run dev did not start (exit ${child.exitCode}):\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    origin,
    output: () => output,
    edit: (path, rewrite) => {
      const file = join(root, path);
      const source = readFileSync(file, 'utf8');
      const edited = rewrite(source);
      if (edited === source) throw new Error(`The edit left ${path} as it was: has the file changed?`);
      writeFileSync(file, edited);
    },
    stop,
  };
}
