// Odds-stream readers for the live section, each on its own connection from a loopback address of
// its own group (the per-client stream cap counts by address, as it counts browsers). Every open
// has a deadline: one that gets no answer in time is dropped, not waited for.
import http from 'node:http';

const OPEN_TIMEOUT_MS = 10_000;
/** Longest marker a reader looks for: a marker split across two chunks is found in the join. */
const MARKER_OVERLAP = 64;
const CONNECTED = 'event: connected';

/**
 * A reader that never connected: refused (a status other than 200), failed, or out of time.
 */
function refusedReader(why) {
  return { connected: false, ended: true, refused: why, bytes: 0, seenAt: new Map(), watch() {}, close() {} };
}

/** The rows of an odds frame (`event: odds` or `locked-odds`), or null for any other frame. */
function rowsOf(block) {
  const event = /^event: ?(.*)$/m.exec(block)?.[1];
  if (event !== 'odds' && event !== 'locked-odds') return null;
  const data = block
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trimStart())
    .join('\n');
  return JSON.parse(data).data ?? [];
}

/**
 * Opens one stream. The reader counts bytes, notes when each string it was told to `watch` first
 * arrived (`seenAt`: a Buffer search per chunk, no parsing, so thousands of readers stay cheap),
 * and is `ended` when the server ended it. `onRows`: every odds frame's rows, parsed (for a reader
 * that must see every change).
 */
export function openReader(url, { localAddress, timeoutMs = OPEN_TIMEOUT_MS, onRows } = {}) {
  return new Promise((resolve) => {
    const request = http.request(url, { agent: false, localAddress, headers: { accept: 'text/event-stream' } });
    const timer = setTimeout(() => {
      request.destroy();
      resolve(refusedReader(`no answer in ${timeoutMs} ms`));
    }, timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      resolve(refusedReader(String(error?.code ?? error?.message ?? error)));
    });
    request.on('response', (response) => {
      clearTimeout(timer);
      if (response.statusCode !== 200) {
        response.resume();
        request.destroy();
        resolve(refusedReader(`answered ${response.statusCode}`));
        return;
      }
      const unseen = new Set();
      const reader = {
        connected: false,
        ended: false,
        refused: null,
        bytes: 0,
        seenAt: new Map(),
        closedByUs: false,
        watch(marker) {
          unseen.add(marker);
        },
        close() {
          reader.closedByUs = true;
          request.destroy();
        },
      };
      let tail = Buffer.alloc(0);
      let text = '';
      response.on('data', (chunk) => {
        reader.bytes += chunk.length;
        const joint = Buffer.concat([tail, chunk.subarray(0, MARKER_OVERLAP)]);
        if (!reader.connected && (chunk.includes(CONNECTED) || joint.includes(CONNECTED))) reader.connected = true;
        for (const marker of unseen) {
          if (chunk.includes(marker) || joint.includes(marker)) {
            reader.seenAt.set(marker, Date.now());
            unseen.delete(marker);
          }
        }
        tail = chunk.subarray(Math.max(0, chunk.length - MARKER_OVERLAP));
        if (!onRows) return;
        text += chunk.toString('utf8');
        for (let end = text.indexOf('\n\n'); end !== -1; end = text.indexOf('\n\n')) {
          const rows = rowsOf(text.slice(0, end));
          text = text.slice(end + 2);
          if (rows) onRows(rows);
        }
      });
      const ended = () => {
        if (!reader.closedByUs) reader.ended = true;
      };
      response.on('close', ended);
      response.on('error', ended);
      resolve(reader);
    });
    request.end();
  });
}

/** The loopback address of reader `index`, `perAddress` readers to an address. */
function addressOf(index, perAddress) {
  const group = Math.floor(index / perAddress);
  return `127.0.${1 + Math.floor(group / 250)}.${2 + (group % 250)}`;
}

/**
 * Opens `count` readers, `batch` at a time (each with its deadline), reader `index` asking for
 * `pathFor(index)`; `firstIndex` numbers them after readers opened earlier. Stops between batches
 * once `signal` aborts.
 */
export async function openMany(
  origin,
  count,
  { pathFor, firstIndex = 0, perAddress = 10, batch = 50, timeoutMs = OPEN_TIMEOUT_MS, signal, log = () => {} } = {},
) {
  const readers = [];
  const startedAt = Date.now();
  for (let start = firstIndex; start < firstIndex + count; start += batch) {
    signal?.throwIfAborted();
    const opening = [];
    for (let index = start; index < Math.min(firstIndex + count, start + batch); index++)
      opening.push(openReader(`${origin}${pathFor(index)}`, { localAddress: addressOf(index, perAddress), timeoutMs }));
    readers.push(...(await Promise.all(opening)));
    if (readers.length % 500 < batch || readers.length === count) {
      const refused = readers.filter((reader) => reader.refused).length;
      const tookS = ((Date.now() - startedAt) / 1000).toFixed(1);
      log(`  live: ${readers.length} of ${count} readers opened in ${tookS} s (${refused} refused)`);
    }
  }
  return readers;
}
