/**
 * Stream entry ids as the service writes them: `<epoch ms>-<sequence>` (`1730079534820-2`), in
 * increasing order along a sport's stream; the frame's `id:` is the payload's `entry_id`.
 */
export interface EntryId {
  ms: number;
  seq: number;
}

export function formatEntryId(id: EntryId): string {
  return `${id.ms}-${id.seq}`;
}

/** null when the text is not an entry id. */
export function parseEntryId(text: string): EntryId | null {
  const match = /^(\d{1,16})-(\d{1,9})$/.exec(text.trim());
  return match ? { ms: Number(match[1]), seq: Number(match[2]) } : null;
}

/** Negative when a comes first, positive when b does. */
export function compareEntryIds(a: EntryId, b: EntryId): number {
  return a.ms - b.ms || a.seq - b.seq;
}
