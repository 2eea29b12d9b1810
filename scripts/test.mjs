// npm test: every check, stopping at the first step that fails, then how long each step took.
// Typecheck and lint run side by side: tsc, ESLint, Prettier, knip and dependency-cruiser each use
// one core, so on a 2-core machine the pair takes about as long as lint alone (59 s from cold
// caches). The system packages the test steps need (on a fresh machine) are installed in one
// apt-get run beside the Dockerfile's steps, which need none: both wait on the disk as much as on
// the cores, and side by side they took 100 s, where the install beside typecheck and lint made that
// stage 115-126 s and the Dockerfile's steps took 46-76 s after it. The test steps each use every core
// (Vitest's workers, Playwright's workers and servers): one at a time. On 2 cores more overlap
// loses: Vitest beside the Dockerfile's steps took 230 s against 139 + 44 s one after the other, and
// the packages' install beside npm ci slowed npm ci from 36 to 66 s.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

const STAGES = [['typecheck', 'lint'], ['test:docker', 'test:system-packages'], ['test:unit'], ['test:e2e']];

const startedAt = Date.now();
const took = [];
const cpuByStage = [];
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/**
 * CPU seconds the whole machine was busy (user, nice, system, interrupts), from /proc/stat (Linux);
 * null elsewhere. Not the processes this one waited for: the e2e step's browsers and servers are
 * reaped by others, and that count saw a quarter of the step's CPU. On a machine with other work the
 * figure includes it: the summary prints the load the run started at.
 */
const clockTicksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
function machineBusyCpuSeconds() {
  try {
    const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .map(Number);
    return (user + nice + system + irq + softirq + steal) / clockTicksPerSecond;
  } catch {
    return null;
  }
}
const loadAtStart = loadavg()[0];

/**
 * Runs one npm script. Alone, its output goes straight through; beside another, it is kept and
 * printed whole when the script ends, so the two never interleave.
 */
function runScript(name, { alone }) {
  return new Promise((resolve) => {
    const began = Date.now();
    if (alone) console.log(`\n> npm run ${name}`);
    const child = spawn('npm', ['run', '--silent', name], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const ms = Date.now() - began;
      took.push({ name, ms });
      if (!alone) {
        console.log(`\n> npm run ${name} (${seconds(ms)})`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function summary() {
  const lines = took.map(({ name, ms }) => `  ${name.padEnd(22)} ${seconds(ms).padStart(6)}`);
  const cpu = cpuByStage.map(({ names, cpuSeconds }) => `  ${names.join(' + ')}: ${cpuSeconds.toFixed(0)} s`);
  console.log(
    `\nnpm test, step by step (wall):\n${lines.join('\n')}\n  ${'in all'.padEnd(22)} ${seconds(Date.now() - startedAt).padStart(6)}`,
  );
  if (cpu.length > 0) {
    console.log(
      `Machine CPU busy, stage by stage (${availableParallelism()} cores; load ${loadAtStart.toFixed(1)} at the start):\n${cpu.join('\n')}`,
    );
  }
}

for (const stage of STAGES) {
  const cpuBefore = machineBusyCpuSeconds();
  const codes = await Promise.all(stage.map((name) => runScript(name, { alone: stage.length === 1 })));
  const cpuAfter = machineBusyCpuSeconds();
  if (cpuBefore !== null && cpuAfter !== null) cpuByStage.push({ names: stage, cpuSeconds: cpuAfter - cpuBefore });
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) {
    summary();
    process.exit(failed);
  }
}
summary();
