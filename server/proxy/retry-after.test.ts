/**
 * How long a browser is told to wait when the service refuses: its own figure, bounded, whatever
 * form it came in, so a service (or whatever stands in its place) cannot silence the page for years.
 */
import { describe, expect, it } from 'vitest';
import { standInService } from '../testing/stand-in-service.ts';
import { createProxy } from './proxy.ts';

const NOW = Date.UTC(2026, 10, 22, 18, 0, 0);

function refusingWith(headers: Record<string, string>) {
  const target = standInService(async () => Response.json({ message: 'Too many requests' }, { status: 429, headers }));
  return createProxy(target, { clientLimit: null, now: () => NOW });
}

const retryAfterOf = async (headers: Record<string, string>) =>
  (await refusingWith(headers).request('/api/v3/fixtures/odds?fixture_id=A&sportsbook=Novig')).headers.get(
    'retry-after',
  );

describe("the service's wait, passed on with its refusal", () => {
  it('is passed on when it is a few seconds (a date as the seconds until it)', async () => {
    expect(await retryAfterOf({ 'retry-after': '7' })).toBe('7');
    expect(await retryAfterOf({ 'retry-after': new Date(NOW + 12_000).toUTCString() })).toBe('12');
  });

  it.each([
    ['seconds', { 'retry-after': '99999999' }],
    ['an HTTP date', { 'retry-after': 'Fri, 01 Jan 2100 00:00:00 GMT' }],
    ['a rate-limit reset alone', { 'x-ratelimit-reset': '9999999999' }],
  ])('is at most a minute, even given in %s years ahead', async (_form, headers) => {
    expect(await retryAfterOf(headers)).toBe('60');
  });

  it('is absent when the service names none', async () => {
    expect(await retryAfterOf({})).toBeNull();
  });
});
