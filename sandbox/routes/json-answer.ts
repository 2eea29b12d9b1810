/** The sandbox's JSON answers, from a value or from text already serialised (precomputed catalog bodies). */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** A JSON answer from text already serialised. */
export function jsonText(
  context: Context,
  text: string,
  status: ContentfulStatusCode = 200,
  headers?: Record<string, string>,
): Response {
  return context.body(text, status, { 'Content-Type': 'application/json', ...headers });
}

/** A JSON answer of `value`. */
export function jsonAnswer(
  context: Context,
  value: unknown,
  status: ContentfulStatusCode = 200,
  headers?: Record<string, string>,
): Response {
  return jsonText(context, JSON.stringify(value), status, headers);
}
