import { describe, expect, it } from 'vitest';
import { isRegion, regionOfLanguages } from './region.ts';

describe('regionOfLanguages', () => {
  it('places British and Crown-dependency browsers in the UK, and the rest in the US', () => {
    expect(regionOfLanguages(['en-GB'])).toBe('uk');
    expect(regionOfLanguages(['en-gb', 'en'])).toBe('uk');
    expect(regionOfLanguages(['en-JE'])).toBe('uk');
    expect(regionOfLanguages(['en-US'])).toBe('us');
    expect(regionOfLanguages(['en-IE'])).toBe('us');
    expect(regionOfLanguages(['fr-FR', 'en-GB'])).toBe('us');
    expect(regionOfLanguages([])).toBe('us');
  });

  it('reads past tags that name no country, and takes Welsh or Gaelic alone as UK', () => {
    expect(regionOfLanguages(['en', 'en-GB'])).toBe('uk');
    expect(regionOfLanguages(['cy'])).toBe('uk');
    expect(regionOfLanguages(['zh-Hant-GB'])).toBe('uk');
    expect(regionOfLanguages(['en'])).toBe('us');
  });

  it('knows its regions', () => {
    expect(isRegion('uk')).toBe(true);
    expect(isRegion('UK')).toBe(false);
    expect(isRegion(undefined)).toBe(false);
  });
});
