/**
 * One colour per book, the same in every chart and its legend: ten hues far enough apart to tell
 * lines apart, each at least 3:1 against the light surface (a line is a graphic, not text).
 */
import { SPORTSBOOKS, type Sportsbook } from '../../domain/sportsbooks.ts';

const COLOURS = [
  '#1d4ed8',
  '#b91c1c',
  '#047857',
  '#7e22ce',
  '#c2410c',
  '#0e7490',
  '#be185d',
  '#4d7c0f',
  '#475569',
  '#a16207',
];

export function bookColour(book: Sportsbook): string {
  return COLOURS[SPORTSBOOKS.indexOf(book) % COLOURS.length] ?? '#475569';
}
