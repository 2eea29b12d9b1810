import { describe, expect, it } from 'vitest';
import { markersIn, readDocAndResults, renderPerformanceDoc, WRITER_NAMES } from './report.mjs';

const { doc, results } = readDocAndResults();

describe('docs/performance.md', () => {
  it('says what bench/results.json holds (after changing either: npm run bench:report)', () => {
    expect(renderPerformanceDoc(doc, results)).toBe(doc);
  });

  it('has a place for every figure the report writes', () => {
    expect(new Set(markersIn(doc))).toEqual(new Set(WRITER_NAMES));
  });

  it('is out of step as soon as a figure in it is edited by hand', () => {
    const summaryStart = doc.indexOf('<!-- bench:summary -->');
    const figure = /\d+/.exec(doc.slice(summaryStart));
    expect(figure).not.toBeNull();
    const at = summaryStart + (figure?.index ?? 0);
    const edited = `${doc.slice(0, at)}9${doc.slice(at)}`;
    expect(renderPerformanceDoc(edited, results)).not.toBe(edited);
  });

  it('refuses a place no writer knows', () => {
    expect(() => renderPerformanceDoc('<!-- bench:nobody -->1<!-- /bench:nobody -->', results)).toThrow(
      'no writer for <!-- bench:nobody -->',
    );
  });
});
