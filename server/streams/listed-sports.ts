/**
 * The sports the service lists (`GET /sports`, ids): only these are streamed, so a browser asking
 * for made-up sports opens no upstream stream (the service would answer each with an empty stream,
 * or refuse it). The list is asked once an hour (a failed ask again after 5 s, meanwhile
 * the last list known is used); until one has ever arrived, whether a sport is listed is unknown.
 */
import { isRecord } from '../../src/domain/records.ts';
import type { FetchServiceJson } from './odds-snapshot.ts';
import type { StreamClock } from './stream-clock.ts';

const LIST_KEPT_MS = 60 * 60_000;
const RETRY_AFTER_FAILURE_MS = 5_000;

function sportIdsOf(answer: unknown): Set<string> | null {
  if (!isRecord(answer) || !Array.isArray(answer.data)) return null;
  const ids = new Set<string>();
  for (const sport of answer.data) if (isRecord(sport) && typeof sport.id === 'string') ids.add(sport.id.toLowerCase());
  return ids.size === 0 ? null : ids;
}

export class ListedSports {
  readonly #fetchJson: FetchServiceJson;
  readonly #clock: StreamClock;
  #sports: Set<string> | null = null;
  /** When the list should next be asked for. */
  #nextAskAt = Number.NEGATIVE_INFINITY;
  #asking: Promise<void> | null = null;

  constructor(fetchJson: FetchServiceJson, clock: StreamClock) {
    this.#fetchJson = fetchJson;
    this.#clock = clock;
  }

  /** Whether the service lists the sport; null when no list could be had yet. */
  async isListed(sport: string): Promise<boolean | null> {
    if (this.#clock.now() >= this.#nextAskAt) this.#asking ??= this.#ask();
    // An older list answers while a newer one is on its way.
    if (this.#sports === null && this.#asking !== null) await this.#asking;
    return this.#sports === null ? null : this.#sports.has(sport);
  }

  async #ask(): Promise<void> {
    try {
      const sports = sportIdsOf(await this.#fetchJson('/sports', new URLSearchParams()).catch(() => null));
      if (sports !== null) this.#sports = sports;
      this.#nextAskAt = this.#clock.now() + (sports === null ? RETRY_AFTER_FAILURE_MS : LIST_KEPT_MS);
    } finally {
      this.#asking = null;
    }
  }
}
