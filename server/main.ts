/** Starts our server: `npm start` (after a build) or `tsx server/main.ts`. */
import { serve } from '@hono/node-server';
import { ConfigError, readServerConfig } from './config.ts';
import { createServerApp } from './app.ts';

function start(): void {
  let config;
  try {
    config = readServerConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const { app, mode } = createServerApp(config);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const shownHost = info.address.includes(':') ? `[${info.address}]` : info.address;
    console.log(`Parlay builder running at http://${shownHost}:${info.port}/`);
    if (mode === 'sandbox') {
      console.log('No ODDS_API_KEY set: answering from the built-in sandbox (generated odds, not real prices).');
    } else {
      console.log(`Proxying odds requests to ${new URL(config.upstreamBaseUrl).host} with the configured key.`);
    }
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(error.code === 'EADDRINUSE' ? `Port ${config.port} is already in use; set PORT to another port.` : error.message);
    process.exit(1);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

start();
