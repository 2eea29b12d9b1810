/**
 * The odds service our server talks to, decided once at start-up: the real one with the configured
 * key, or, with no key, the built-in sandbox on a loopback port of its own, started by this
 * process with a key made for it. Either way the proxy and the streams reach it through the same
 * code (a call on a keep-alive agent with its timeout, size cap, key scrub, answer cache and budget): nothing past this
 * module knows which it is.
 *
 * The one difference is what a browser may force. The sandbox's forcing controls (X-Sandbox-*
 * headers, `sandbox_*` query parameters: e2e and tests force outcomes with them) are passed on only
 * to the sandbox started here, whose address is a loopback port this process holds: a browser's
 * header can never reach the real service, whatever ODDS_API_BASE_URL says (a loopback base URL
 * with a key is still the real service, e.g. the fault matrix's stand-in).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createSandboxApp, FORCING_HEADERS, FORCING_QUERY_PREFIX } from '../sandbox/app.ts';
import { sandboxOptionsFrom } from '../sandbox/settings.ts';
import { API_PREFIX } from '../src/domain/odds/api-prefix.ts';
import type { ServerConfig } from './config.ts';
import type { PassedOnControls, UpstreamTarget } from './proxy/upstream-call.ts';
import { createUpstreamAgent } from './proxy/upstream-transport.ts';

export type ServerMode = 'sandbox' | 'live';

export interface OddsService {
  mode: ServerMode;
  target: UpstreamTarget;
  /** Stops the built-in sandbox (nothing to do for the real service). */
  close: () => Promise<void>;
}

const SANDBOX_HOST = '127.0.0.1';

/** What the built-in sandbox is passed of a browser's request: its forcing controls. */
export const SANDBOX_FORCING: PassedOnControls = { headers: FORCING_HEADERS, queryPrefix: FORCING_QUERY_PREFIX };

function listenOnLoopback(fetch: (request: Request) => Response | Promise<Response>): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port: 0, hostname: SANDBOX_HOST }, () => resolve(server));
    server.once('error', reject);
  });
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Kept-alive connections (our agent's, a test's) would hold close() open until they idle out.
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
}

export async function openOddsService(config: ServerConfig): Promise<OddsService> {
  const limits = { timeoutMs: config.upstreamTimeoutMs, maxAnswerBytes: config.upstreamMaxAnswerBytes };
  if (config.upstreamApiKey !== null) {
    const agent = createUpstreamAgent(config.upstreamBaseUrl);
    return {
      mode: 'live',
      target: { ...limits, baseUrl: config.upstreamBaseUrl, apiKey: config.upstreamApiKey, agent },
      close: async () => agent.destroy(),
    };
  }
  // Its own key, never configured or shown: only this process can spend the sandbox's budget.
  const apiKey = randomBytes(24).toString('base64url');
  const sandbox = createSandboxApp({ ...sandboxOptionsFrom(config.sandbox), apiKey });
  const server = await listenOnLoopback(sandbox.fetch);
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://${SANDBOX_HOST}:${port}${API_PREFIX}`;
  const agent = createUpstreamAgent(baseUrl);
  return {
    mode: 'sandbox',
    target: { ...limits, baseUrl, apiKey, agent, passedOn: SANDBOX_FORCING },
    close: async () => {
      agent.destroy();
      await closeServer(server);
    },
  };
}
