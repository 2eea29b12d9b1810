/**
 * A JSON object: not null, not an array. Parsed bodies, answers and stored documents are checked
 * with this before their fields are read.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
