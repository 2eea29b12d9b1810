import { describe, expect, it } from 'vitest';
import { parseWidgetOptions, type WidgetAttribute } from './attributes.ts';

// The /embed page's context: options come from its URL, which anyone can write.
function parseFromUrl(affiliateLinks: string, affiliateHosts: readonly string[]) {
  const attributes: Partial<Record<WidgetAttribute, string>> = { 'affiliate-links': affiliateLinks };
  return parseWidgetOptions((name) => attributes[name] ?? null, {
    defaultApiBase: '',
    baseUrl: 'https://parlay.example/embed',
    affiliateHosts,
  });
}

describe('affiliate links from a page address', () => {
  it('keeps templates whose host the operator lists, and names each refused link with its host', () => {
    const { options, problems } = parseFromUrl(
      JSON.stringify({
        Bwin: 'https://evil.example/phish?legs={legs}',
        DraftKings: 'https://partner.example/dk?legs={legs}&price={price}',
        BetMGM: 'https://PARTNER.example/mgm',
        Unibet: 'https://partner.example.evil.example/u',
      }),
      ['partner.example'],
    );
    expect(options.affiliateLinks).toEqual({
      DraftKings: 'https://partner.example/dk?legs={legs}&price={price}',
      BetMGM: 'https://PARTNER.example/mgm',
    });
    expect(problems).toEqual([
      'affiliate-links: the link for Bwin goes to evil.example, which is not a partner host for links from the page address (this site allows only partner.example); it is not used.',
      'affiliate-links: the link for Unibet goes to partner.example.evil.example, which is not a partner host for links from the page address (this site allows only partner.example); it is not used.',
    ]);
  });

  it('refuses every link when the operator lists no host', () => {
    const { options, problems } = parseFromUrl('{"Bwin": "https://partner.example/b"}', []);
    expect(options.affiliateLinks).toEqual({});
    expect(problems).toEqual([
      'affiliate-links: the link for Bwin goes to partner.example, which is not a partner host for links from the page address (this site allows none); it is not used.',
    ]);
  });

  it('refuses a placeholder or a user name in the host, which could make the link go elsewhere', () => {
    const { options, problems } = parseFromUrl(
      JSON.stringify({
        Bwin: 'https://{book_slug}.partner.example/',
        Novig: 'https://partner.example@evil.example/',
        Betway: 'https://partner.example{legs}/',
        // A tab (or newline) in the scheme hides the authority from a reading of the text; URL drops it.
        DraftKings: 'ht\ttps://evil.example@partner.example/',
        Fanatics: 'https:\n//evil.example:secret@partner.example/',
      }),
      ['partner.example', 'bwin.partner.example'],
    );
    expect(options.affiliateLinks).toEqual({});
    expect(problems).toHaveLength(5);
    for (const problem of problems) expect(problem).toContain('has a placeholder or user name in its host');
  });

  it('leaves the element attribute path as it was: every http(s) host is allowed', () => {
    const { options, problems } = parseWidgetOptions(
      (name) => (name === 'affiliate-links' ? '{"Bwin": "https://anywhere.example/b"}' : null),
      { defaultApiBase: '', baseUrl: 'https://news.example/' },
    );
    expect(problems).toEqual([]);
    expect(options.affiliateLinks).toEqual({ Bwin: 'https://anywhere.example/b' });
  });
});
