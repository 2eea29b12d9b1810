/**
 * The widget's options, read from its attributes (or the /embed page's URL parameters, which use the
 * same names). Pure: every value is checked here with a valibot schema (as the API's answers are,
 * api/parse/schemas.ts), and anything unusable is left out with a message for the site owner, never
 * thrown, so a typo in an attribute cannot break the host page.
 */
import * as v from 'valibot';
import { affiliateTemplateProblem } from '../domain/affiliate-templates.ts';
import { ODDS_FORMATS, type OddsFormat } from '../domain/odds/odds-core.ts';
import { decodeSlip, MAX_STAKE, overLimitWords, type SlipLeg } from '../domain/slip.ts';
import { orderSportsbooks, SPORTSBOOKS, type Sportsbook } from '../domain/sportsbooks.ts';
import { sportsbookRegion, sportsbooksOfRegion } from '../domain/book-regions.ts';
import { REGION_ODDS_FORMAT, REGIONS, type Region } from '../domain/region.ts';
import type { ControlSet, LayoutMode } from '../state/app-config-context.tsx';
import { stakeSchema } from '../state/persisted-state.ts';

export const WIDGET_ATTRIBUTES = [
  'api-base',
  'leagues',
  'books',
  'legs',
  'odds-format',
  'stake',
  'theme',
  'affiliate-links',
  'region',
  'mode',
  'storage-key',
  'fair-value',
  'controls',
  'disclosure',
  'book-region',
] as const;
export type WidgetAttribute = (typeof WIDGET_ATTRIBUTES)[number];

export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];
const MODES: readonly LayoutMode[] = ['full', 'grid'];
const FAIR_VALUE_CHOICES = ['show', 'hide'] as const;
const CONTROL_SETS: readonly ControlSet[] = ['reader', 'analyst'];

export interface WidgetOptions {
  /** Prefix under which /api/v3 is served, without a trailing slash ('' = this page's origin). */
  apiBase: string;
  /** null wherever the attribute was not given (or was unusable): the default applies. */
  leagues: string[] | null;
  books: Sportsbook[] | null;
  legs: SlipLeg[] | null;
  oddsFormat: OddsFormat | null;
  stake: number | null;
  theme: Theme;
  affiliateLinks: Partial<Record<Sportsbook, string>>;
  region: Region;
  mode: LayoutMode;
  /** Remember the slip and settings in localStorage under this key; null = remember nothing. */
  storageKey: string | null;
  /** Show the fair-value column and edges (`show`/`hide`); null: hidden unless the reader turned it on. */
  fairValue: boolean | null;
  /** The reader's controls (the default) or also the analyst's (sort, fair-value switch, CSV, book chooser). */
  controls: ControlSet;
  /** The affiliate disclosure shown under the books: the host's words, or ours. */
  disclosure: string;
  /** Only this region's books, when the host restricts them; null: all ten on offer. */
  bookRegion: Region | null;
}

export const DEFAULT_DISCLOSURE =
  'We may earn a commission if you bet through a link here. It never changes the prices or the order of the books.';
const MAX_DISCLOSURE_LENGTH = 300;

export interface ParsedWidgetOptions {
  options: WidgetOptions;
  /** One plain-words sentence per unusable value, naming the attribute. */
  problems: string[];
}

export interface ParseContext {
  /** The api-base when none is given: the origin the widget script was loaded from. */
  defaultApiBase: string;
  /** What a relative api-base is resolved against (the host page's base URL). */
  baseUrl: string;
  /**
   * Hosts affiliate links may point to, when the options come from somewhere anyone can write (the
   * /embed page's URL: a link under our name could otherwise lead anywhere). Absent: every host, as
   * for the element's attributes, which only the host page's own code sets.
   */
  affiliateHosts?: readonly string[];
}

/** Quotes a user's value for a message, cut short so a huge attribute cannot flood the widget. */
function quote(value: string): string {
  return `“${value.length > 40 ? `${value.slice(0, 40)}…` : value}”`;
}

// --- What each attribute may hold --------------------------------------------------------------

const leagueId = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9_+.-]{0,99}$/));
const storageKeyText = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));
const disclosureText = v.pipe(
  v.string(),
  v.maxLength(MAX_DISCLOSURE_LENGTH),
  v.transform((text) => text.replace(/\s+/g, ' ')),
);
/** A book by its name in any case ("draftkings"), as the ten are spelled. */
const bookName = v.pipe(
  v.string(),
  v.transform((name) => SPORTSBOOKS.find((book) => book.toLowerCase() === name.trim().toLowerCase())),
  v.picklist(SPORTSBOOKS),
);
/** An amount as typed (`25`, `12.50`). */
const stakeText = v.pipe(v.string(), v.transform(Number), stakeSchema);
/** One of a few words, in any case. */
const choiceOf = <Choice extends string>(allowed: readonly Choice[]) =>
  v.pipe(
    v.string(),
    v.transform((word) => word.toLowerCase()),
    v.picklist(allowed),
  );
