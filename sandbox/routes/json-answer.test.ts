import { describe, expect, it } from 'vitest';
import { answerTextOf } from './json-answer.ts';
import { makeApp, TEST_KEY } from '../testing/sandbox-client.ts';

// Our server takes an in-process answer's text from answerTextOf instead of reading its stream: the
// text kept must be the body sent, for answers and refusals alike.
describe('the text a sandbox answer was made from', () => {
  const app = makeApp();
  const key = { 'X-Api-Key': TEST_KEY };

  it('is the body sent, for catalog, fixture and parlay answers and for refusals', async () => {
    const responses = [
      await app.request('/api/v3/sports', { headers: key }),
      await app.request('/api/v3/leagues?sport=basketball', { headers: key }),
      await app.request('/api/v3/fixtures/active?sport=basketball', { headers: key }),
      await app.request('/api/v3/parlay/odds', { method: 'POST', headers: key, body: '{"entries": 3}' }),
      await app.request('/api/v3/sports', { headers: { 'X-Api-Key': 'nope' } }),
      await app.request('/api/v3/nowhere', { headers: key }),
    ];
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 400, 401, 404]);
    for (const response of responses) {
      const kept = answerTextOf(response);
      expect(kept).toBeDefined();
      expect(kept).toBe(await response.text());
      expect(response.headers.get('content-type')).toBe('application/json');
    }
  });

  it('is not claimed for a response the sandbox did not make', () => {
    expect(answerTextOf(new Response('{"data": []}'))).toBeUndefined();
  });
});
