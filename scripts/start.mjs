// npm start: build the app and compile the server if needed, then run the compiled server with
// plain node (no TypeScript loader at run time), serving the production build.
import { spawn } from 'node:child_process';
import { buildIfNeeded, buildServerIfNeeded, SERVER_ENTRY } from './build-if-needed.mjs';

buildIfNeeded();
buildServerIfNeeded();
const server = spawn(process.execPath, [SERVER_ENTRY], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
