/**
 * node-redis (`@redis/client`), loaded only when Redis is configured. Loading it costs every
 * instance without Redis (and the built-in sandbox in its process) more than it seems: its
 * `VerbatimString` does `class extends String`, and once String.prototype is any class's prototype
 * V8 drops its fast paths for string code process-wide (a charCodeAt hashing loop runs ~3x slower;
 * the sandbox's pricing, which hashes strings, ~2x; see docs/performance.md).
 */
import { createRequire } from 'node:module';
import type * as NodeRedis from '@redis/client';

let loaded: typeof NodeRedis | undefined;

export function nodeRedis(): typeof NodeRedis {
  loaded ??= createRequire(import.meta.url)('@redis/client') as typeof NodeRedis;
  return loaded;
}
