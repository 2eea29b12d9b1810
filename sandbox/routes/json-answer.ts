/**
 * The sandbox's JSON answers, each remembering the text it was made from: our server, which runs
 * the sandbox in its own process, takes that text as it is (answerTextOf) instead of reading it back
 * through the Response's stream, the costliest step of an in-process call.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

const textOfAnswer = new WeakMap<Response, string>();

/** A JSON answer from text already serialised (precomputed catalog bodies). */
export function jsonText(
  context: Context,
  text: string,
  status: ContentfulStatusCode = 200,
  headers?: Record<string, string>,
): Response {
  const response = context.body(text, status, { 'Content-Type': 'application/json', ...headers });
  textOfAnswer.set(response, text);
  return response;
}

/** A JSON answer of `value` (what context.json sends, with its text kept). */
export function jsonAnswer(
  context: Context,
  value: unknown,
  status: ContentfulStatusCode = 200,
  headers?: Record<string, string>,
): Response {
  return jsonText(context, JSON.stringify(value), status, headers);
}

/**
 * The body text `response` was made from, when it is one of the sandbox's JSON answers as made
 * (a middleware that rebuilt it makes another Response: undefined, and the body is read as usual).
 */
export function answerTextOf(response: Response): string | undefined {
  return textOfAnswer.get(response);
}
