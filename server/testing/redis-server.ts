/**
 * A throwaway Redis for tests: found (or installed) by scripts/find-redis.mjs, started on a free
 * loopback port with nothing saved to disk, stopped (or killed mid-test) by its own handle.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { findRedisServer } from '../../scripts/find-redis.mjs';

export interface TestRedis {
  url: string;
  port: number;
  /** Stops it at once (as a crash would): clients see the connection drop. */
  kill: () => Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open, nothing is answered, as with a stalled host. */
  pause: () => void;
  /** Lets a paused Redis run again (SIGCONT): it answers everything sent meanwhile. */
  resume: () => void;
  /** Starts it again on the same port, empty. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function launch(binary: string, port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start on ${port}:\n${output}`)), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}):\n${output}`));
    });
  });
}

function ended(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

export async function startTestRedis(): Promise<TestRedis> {
  const binary = findRedisServer();
  const port = await freePort();
  let child = await launch(binary, port);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill: () => ended(child, 'SIGKILL'),
    pause: () => {
      child.kill('SIGSTOP');
    },
    resume: () => {
      child.kill('SIGCONT');
    },
    restart: async () => {
      child = await launch(binary, port);
    },
    stop: () => {
      // A paused Redis would not act on SIGTERM until it runs again.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGCONT');
      return ended(child, 'SIGTERM');
    },
  };
}
