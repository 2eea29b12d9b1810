/**
 * The answers' schemas (and the schema library) load with the first request, not with the page: the
 * widget's first paint is smaller by them, and the module arrives while the request is in flight.
 */
export function loadSchemas(): Promise<typeof import('./answer-parsers.ts')> {
  const schemas = import('./answer-parsers.ts');
  // Awaited after the request; a failed load rejects there, not as an unhandled rejection here.
  schemas.catch(() => undefined);
  return schemas;
}
