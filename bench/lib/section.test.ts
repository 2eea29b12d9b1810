import { describe, expect, it } from 'vitest';
import { onCleanup } from './cleanup.mjs';
import { missingParts, runSection } from './section.mjs';

interface Progress {
  expected?: Record<string, number>;
  runs?: number[];
  done?: boolean;
}

const never = () => new Promise<never>(() => undefined);
const summariseRuns = (progress: Progress) => ({ runsMeasured: progress.runs?.length ?? 0 });

describe('a bench section', () => {
  it('returns what it measured, with when it ran, how long it took and the load at its start', async () => {
    const results = await runSection({
      name: 'quick',
      limitMs: 60_000,
      measure: async () => ({ figure: 42 }),
      summarise: summariseRuns,
    });
    expect(results).toMatchObject({ figure: 42, run: { limitS: 60 } });
    expect(results.run.measuredAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(typeof results.run.loadAtStart).toBe('number');
    expect(results).not.toHaveProperty('incomplete');
  });

  it('out of time: keeps what it measured, names what is missing, stops what it started', async () => {
    let stopped = false;
    let aborted = false;
    const results = await runSection({
      name: 'slow',
      limitMs: 50,
      unwindMs: 10,
      measure: async ({ signal, progress }: { signal: AbortSignal; progress: Progress }) => {
        progress.expected = { runs: 3, done: 1 };
        progress.runs = [1, 2];
        onCleanup('a server', () => {
          stopped = true;
        });
        signal.addEventListener('abort', () => (aborted = true));
        return never();
      },
      summarise: summariseRuns,
    });
    expect(results).toMatchObject({ runsMeasured: 2, incomplete: { missing: ['runs: 2 of 3 runs', 'done'] } });
    expect(results.incomplete?.reason).toContain('ran out of its');
    expect(stopped).toBe(true);
    expect(aborted).toBe(true);
  });

  it('out of time: keeps only what was measured before its time was up', async () => {
    const results = await runSection({
      name: 'cut short',
      limitMs: 50,
      unwindMs: 1_000,
      measure: async ({ signal, progress }: { signal: AbortSignal; progress: Progress }) => {
        progress.expected = { runs: 3 };
        progress.runs = [1];
        // A step that fails once its server is gone, and records a run anyway.
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        progress.runs.push(2);
        throw new Error('connection refused');
      },
      summarise: summariseRuns,
    });
    expect(results).toMatchObject({ runsMeasured: 1, incomplete: { missing: ['runs: 1 of 3 runs'] } });
  });

  it('out of time once every planned part was measured: complete, with a note', async () => {
    const results = await runSection({
      name: 'slow to stop',
      limitMs: 50,
      unwindMs: 10,
      measure: async ({ progress }: { progress: Progress }) => {
        progress.expected = { runs: 2 };
        progress.runs = [1, 2];
        return never();
      },
      summarise: summariseRuns,
    });
    expect(results).toMatchObject({ runsMeasured: 2, run: { stoppedAtLimit: true } });
    expect(results).not.toHaveProperty('incomplete');
  });

  it('failing: says why, and keeps what it measured before', async () => {
    const results = await runSection({
      name: 'broken',
      limitMs: 60_000,
      measure: async ({ progress }: { progress: Progress }) => {
        progress.runs = [7];
        throw new Error('the sandbox would not start');
      },
      summarise: summariseRuns,
    });
    expect(results).toMatchObject({ runsMeasured: 1 });
    expect(results.incomplete?.reason).toContain('the sandbox would not start');
  });

  it('keeps the raw measurements when they cannot be summarised', async () => {
    const results = await runSection({
      name: 'half',
      limitMs: 60_000,
      measure: async ({ progress }: { progress: Progress }) => {
        progress.runs = [3];
        throw new Error('stopped');
      },
      summarise: () => {
        throw new Error('no median of nothing');
      },
    });
    expect(results).toMatchObject({ partial: { runs: [3] }, summaryFailed: 'no median of nothing' });
  });
});

describe('what a section did not measure', () => {
  it('lists each planned part not measured, and runs short of their plan', () => {
    expect(missingParts({ expected: { warm: 5, cold: 3, http2: 1 }, warm: [1, 2, 3, 4, 5], cold: [1] })).toEqual([
      'cold: 1 of 3 runs',
      'http2',
    ]);
  });

  it('is nothing when every part was measured', () => {
    expect(missingParts({ expected: { screen: 1, fanOut: 1 }, screen: {}, fanOut: {} })).toEqual([]);
  });
});
