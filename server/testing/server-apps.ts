/** Our server's app in a test, closed after the test: its built-in sandbox, store and streams let go. */
import { afterEach } from 'vitest';
import { createServerApp, type ServerApp, type ServerAppOptions } from '../app.ts';
import type { ServerConfig } from '../config.ts';

/** A function that opens server apps, each closed once the test that opened it ends. */
export function serverAppsClosedAfterEach(): (config: ServerConfig, options?: ServerAppOptions) => Promise<ServerApp> {
  const opened: ServerApp[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((server) => server.close()));
  });
  return async (config, options = {}) => {
    const server = await createServerApp(config, { log: () => undefined, ...options });
    opened.push(server);
    return server;
  };
}
