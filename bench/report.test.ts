import { describe, expect, it } from 'vitest';
import { DOC_MAX_LINES, markersIn, readDocAndResults, renderPerformanceDoc, WRITER_NAMES } from './report.mjs';
import { describeTarget, SECTION_ORDER, TARGETS } from './targets.mjs';

const { doc, results } = readDocAndResults();

describe('docs/performance.md', () => {
  it('says what bench/results.json holds (after changing either: npm run bench:report)', () => {
    expect(renderPerformanceDoc(doc, results)).toBe(doc);
  });

  it('has a place for every part the report writes', () => {
    expect(new Set(markersIn(doc))).toEqual(new Set(WRITER_NAMES));
  });

  it('states every target with the last figure measured for it', () => {
    const summary = doc.slice(doc.indexOf('<!-- bench:summary -->'), doc.indexOf('<!-- /bench:summary -->'));
    for (const item of TARGETS) {
      const row = summary.split('\n').find((line) => line.includes(`| ${item.label} |`));
      expect(row, `${item.section}: ${item.label}`).toBeDefined();
      expect(row).toContain(describeTarget(item, results[item.section]));
    }
  });

  it('says how each section measures', () => {
    for (const section of SECTION_ORDER) expect(doc).toMatch(new RegExp(`^### ${section}\\b`, 'm'));
  });

  it(`is a reference of at most ${DOC_MAX_LINES} lines`, () => {
    expect(doc.split('\n').length).toBeLessThanOrEqual(DOC_MAX_LINES);
  });

  it('is out of step as soon as a figure in it is edited by hand', () => {
    const summaryStart = doc.indexOf('<!-- bench:summary -->');
    const figure = /\d+/.exec(doc.slice(summaryStart + '<!-- bench:summary -->'.length));
    expect(figure).not.toBeNull();
    const at = summaryStart + '<!-- bench:summary -->'.length + (figure?.index ?? 0);
    const edited = `${doc.slice(0, at)}9${doc.slice(at)}`;
    expect(renderPerformanceDoc(edited, results)).not.toBe(edited);
  });

  it('refuses a place no writer knows', () => {
    expect(() => renderPerformanceDoc('<!-- bench:nobody -->1<!-- /bench:nobody -->', results)).toThrow(
      'no writer for <!-- bench:nobody -->',
    );
  });
});
