/**
 * Whole-request faults (sandbox only), for testing what a user sees when the service itself
 * refuses: header `X-Sandbox-Fault` (or query `sandbox_fault`) on any endpoint, checked after the
 * key so a wrong key still gets the real 401. Names from the one vocabulary (outcomes.ts):
 *   unauthorized-missing-key       401 {"error":"API key is required"}
 *   unauthorized-invalid-key       401 {"error":"Invalid or inactive API key"}
 *   forbidden                      403 {"error":"Your plan does not include this endpoint"}
 *   rate-limited[:secs]            429 {"error":"Rate limit exceeded"} with Retry-After (default 5)
 *   rate-limited-no-retry-after    429 without Retry-After
 *   server-error                   500 {"error":"Internal server error"}
 *   hang                           never answers (until the caller gives up)
 */
import type { MiddlewareHandler } from 'hono';
import { errorResponse } from '../routes/guards.ts';
import { outcomesForcedBy, type RequestFaultName } from './outcomes.ts';

type RequestFault =
  { kind: Exclude<RequestFaultName, 'rate-limited'> } | { kind: 'rate-limited'; retryAfterSeconds: number };

const DEFAULT_RETRY_AFTER_SECONDS = 5;
const FAULT_NAMES: readonly string[] = outcomesForcedBy('fault');

function isFaultName(name: string): name is RequestFaultName {
  return FAULT_NAMES.includes(name);
}

function parseRequestFault(text: string): RequestFault | string {
  const [name = '', argument] = text.trim().toLowerCase().split(':');
  if (!isFaultName(name)) {
    return `X-Sandbox-Fault: unknown fault "${text.slice(0, 40)}" (expected ${FAULT_NAMES.map((fault) => (fault === 'rate-limited' ? 'rate-limited[:secs]' : fault)).join(', ')})`;
  }
  if (name === 'rate-limited') {
    if (argument === undefined) return { kind: name, retryAfterSeconds: DEFAULT_RETRY_AFTER_SECONDS };
    if (/^\d{1,4}$/.test(argument)) return { kind: name, retryAfterSeconds: Number(argument) };
    return 'X-Sandbox-Fault: rate-limited takes seconds, e.g. rate-limited:30 (rate-limited-no-retry-after sends none)';
  }
  return argument === undefined ? { kind: name } : `X-Sandbox-Fault: "${name}" takes no argument`;
}

export function requestFaults(): MiddlewareHandler {
  return async (context, next) => {
    const text = context.req.header('x-sandbox-fault') ?? context.req.query('sandbox_fault');
    if (text === undefined || text.trim() === '') return next();
    const fault = parseRequestFault(text);
    if (typeof fault === 'string') return errorResponse(context, 400, fault);
    switch (fault.kind) {
      case 'unauthorized-missing-key':
        return errorResponse(context, 401, 'API key is required');
      case 'unauthorized-invalid-key':
        return errorResponse(context, 401, 'Invalid or inactive API key');
      case 'forbidden':
        return errorResponse(context, 403, 'Your plan does not include this endpoint');
      case 'rate-limited':
        return errorResponse(context, 429, 'Rate limit exceeded', { 'Retry-After': String(fault.retryAfterSeconds) });
      case 'rate-limited-no-retry-after':
        return errorResponse(context, 429, 'Rate limit exceeded');
      case 'server-error':
        return errorResponse(context, 500, 'Internal server error');
      case 'hang':
        await new Promise<void>((resolve) =>
          context.req.raw.signal.addEventListener('abort', () => resolve(), { once: true }),
        );
        return errorResponse(context, 504, 'Gave up');
    }
  };
}
