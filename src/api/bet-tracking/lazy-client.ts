/**
 * The client of the screens after the bet, whose code loads with its first request: the page
 * creates one up front (cheap) while the endpoints, their schemas and their parsing stay out of the
 * first screen's script.
 */
import type { OddsClientOptions } from '../client.ts';
import type { BetTrackingEndpoints } from './endpoints.ts';

export function lazyBetTrackingClient(options: OddsClientOptions): BetTrackingEndpoints {
  let loading: Promise<BetTrackingEndpoints> | undefined;
  const client = () =>
    (loading ??= import('./endpoints.ts').then(({ createBetTrackingClient }) => createBetTrackingClient(options)));
  return {
    fetchOddsHistory: async (params, request) => (await client()).fetchOddsHistory(params, request),
    fetchResults: async (params, request) => (await client()).fetchResults(params, request),
    gradeSelection: async (params, request) => (await client()).gradeSelection(params, request),
    gradeSelections: async (params, request) => (await client()).gradeSelections(params, request),
    fetchInjuries: async (params, request) => (await client()).fetchInjuries(params, request),
  };
}
