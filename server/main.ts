/** Starts our server: `npm start` (the compiled dist/server/main.js) or `tsx server/main.ts`. */
import { ConfigError, readServerConfig, type ServerConfig } from './config.ts';
import { createServerApp } from './app.ts';
import { startHttpServer } from './http-server.ts';
import { describeSandbox } from '../sandbox/settings.ts';

function readConfigOrExit(): ServerConfig {
  try {
    return readServerConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

async function start(): Promise<void> {
  const config = readConfigOrExit();
  const { app, mode, storeDescription, missingBuild, close } = await createServerApp(config);
  let running;
  try {
    running = await startHttpServer({
      fetch: app.fetch,
      port: config.port,
      host: config.host,
      limits: config.connections,
      trustProxy: config.shared.trustProxy,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE' ? `Port ${config.port} is already in use; set PORT to another port.` : String(error),
    );
    process.exit(1);
  }
  const shownHost = running.address.includes(':') ? `[${running.address}]` : running.address;
  console.log(`Parlay builder running at http://${shownHost}:${running.port}/`);
  if (mode === 'sandbox') {
    console.log('No ODDS_API_KEY set: answering from the built-in sandbox (generated odds, not real prices).');
    console.log(`Sandbox: ${describeSandbox(config.sandbox)}`);
  } else {
    console.log(`Proxying odds requests to ${new URL(config.upstreamBaseUrl).host} with the configured key.`);
  }
  console.log(storeDescription);
  if (missingBuild !== null) console.warn(missingBuild);
  const stop = () => void Promise.all([running.close(), close()]).then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await start();
