/**
 * What whoever can write the shared store (without our CACHE_SIGNING_KEY) can make the proxy serve:
 * nothing. An answer entry in exactly the form we write, its tag recomputed for its body and fresh
 * for ten years, is a miss; and an entry the store does hold with a freshness far ahead (an instance
 * whose clock ran ahead) is never kept longer than the route's own freshness.
 */
import { describe, expect, it } from 'vitest';
import { TEST_CACHE_SIGNING_KEY } from '../testing/cache-signing-key.ts';
import { standInService } from '../testing/stand-in-service.ts';
import { MemoryStore } from '../shared-store/memory-store.ts';
import type { SharedStore } from '../shared-store/store.ts';
import { EntrySeal } from './entry-seal.ts';
import { PreparedAnswer } from './prepared-answer.ts';
import { createProxy } from './proxy.ts';
import { encodeBody, encodeRecord } from './stored-answers.ts';

const TEN_YEARS_MS = 10 * 365 * 24 * 3_600_000;
const ODDS = '/api/v3/fixtures/odds?fixture_id=20261122AAAAAAAA&sportsbook=DraftKings';
const FORGED_PRICE = 99_900;

/** The service: every answer a new version, so a test sees which call an answer came from. */
function countingService() {
  let calls = 0;
  const target = standInService(async () => {
    calls++;
    return Response.json({ data: [{ id: '20261122AAAAAAAA', odds: [{ price: -110, version: calls }] }] });
  });
  return { target, calls: () => calls };
}

/** A memory store that lists the keys written to it, as anyone reading Redis could. */
function listedStore(now: () => number) {
  const store = new MemoryStore({ maxBytes: 1024 * 1024, maxMembersPerWindow: 1000, now });
  const written: string[] = [];
  const listed: SharedStore = {
    kind: store.kind,
    get: (key) => store.get(key),
    set: async (key, value, ttlMs) => {
      written.push(key);
      return store.set(key, value, ttlMs);
    },
    setIfAbsent: (key, value, ttlMs) => store.setIfAbsent(key, value, ttlMs),
    deleteIfEquals: (key, value) => store.deleteIfEquals(key, value),
    countInWindow: (scope, member, windowMs, now) => store.countInWindow(scope, member, windowMs, now),
    takeToken: (scope, member, bucket, now) => store.takeToken(scope, member, bucket, now),
  };
  const keyStarting = (prefix: string) => written.find((key) => key.startsWith(prefix)) ?? '';
  return { store: listed, keyStarting };
}

const priceOf = async (answer: Response) =>
  ((await answer.json()) as { data: { odds: { price: number; version: number }[] }[] }).data[0]?.odds[0];

describe('an answer entry forged in the store', () => {
  it('is a miss when not sealed with our secret, even in our form with its tag recomputed: asked upstream, said once', async () => {
    const now = Date.UTC(2026, 10, 22, 18, 0, 0);
    const { target, calls } = countingService();
    const { store, keyStarting } = listedStore(() => now);
    const instance = (log?: (line: string) => void) =>
      createProxy(target, { clientLimit: null, store, cacheSigningKey: TEST_CACHE_SIGNING_KEY, log, now: () => now });
    expect((await instance().request(ODDS)).status).toBe(200);

    // What someone with write access to Redis but not our secret writes: our form, a body of their
    // own with its digest as the tag, fresh for ten years, sealed with a secret they made up.
    const recordKey = keyStarting('answer:');
    const id = recordKey.slice('answer:'.length);
    const forged = PreparedAnswer.fromText(
      200,
      {},
      JSON.stringify({ data: [{ id: '20261122AAAAAAAA', odds: [{ price: FORGED_PRICE, version: 0 }] }] }),
    );
    const theirSeal = new EntrySeal('a-secret-the-attacker-made-up-0123456789');
    const bodyKey = `answer-body:${id}:${forged.tag}`;
    const body = encodeBody(forged, bodyKey, theirSeal);
    await store.set(bodyKey, body, TEN_YEARS_MS);
    const record = { freshUntil: now + TEN_YEARS_MS, tag: forged.tag, bodyLength: body.length };
    await store.set(recordKey, encodeRecord(record, recordKey, theirSeal), TEN_YEARS_MS);

    const log: string[] = [];
    const other = instance((line) => log.push(line));
    const answers = await Promise.all([other.request(ODDS), other.request(ODDS)]);
    for (const answer of answers) expect((await priceOf(answer))?.price).toBe(-110);
    expect(calls()).toBe(2);
    expect(log).toEqual([expect.stringContaining('not sealed with CACHE_SIGNING_KEY')]);
  });

  it('is never fresher than its route says: once the store lets it go, the next stale look asks again', async () => {
    let now = Date.UTC(2026, 10, 22, 18, 0, 0);
    const { target, calls } = countingService();
    const { store, keyStarting } = listedStore(() => now);
    // An instance whose clock runs ten years ahead stores the answer, fresh (by its clock) for 5 s.
    const ahead = createProxy(target, {
      clientLimit: null,
      store,
      cacheSigningKey: TEST_CACHE_SIGNING_KEY,
      now: () => now + TEN_YEARS_MS,
    });
    expect((await priceOf(await ahead.request(ODDS)))?.version).toBe(1);
    const recordKey = keyStarting('answer:');
    // The record's first field: fresh until (ms).
    const storedFreshUntil = Number((await store.get(recordKey))?.split(' ')[0]);
    expect(storedFreshUntil).toBeGreaterThan(now + TEN_YEARS_MS);

    const reader = createProxy(target, {
      clientLimit: null,
      store,
      cacheSigningKey: TEST_CACHE_SIGNING_KEY,
      now: () => now,
    });
    expect((await priceOf(await reader.request(ODDS)))?.version).toBe(1);
    // The odds' 5 s of freshness and 20 s of staleness, and the store's copy gone with them.
    now += 31_000;
    expect(await store.get(recordKey)).toBeNull();
    expect((await priceOf(await reader.request(ODDS)))?.version).toBe(2);
    expect(calls()).toBe(2);
  });
});