const affiliateLinksJson = v.pipe(v.string(), v.parseJson());
/** Book name to URL template; a list is not that. */
const affiliateLinksObject = v.pipe(
  v.unknown(),
  v.check((links) => !Array.isArray(links)),
  v.looseObject({}),
);
const affiliateTemplate = v.pipe(
  v.string(),
  v.transform((template) => template.trim()),
);

/** The value as the schema reads it; else the message for the host (the default then applies). */
function readValue<Output>(
  raw: string,
  schema: v.GenericSchema<string, Output>,
  problem: string,
  problems: string[],
): Output | null {
  const result = v.safeParse(schema, raw);
  if (result.success) return result.output;
  problems.push(problem);
  return null;
}

/** One of the allowed words; else a message naming them. */
function oneOf<Choice extends string>(
  name: WidgetAttribute,
  raw: string,
  allowed: readonly Choice[],
  problems: string[],
): Choice | null {
  return readValue(raw, choiceOf(allowed), `${name}: ${quote(raw)} is not one of ${allowed.join(', ')}.`, problems);
}

function splitList(raw: string): string[] {
  return [
    ...new Set(
      raw
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    ),
  ];
}

function parseApiBase(raw: string | null, context: ParseContext, problems: string[]): string {
  if (raw === null) return context.defaultApiBase;
  let url: URL;
  try {
    url = new URL(raw, context.baseUrl);
  } catch {
    problems.push(`api-base: ${quote(raw)} is not a URL; using ${context.defaultApiBase || 'this page’s origin'}.`);
    return context.defaultApiBase;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    problems.push(
      `api-base: ${quote(raw)} must be an https: or http: URL; using ${context.defaultApiBase || 'this page’s origin'}.`,
    );
    return context.defaultApiBase;
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function parseLeagues(raw: string, problems: string[]): string[] {
  const ids = splitList(raw).map((id) => id.toLowerCase());
  const bad = ids.filter((id) => !v.is(leagueId, id));
  if (bad.length > 0) {
    problems.push(
      `leagues: ${bad.map(quote).join(', ')} ${bad.length === 1 ? 'is not a league id' : 'are not league ids'} (ids look like nba or england_-_premier_league); left out.`,
    );
  }
  return ids.filter((id) => v.is(leagueId, id));
}

function parseBooks(raw: string, problems: string[]): Sportsbook[] | null {
  const names = splitList(raw);
  const read = names.map((name) => v.safeParse(bookName, name));
  const unknown = names.filter((_, index) => read[index]?.success !== true);
  const books = orderSportsbooks(read.flatMap((result) => (result.success ? [result.output] : [])));
  if (unknown.length > 0) {
    problems.push(
      `books: ${unknown.map(quote).join(', ')} ${unknown.length === 1 ? 'is not a supported sportsbook' : 'are not supported sportsbooks'} (supported: ${SPORTSBOOKS.join(', ')}); ${books.length > 0 ? 'left out' : 'showing all ten'}.`,
    );
  }
  return books.length > 0 ? books : null;
}

function parseLegs(raw: string, problems: string[]): SlipLeg[] {
  const { legs, rejectedCount, overLimitCount } = decodeSlip(raw);
  if (rejectedCount > 0) {
    problems.push(
      `legs: ${rejectedCount} ${rejectedCount === 1 ? 'leg' : 'legs'} could not be read (expected the share-link encoding, fixture~market~name, legs separated by commas); ${rejectedCount === 1 ? 'it was' : 'they were'} left out.`,
    );
  }
  if (overLimitCount > 0)
    problems.push(`legs: ${legs.length + overLimitCount} given; ${overLimitWords(overLimitCount)}.`);
  return legs;
}

function parseStake(raw: string, problems: string[]): number | null {
  const problem = `stake: ${quote(raw)} is not an amount from 0 to ${MAX_STAKE.toLocaleString('en-US')}.`;
  return readValue(raw, stakeText, problem, problems);
}

/** Stands in for each placeholder while the template is parsed, so one left in the host shows. */
const PLACEHOLDER_STAND_IN = 'pb-placeholder-0';

/** The template's host when it is fixed (no placeholder in it), carries no user name, and is listed; else why not. */
function affiliateHostProblem(template: string, allowedHosts: readonly string[]): string | null {
  // Parsed as the browser will follow it (URL drops tabs and newlines anywhere, even in the scheme),
  // never read off the text: `ht\ttps://partner.example@elsewhere` must not pass as partner.example.
  let url: URL;
  try {
    url = new URL(template.replace(/\{[^{}]*\}/g, PLACEHOLDER_STAND_IN));
  } catch {
    return 'is not an absolute URL (it must start with https:// or http://)';
  }
  if (url.username !== '' || url.password !== '' || `${url.hostname}:${url.port}`.includes(PLACEHOLDER_STAND_IN))
    return 'has a placeholder or user name in its host, which links from the page address may not have';
  const host = url.hostname.toLowerCase();
  if (allowedHosts.includes(host)) return null;
  const allowed =
    allowedHosts.length === 0 ? 'this site allows none' : `this site allows only ${allowedHosts.join(', ')}`;
  return `goes to ${host}, which is not a partner host for links from the page address (${allowed})`;
}

function parseAffiliateLinks(
  raw: string,
  problems: string[],
  allowedHosts: readonly string[] | undefined,
): Partial<Record<Sportsbook, string>> {
  const json = readValue(
    raw,
    affiliateLinksJson,
    'affiliate-links: not valid JSON (expected {"Book name": "https://…"}); no affiliate links are used.',
    problems,
  );
  if (json === null) return {};
  const parsed = v.safeParse(affiliateLinksObject, json);
  if (!parsed.success) {
    problems.push('affiliate-links: expected a JSON object of book name to URL template; no affiliate links are used.');
    return {};
  }
  const links: Partial<Record<Sportsbook, string>> = {};
  for (const [name, value] of Object.entries(parsed.output)) {
    const book = v.safeParse(bookName, name);
    const template = v.safeParse(affiliateTemplate, value);
    if (!book.success) {
      problems.push(`affiliate-links: ${quote(name)} is not a supported sportsbook; its link is not used.`);
    } else if (!template.success) {
      problems.push(`affiliate-links: the link for ${book.output} is not a text URL; it is not used.`);
    } else {
      const problem =
        affiliateTemplateProblem(template.output) ??
        (allowedHosts === undefined ? null : affiliateHostProblem(template.output, allowedHosts));
      if (problem === null) links[book.output] = template.output;
      else problems.push(`affiliate-links: the link for ${book.output} ${problem}; it is not used.`);
    }
  }
  return links;
}

/** The books left when the host keeps to one region's books; null (all ten) without a region. */
function restrictToRegion(books: Sportsbook[] | null, region: Region | null, problems: string[]): Sportsbook[] | null {
  if (region === null) return books;
  const kept = (books ?? SPORTSBOOKS).filter((book) => sportsbookRegion(book) === region);
  if (kept.length > 0) return kept;
  problems.push(
    `book-region: none of the books given is a ${region.toUpperCase()} book; showing the ${region.toUpperCase()} books.`,
  );
  return sportsbooksOfRegion(region);
}

/** Reads every option; `read` returns an attribute's (or URL parameter's) value, null when absent. */
export function parseWidgetOptions(
  read: (name: WidgetAttribute) => string | null,
  context: ParseContext,
): ParsedWidgetOptions {
  const problems: string[] = [];
  // An empty value counts as not given: `theme=""` is the default theme, not an error.
  const get = (name: WidgetAttribute) => {
    const value = read(name)?.trim();
    return value === undefined || value === '' ? null : value;
  };
  const given = <T>(name: WidgetAttribute, parse: (raw: string) => T): T | null => {
    const raw = get(name);
    return raw === null ? null : parse(raw);
  };

  const storageKey = given('storage-key', (raw) =>
    readValue(
      raw,
      storageKeyText,
      `storage-key: ${quote(raw)} may hold only letters, digits, - and _ (at most 64); nothing is remembered.`,
      problems,
    ),
  );
  const disclosure = given('disclosure', (raw) =>
    readValue(
      raw,
      disclosureText,
      `disclosure: longer than ${MAX_DISCLOSURE_LENGTH} characters; the usual disclosure is shown.`,
      problems,
    ),
  );
  const bookRegion = given('book-region', (raw) => oneOf('book-region', raw, REGIONS, problems));

  const options: WidgetOptions = {
    apiBase: parseApiBase(get('api-base'), context, problems),
    leagues: given('leagues', (raw) => parseLeagues(raw, problems)),
    books: restrictToRegion(
      given('books', (raw) => parseBooks(raw, problems)),
      bookRegion,
      problems,
    ),
    legs: given('legs', (raw) => parseLegs(raw, problems)),
    oddsFormat: given('odds-format', (raw) => oneOf('odds-format', raw, ODDS_FORMATS, problems)),
    stake: given('stake', (raw) => parseStake(raw, problems)),
    theme: given('theme', (raw) => oneOf('theme', raw, THEMES, problems)) ?? 'light',
    affiliateLinks: given('affiliate-links', (raw) => parseAffiliateLinks(raw, problems, context.affiliateHosts)) ?? {},
    region: given('region', (raw) => oneOf('region', raw, REGIONS, problems)) ?? 'us',
    mode: given('mode', (raw) => oneOf('mode', raw, MODES, problems)) ?? 'full',
    storageKey,
    fairValue: given('fair-value', (raw) => {
      const choice = oneOf('fair-value', raw, FAIR_VALUE_CHOICES, problems);
      return choice === null ? null : choice === 'show';
    }),
    controls: given('controls', (raw) => oneOf('controls', raw, CONTROL_SETS, problems)) ?? 'reader',
    disclosure: disclosure ?? DEFAULT_DISCLOSURE,
    bookRegion,
  };
  return { options, problems };
}

/** The odds format the widget shows: the attribute's, else its region's. */
export function effectiveOddsFormat(options: Pick<WidgetOptions, 'oddsFormat' | 'region'>): OddsFormat {
  return options.oddsFormat ?? REGION_ODDS_FORMAT[options.region];
}
