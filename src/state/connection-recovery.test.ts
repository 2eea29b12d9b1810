import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors.ts';
import { startConnectionRecovery } from './connection-recovery.ts';

const unreachable = () => new ApiError({ kind: 'network' });

afterEach(() => {
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

/** A question that fails unreachable until `serverUp` says otherwise. */
function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const world = { serverUp: false, asked: 0, probes: 0 };
  const question = () => {
    world.asked += 1;
    return world.serverUp ? Promise.resolve('prices') : Promise.reject(unreachable());
  };
  const probe = () => {
    world.probes += 1;
    return world.serverUp ? Promise.resolve([]) : Promise.reject(unreachable());
  };
  return { queryClient, world, question, probe };
}

describe('startConnectionRecovery', () => {
  it('probes on a growing backoff while the server is unreachable, then asks the failed question again', async () => {
    vi.useFakeTimers();
    const { queryClient, world, question, probe } = setUp();
    const stop = startConnectionRecovery(queryClient, { probe, firstDelayMs: 1000, maxDelayMs: 4000 });
    await queryClient.fetchQuery({ queryKey: ['prices'], queryFn: question }).catch(() => undefined);
    expect(queryClient.getQueryState(['prices'])?.status).toBe('error');

    await vi.advanceTimersByTimeAsync(1000);
    expect(world.probes).toBe(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(world.probes).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(world.probes).toBe(2);
    // Capped: 4 s apart from here, however long it stays down.
    await vi.advanceTimersByTimeAsync(4000);
    await vi.advanceTimersByTimeAsync(4000);
    expect(world.probes).toBe(4);
    expect(world.asked).toBe(1);

    world.serverUp = true;
    await vi.advanceTimersByTimeAsync(4000);
    expect(world.asked).toBe(2);
    expect(queryClient.getQueryData(['prices'])).toBe('prices');
    // Nothing failed is left: no more probes.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(world.probes).toBe(5);
    stop();
  });

  it('leaves a browser that says it is offline to resume by itself, and probes nothing then', async () => {
    vi.useFakeTimers();
    const { queryClient, world, question, probe } = setUp();
    const stop = startConnectionRecovery(queryClient, { probe, firstDelayMs: 1000 });
    await queryClient.fetchQuery({ queryKey: ['prices'], queryFn: question }).catch(() => undefined);
    onlineManager.setOnline(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(world.probes).toBe(0);
    stop();
  });

  it('takes an answer of any kind as the server heard, and stops when stopped', async () => {
    vi.useFakeTimers();
    const { queryClient, world, question } = setUp();
    const probe = vi.fn(() => Promise.reject(new ApiError({ kind: 'server', status: 503 })));
    const stop = startConnectionRecovery(queryClient, { probe, firstDelayMs: 1000 });
    await queryClient.fetchQuery({ queryKey: ['prices'], queryFn: question }).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(1000);
    expect(world.asked).toBe(2);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).toHaveBeenCalledTimes(1);
  });
});
