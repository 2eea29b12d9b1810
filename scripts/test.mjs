// npm test: every check, stopping at the first step that fails, then how long each step took.
// Typecheck and lint run side by side: tsc, ESLint, Prettier, knip and dependency-cruiser each use
// one core, so on a 2-core machine the pair takes about as long as lint alone. Beside them, the
// system packages the test steps need are installed in one apt-get run (on a fresh machine; mostly
// waiting on downloads and disk). The test steps each use every core (Vitest's workers, the builds,
// Playwright's workers and servers): one at a time.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const STAGES = [['typecheck', 'lint', 'test:system-packages'], ['test:unit'], ['test:docker'], ['test:e2e']];

const startedAt = Date.now();
const took = [];
const cpuByStage = [];
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/**
 * CPU seconds (user + system) of the processes this one has waited for, from /proc (Linux): the
 * steps' own, their workers', browsers' and servers'. Null elsewhere. Wall times on a shared machine
 * are the load's; CPU times are the suite's.
 */
const clockTicksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
function childrenCpuSeconds() {
  try {
    // The fields after the command's name, which is in parentheses and may hold spaces.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // cutime and cstime are fields 16 and 17 of stat(5), 14 and 15 after the name.
    return (Number(fields[13]) + Number(fields[14])) / clockTicksPerSecond;
  } catch {
    return null;
  }
}

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
  if (cpu.length > 0) console.log(`CPU (user + system), stage by stage:\n${cpu.join('\n')}`);
}

for (const stage of STAGES) {
  const cpuBefore = childrenCpuSeconds();
  const codes = await Promise.all(stage.map((name) => runScript(name, { alone: stage.length === 1 })));
  const cpuAfter = childrenCpuSeconds();
  if (cpuBefore !== null && cpuAfter !== null) cpuByStage.push({ names: stage, cpuSeconds: cpuAfter - cpuBefore });
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) {
    summary();
    process.exit(failed);
  }
}
summary();
