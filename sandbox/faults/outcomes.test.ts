import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OUTCOMES, outcomesForcedBy, type OutcomeName } from './outcomes.ts';

const doc = readFileSync(new URL('../../docs/forcing-outcomes.md', import.meta.url), 'utf8');

describe('the outcome vocabulary', () => {
  it('is documented, every name in its table', () => {
    for (const name of Object.keys(OUTCOMES) as OutcomeName[]) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
      expect(row, `docs/forcing-outcomes.md has no row for ${name}`).toBeDefined();
    }
  });

  it('names only kebab-case outcomes, each forced some way', () => {
    for (const [name, definition] of Object.entries(OUTCOMES)) {
      expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(definition.forcedBy.length).toBeGreaterThan(0);
    }
  });

  it('gives the sandbox per-book and per-request names that do not overlap', () => {
    const perBook = new Set<string>(outcomesForcedBy('scenario'));
    expect(outcomesForcedBy('fault').filter((name) => perBook.has(name))).toEqual([]);
  });
});
