/**
 * The parsers the odds client loads with its first request (load-schemas.ts). A module loaded with
 * import() keeps every export it has; this one names only what the client calls, so the lazy chunk
 * leaves out the building blocks schemas.ts shares with the other parsers.
 */
export {
  parseFixtureOddsBody,
  parseFixturePageBody,
  parseLeaguesBody,
  parseMarketsBody,
  parseSportsBody,
} from './schemas.ts';
