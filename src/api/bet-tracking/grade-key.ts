import type { GradeRequest } from './types.ts';

/** How a grading request and its answer are matched: the service echoes fixture, market and name. */
export function gradeKey(request: Pick<GradeRequest, 'fixtureId' | 'market' | 'name'>): string {
  return `${request.fixtureId}\n${request.market}\n${request.name}`;
}
