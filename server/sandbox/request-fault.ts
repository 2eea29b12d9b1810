/**
 * Whole-request faults (sandbox only), for testing what a user sees when the service itself
 * refuses: header `X-Sandbox-Fault` (or query `sandbox_fault`) on any endpoint, checked after the
 * key so a wrong key still gets the real 401.
 *   unauthorized         401 {"error":"Invalid or inactive API key"}
 *   forbidden            403 {"error":"Your plan does not include this endpoint"}
 *   rate_limited[:secs]  429 {"error":"Rate limit exceeded"} with Retry-After (default 5)
 *   rate_limited:none    429 without Retry-After
 *   server               500 {"error":"Internal server error"}
 *   hang                 never answers (until the caller gives up)
 */
import type { MiddlewareHandler } from 'hono';
import { errorResponse } from './guards.ts';

export type RequestFault =
  | { kind: 'unauthorized' }
  | { kind: 'forbidden' }
  | { kind: 'rate_limited'; retryAfterSeconds: number | null }
  | { kind: 'server' }
  | { kind: 'hang' };

export function parseRequestFault(text: string): RequestFault | string {
  const [name = '', argument] = text.trim().toLowerCase().split(':');
  switch (name) {
    case 'unauthorized':
    case 'forbidden':
    case 'server':
    case 'hang':
      return argument === undefined ? { kind: name } : `X-Sandbox-Fault: "${name}" takes no argument`;
    case 'rate_limited': {
      if (argument === undefined) return { kind: 'rate_limited', retryAfterSeconds: 5 };
      if (argument === 'none') return { kind: 'rate_limited', retryAfterSeconds: null };
      if (/^\d{1,4}$/.test(argument)) return { kind: 'rate_limited', retryAfterSeconds: Number(argument) };
      return 'X-Sandbox-Fault: rate_limited takes seconds (rate_limited:30) or none';
    }
    default:
      return `X-Sandbox-Fault: unknown fault "${text.slice(0, 40)}" (expected unauthorized, forbidden, rate_limited[:secs|:none], server or hang)`;
  }
}

export function requestFaults(): MiddlewareHandler {
  return async (context, next) => {
    const text = context.req.header('x-sandbox-fault') ?? context.req.query('sandbox_fault');
    if (text === undefined || text.trim() === '') return next();
    const fault = parseRequestFault(text);
    if (typeof fault === 'string') return errorResponse(context, 400, fault);
    switch (fault.kind) {
      case 'unauthorized':
        return errorResponse(context, 401, 'Invalid or inactive API key');
      case 'forbidden':
        return errorResponse(context, 403, 'Your plan does not include this endpoint');
      case 'rate_limited':
        return errorResponse(context, 429, 'Rate limit exceeded', fault.retryAfterSeconds === null ? undefined : { 'Retry-After': String(fault.retryAfterSeconds) });
      case 'server':
        return errorResponse(context, 500, 'Internal server error');
      case 'hang':
        await new Promise<void>((resolve) => context.req.raw.signal.addEventListener('abort', () => resolve(), { once: true }));
        return errorResponse(context, 504, 'Gave up');
    }
  };
}
