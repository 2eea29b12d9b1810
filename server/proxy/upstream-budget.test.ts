/**
 * The budget record in the shared store, as whoever can write Redis (or a service answering with
 * hostile figures) could leave it: it may at most make us as careful as one window's block, never
 * stop every call for good nor lift the limit or a client's share.
 */
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../shared-store/memory-store.ts';
import { UpstreamBudget } from './upstream-budget.ts';

const WINDOW_MS = 15_000;
const OBSERVED_KEY = 'upstream-budget:observed';

function budgetOnStore(limit = 100) {
  let now = Date.UTC(2026, 10, 22, 18, 0, 1);
  const store = new MemoryStore({ maxBytes: 1024 * 1024, maxMembersPerWindow: 1000, now: () => now });
  const log: string[] = [];
  const budget = new UpstreamBudget({
    store,
    limit,
    windowMs: WINDOW_MS,
    clientShare: 0.1,
    log: (line) => log.push(line),
    now: () => now,
  });
  const plant = (record: unknown) => store.set(OBSERVED_KEY, JSON.stringify(record), 2 * WINDOW_MS);
  return { budget, plant, log, now: () => now, advance: (ms: number) => (now += ms) };
}

async function callsAllowed(budget: UpstreamBudget, client: string | null, tries: number): Promise<number> {
  let allowed = 0;
  for (let index = 0; index < tries; index++) if ((await budget.reserveCall(client)).ok) allowed++;
  return allowed;
}

/** One call counted, as the answer cache makes it: its count in the window, for observe. */
async function countedCall(budget: UpstreamBudget): Promise<number> {
  const decision = await budget.reserveCall();
  expect(decision.ok).toBe(true);
  return decision.ok ? decision.count : 0;
}

describe('a budget record in the store that this server would not write', () => {
  it.each([
    ['a block as text, far in the future', () => ({ blockedUntil: '99999999999999' })],
    [
      'a block ten years ahead in the form we write',
      (window: number) => ({ window, remaining: null, countAt: 0, blockedUntil: Date.UTC(2036, 0, 1), limit: 100 }),
    ],
    [
      'less than nothing left in this window',
      (window: number) => ({ window, remaining: -5, countAt: 0, blockedUntil: 0, limit: 100 }),
    ],
  ])('is no block: %s', async (_what, record) => {
    const { budget, plant, log, now } = budgetOnStore();
    await plant(record(Math.floor(now() / WINDOW_MS)));
    expect(await callsAllowed(budget, null, 3)).toBe(3);
    expect(log).toEqual([expect.stringContaining('budget record this server would not write')]);
  });

  it('never lifts the limit a client’s share is counted from', async () => {
    const { budget, plant, log, now } = budgetOnStore(100);
    const window = Math.floor(now() / WINDOW_MS);
    await plant({ window, remaining: null, countAt: 0, blockedUntil: 0, limit: 1e15 });
    // A tenth of the configured 100, and the one call that finds the share just spent.
    expect(await callsAllowed(budget, '203.0.113.9', 60)).toBeLessThanOrEqual(11);
    expect(log).toHaveLength(1);
  });
});

describe('the figures the service answers with', () => {
  it('block calls at most until one window from now, whatever reset it names', async () => {
    const { budget, advance } = budgetOnStore(100);
    const count = await countedCall(budget);
    await budget.observe(
      new Map([
        ['x-ratelimit-remaining', '0'],
        ['x-ratelimit-reset', '9999999999'],
      ]),
      count,
    );
    expect((await budget.reserveCall()).ok).toBe(false);
    advance(WINDOW_MS + 1);
    expect((await budget.reserveCall()).ok).toBe(true);
  });

  it('may lower the limit, never raise it past the configured one', async () => {
    const { budget } = budgetOnStore(100);
    const count = await countedCall(budget);
    await budget.observe(
      new Map([
        ['x-ratelimit-limit', '1000000'],
        ['x-ratelimit-remaining', '999999'],
      ]),
      count,
    );
    // The configured 100, less its reserve of 5, less the call made above.
    expect(await callsAllowed(budget, null, 200)).toBe(94);
  });
});
