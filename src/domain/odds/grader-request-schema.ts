/**
 * The one set of rules for a POST /grader/odds body, used by our server (before it spends an
 * upstream call) and by the sandbox (as the odds service): a JSON object whose `selections` is a
 * list of 1 to 25 objects, each with `fixture_id`, `market` (the market's display label) and `name`,
 * and optionally `player_id`. Every problem is named field by field, in field order, one per field.
 */
import * as v from 'valibot';
import { isRecord } from '../records.ts';
import { isFixtureId } from './parlay.ts';
import { issuePath, readBodyObject } from './parlay-request-schema.ts';

/** The most selections the service grades in one call. */
export const MAX_GRADED_SELECTIONS = 25;
const MAX_TEXT_LENGTH = 200;

interface GraderSelection {
  fixture_id: string;
  /** The market's display label (`Moneyline`, `Point Spread`), as the grader asks. */
  market: string;
  name: string;
  player_id?: string;
}

export interface GraderRequestBody {
  selections: GraderSelection[];
}

export type GraderRequestCheck =
  | { kind: 'valid'; body: GraderRequestBody }
  | { kind: 'unreadable'; message: string }
  | { kind: 'invalid'; problems: string[] };

/** Each side's words; the path (`selections[1].market: `) is put before the field's. */
export interface GraderRequestWording {
  notJson: string;
  notObject: string;
  required: string;
  notString: string;
  selectionsNotArray: string;
  selectionCount: (count: number) => string;
  selectionNotObject: string;
  emptyText: string;
  textTooLong: (maxLength: number) => string;
  badFixtureId: string;
}

function graderRequestSchema(wording: GraderRequestWording) {
  const requiredOr = (wrongType: string) => (issue: v.BaseIssue<unknown>) =>
    issue.input === undefined || issue.input === null ? wording.required : wrongType;
  const text = v.pipe(
    v.string(requiredOr(wording.notString)),
    v.check((value) => value.trim() !== '', wording.emptyText),
    v.maxLength(MAX_TEXT_LENGTH, wording.textTooLong(MAX_TEXT_LENGTH)),
  );
  const selection = v.pipe(
    v.custom<Record<string, unknown>>(isRecord, wording.selectionNotObject),
    v.object(
      {
        fixture_id: v.pipe(
          text,
          v.check((id: string) => isFixtureId(id), wording.badFixtureId),
        ),
        market: text,
        name: text,
        player_id: v.optional(text),
      },
      wording.required,
    ),
  );
  const selections = v.pipe(
    v.array(v.unknown(), requiredOr(wording.selectionsNotArray)),
    v.minLength(1, (issue) => wording.selectionCount(issue.input.length)),
    v.maxLength(MAX_GRADED_SELECTIONS, (issue) => wording.selectionCount(issue.input.length)),
    v.array(selection),
  );
  return v.object({ selections }, wording.required);
}

/** The checker for one side, its schema built once in that side's words. */
export function createGraderRequestCheck(wording: GraderRequestWording): (bodyText: string) => GraderRequestCheck {
  const schema = graderRequestSchema(wording);
  return (bodyText) => {
    const body = readBodyObject(bodyText, wording);
    if (typeof body === 'string') return { kind: 'unreadable', message: body };
    const result = v.safeParse(schema, body, { abortPipeEarly: true });
    if (result.success) {
      const selections = result.output.selections.map(({ fixture_id, market, name, player_id }) =>
        player_id === undefined ? { fixture_id, market, name } : { fixture_id, market, name, player_id },
      );
      return { kind: 'valid', body: { selections } };
    }
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const issue of result.issues) {
      const path = issuePath(issue);
      if (seen.has(path)) continue;
      seen.add(path);
      problems.push(`${path}: ${issue.message}`);
    }
    return { kind: 'invalid', problems };
  };
}
