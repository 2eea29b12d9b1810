// npm run dev: our server (API + sandbox) on API_PORT, restarted by tsx watch when its code changes
// (server/, sandbox/, src/domain), and Vite's dev server on PORT proxying /api to it: the app page
// on React with Fast Refresh (an edited component is swapped in place, its state and the stores
// kept). `npm run dev -- --widget`: Vite on the widget's build (vite.embed.config.ts, Preact) instead,
// at /embed.html, for work on what the widget renders (docs/architecture.md).
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '5174';
const pagePort = process.env.PORT ?? '5173';
const widget = process.argv.includes('--widget');
const children = [
  // The demo host page is opt-in (SERVE_DEMO=1); development wants it. The screen is the two
  // servers' shared log: a restart must not clear Vite's lines.
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { SERVE_DEMO: '1', ...process.env, PORT: apiPort },
  }),
  // On the port asked for or not at all: a dev server that moved elsewhere would be looked for in vain.
  spawn('npx', ['vite', '--port', pagePort, '--strictPort', ...(widget ? ['-c', 'vite.embed.config.ts'] : [])], {
    stdio: 'inherit',
    env: { ...process.env, API_DEV_TARGET: `http://127.0.0.1:${apiPort}` },
  }),
];
const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stopAll);
children.forEach((child) =>
  child.on('exit', (code) => {
    stopAll();
    process.exit(code ?? 0);
  }),
);
