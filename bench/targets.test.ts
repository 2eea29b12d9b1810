import { describe, expect, it } from 'vitest';
import { describeTarget, meets, TARGETS, targetsOf, withinTargets } from './targets.mjs';

const targetOf = (section: string, figure: string) => {
  const found = TARGETS.find((item) => item.section === section && item.figure === figure);
  if (found === undefined) throw new Error(`no target for ${section}.${figure}`);
  return found;
};

describe('the bench targets', () => {
  it('hold a figure at most, at least or exactly at its limit', () => {
    const lcp = targetOf('lighthouse', 'lcpMs');
    expect(meets(lcp, { lcpMs: 1_200 })).toBe(true);
    expect(meets(lcp, { lcpMs: 1_201 })).toBe(false);
    const score = targetOf('lighthouse', 'performance');
    expect(meets(score, { performance: 98 })).toBe(true);
    expect(meets(score, { performance: 97 })).toBe(false);
    const lost = targetOf('live', 'failover.changesLost');
    expect(meets(lost, { failover: { changesLost: 0 } })).toBe(true);
    expect(meets(lost, { failover: { changesLost: 1 } })).toBe(false);
  });

  it('compare a figure with another of the same run where the target is one', () => {
    const pricing = targetOf('requests', 'pricingMade');
    expect(meets(pricing, { pricingMade: 11, pricingMinimum: 11 })).toBe(true);
    expect(meets(pricing, { pricingMade: 12, pricingMinimum: 11 })).toBe(false);
    expect(describeTarget(pricing, { pricingMinimum: 11 })).toBe('≤ the minimum (11)');
  });

  it('say nothing of a figure that was not measured', () => {
    expect(meets(targetOf('server', 'liveOverheadRatio'), {})).toBeNull();
    expect(withinTargets('server', { liveOverheadRatio: 1.1 })).toBeNull();
  });

  it('are missed by a section when any one of its figures misses', () => {
    const server = {
      liveOverheadRatio: 1.4,
      cachedVsDirectRps: 3,
      coalescing: { upstreamCalls: 1, twoSlipsUpstreamCalls: 2 },
    };
    expect(withinTargets('server', server)).toBe(false);
    expect(withinTargets('server', { ...server, liveOverheadRatio: 1.2 })).toBe(true);
  });

  it('read a scale run by its readers and a sum over runs', () => {
    const scale = {
      runs: [
        { cache: true, readers: 50, errors: 0, servedPerSecond: 60, p99Ms: 300 },
        { cache: true, readers: 500, errors: 2, servedPerSecond: 550, p99Ms: 900 },
        { cache: false, readers: 500, errors: 9, servedPerSecond: 500, p99Ms: 2_000 },
      ],
    };
    expect(meets(targetOf('scale', 'mostReaders.p99Ms'), scale)).toBe(true);
    expect(meets(targetOf('scale', 'cacheOnErrors'), scale)).toBe(false);
  });

  it('are written with their unit', () => {
    expect(describeTarget(targetOf('lighthouse', 'tbtMs'), {})).toBe('≤ 100 ms');
    expect(describeTarget(targetOf('server', 'liveOverheadRatio'), {})).toBe('≤ 1.3x');
    expect(targetsOf('render').map((item) => describeTarget(item, {}))).toEqual(['= 1', '= 0']);
  });
});
