import { describe, expect, it } from 'vitest';
import { affiliateTemplateProblem } from './affiliate-templates.ts';
import { bookLinkUrl, deepLinkUrl, fillAffiliateTemplate, type AffiliateValues } from './book-links.ts';
import { decodeSlip } from './slip.ts';

const values: AffiliateValues = {
  book: 'Hard Rock',
  legs: [
    { fixtureId: 'F1', market: 'Moneyline', name: 'Boston Celtics' },
    { fixtureId: 'F2', market: 'Total Points', name: 'Over 221.5' },
  ],
  decimalPrice: 3.6412,
  stake: 25,
};

describe('affiliateTemplateProblem', () => {
  it('accepts https and http templates with known placeholders', () => {
    expect(affiliateTemplateProblem('https://aff.example/go?b={book}&l={legs}&p={price}&s={stake}')).toBeNull();
    expect(affiliateTemplateProblem('http://aff.example/{book_slug}')).toBeNull();
  });

  it('rejects other schemes, relative URLs and unknown placeholders with a reason', () => {
    expect(affiliateTemplateProblem('javascript:alert(1)')).toBe(
      'uses javascript:, but only https: and http: links are allowed',
    );
    expect(affiliateTemplateProblem('  JavaScript:alert(1)')).toContain('only https: and http:');
    expect(affiliateTemplateProblem('data:text/html,hi')).toContain('data:');
    expect(affiliateTemplateProblem('/relative/{book}')).toContain('not an absolute URL');
    expect(affiliateTemplateProblem('{book}://x')).toContain('not an absolute URL');
    expect(affiliateTemplateProblem('https://aff.example/?id={user}')).toContain('unknown placeholder {user}');
  });
});

describe('fillAffiliateTemplate', () => {
  it('fills every placeholder, URL-encoded', () => {
    const url = fillAffiliateTemplate(
      'https://aff.example/go/{book_slug}?book={book}&legs={legs}&price={price}&stake={stake}',
      values,
    );
    expect(url).toBe(
      'https://aff.example/go/hard-rock?book=Hard%20Rock&legs=F1~Moneyline~Boston%20Celtics%2CF2~Total%20Points~Over%20221.5&price=3.64&stake=25',
    );
    const legs = new URL(url ?? '').searchParams.get('legs') ?? '';
    expect(decodeSlip(legs).legs.map((leg) => leg.name)).toEqual(['Boston Celtics', 'Over 221.5']);
  });

  it('leaves {price} empty when the book gave no price', () => {
    expect(fillAffiliateTemplate('https://aff.example/?p={price}', { ...values, decimalPrice: null })).toBe(
      'https://aff.example/?p=',
    );
  });

  it('never produces a non-http link, whatever the values', () => {
    expect(fillAffiliateTemplate('javascript:{book}', values)).toBeNull();
    expect(fillAffiliateTemplate('https://aff.example/{book}', { ...values, book: 'BetMGM (UK)' })).toBe(
      'https://aff.example/BetMGM%20(UK)',
    );
  });
});

describe('bookLinkUrl', () => {
  const template = 'https://aff.example/?b={book}';

  const deepLinks = { desktop: 'https://book.example/slip', ios: 'app://slip', android: null };

  it('prefers the host’s affiliate template: the link it is paid through', () => {
    expect(bookLinkUrl(deepLinks, template, values)).toBe('https://aff.example/?b=Hard%20Rock');
    expect(bookLinkUrl(null, template, values)).toBe('https://aff.example/?b=Hard%20Rock');
  });

  it('else the answer’s deep link, desktop first; a template that cannot be used is passed over', () => {
    expect(bookLinkUrl(deepLinks, undefined, values)).toBe('https://book.example/slip');
    expect(bookLinkUrl(deepLinks, 'javascript:{book}', values)).toBe('https://book.example/slip');
    expect(deepLinkUrl({ desktop: null, ios: 'https://ios.example', android: null })).toBe('https://ios.example');
  });

  it('ignores deep links that are not http(s), and gives no link without either', () => {
    expect(deepLinkUrl({ desktop: 'javascript:alert(1)', ios: 'app://slip', android: null })).toBeNull();
    expect(bookLinkUrl({ desktop: 'javascript:alert(1)', ios: null, android: null }, undefined, values)).toBeNull();
    expect(bookLinkUrl(null, undefined, values)).toBeNull();
  });
});
