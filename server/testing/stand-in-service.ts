/** The live odds service as the server's tests stand it in. */
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import type { UpstreamTarget } from '../proxy/upstream-call.ts';
import { memoryAgent } from './memory-connection.ts';

/** How a stand-in answers each request our server sends it. */
export type StandInAnswer = (request: Request) => Response | Promise<Response>;

/**
 * A target at a made-up address with the server's key, answered by `answer` over HTTP through
 * memory (no port): our server's client code runs as against the real service. `overrides` for
 * what a test changes (its timeout, the controls it passes on).
 */
export function standInService(answer: StandInAnswer, overrides: Partial<UpstreamTarget> = {}): UpstreamTarget {
  return {
    baseUrl: 'http://odds.example/api/v3',
    apiKey: 'server-key',
    timeoutMs: 2_000,
    agent: memoryAgent(createAdaptorServer({ fetch: answer }) as Server),
    ...overrides,
  };
}
