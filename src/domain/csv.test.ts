import { describe, expect, it } from 'vitest';
import { csvField, parseCsv } from './csv.ts';

describe('csvField', () => {
  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses spreadsheet formulas but leaves signed prices as numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-110')).toBe('-110');
    expect(csvField('+225')).toBe('+225');
    expect(csvField('-9.7%')).toBe('-9.7%');
  });
});

describe('parseCsv', () => {
  it('reads back what csvField wrote, formula guards taken off', () => {
    const rows = [
      ['id', 'name', 'note'],
      ['1', 'a,b', 'say "hi"'],
      ['2', 'two\nlines', '=HYPERLINK("x")'],
      ['3', '@SUM(A1)', '-110'],
    ];
    const text = rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
    expect(parseCsv(text)).toEqual(rows);
  });

  it('skips blank lines, takes bare LF line ends and runs an unclosed quote to the end', () => {
    expect(parseCsv('a,b\n\nc,d\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseCsv('a,"b\nc')).toEqual([['a', 'b\nc']]);
    expect(parseCsv('')).toEqual([]);
  });
});
