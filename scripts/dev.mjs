// npm run dev: our server (API + sandbox) on API_PORT, and Vite's dev server proxying /api to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '5174';
const children = [
  // The demo host page is opt-in (SERVE_DEMO=1); development wants it.
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { SERVE_DEMO: '1', ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite', '--port', process.env.PORT ?? '5173'], {
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
