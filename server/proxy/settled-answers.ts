/**
 * Whether an answer about games can still change: a finished (or called-off) game's history,
 * result and grades never do, so they are kept far longer than an open game's (answer-cache.ts,
 * FreshnessPolicy.settled). Read from the answer's `status` fields once, when it arrives; anything
 * unexpected reads as open (the shorter freshness), never as settled.
 */
import type { PreparedAnswer } from './prepared-answer.ts';

/** How long a settled answer is kept fresh: a day (it will not change; a day bounds what is held). */
export const SETTLED_FRESH_MS = 24 * 3_600_000;

const FINAL_STATUSES = new Set(['completed', 'cancelled']);
const STATUS_FIELD = /"status"\s*:\s*"([A-Za-z_ -]{1,30})"/g;
/** An errors list with something in it (POST /grader/odds): a selection not graded may be later. */
const SOME_ERROR = /"errors"\s*:\s*\[\s*\{/;

function settledText(text: string): boolean {
  let seen = 0;
  for (const [, status] of text.matchAll(STATUS_FIELD)) {
    if (status === undefined || !FINAL_STATUSES.has(status.toLowerCase())) return false;
    seen++;
  }
  return seen > 0 && !SOME_ERROR.test(text);
}

/** Results and grades: small answers, every game's status read. */
export function everyGameOver(answer: PreparedAnswer): boolean {
  return answer.status === 200 && settledText(answer.body.toString('utf8'));
}

/**
 * A historical-odds answer: one fixture, whose fields (its status among them) come before its odds,
 * which can run to megabytes; only the head is read.
 */
const FIXTURE_HEAD_BYTES = 16 * 1024;

export function historyOfFinishedGame(answer: PreparedAnswer): boolean {
  if (answer.status !== 200) return false;
  const head = answer.body.subarray(0, FIXTURE_HEAD_BYTES).toString('utf8');
  const oddsAt = head.indexOf('"odds"');
  // The fixture's own fields only: an odd never carries a status, but a fixture cut off before its odds is not read.
  return oddsAt > 0 && settledText(head.slice(0, oddsAt));
}
