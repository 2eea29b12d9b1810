/**
 * An answer ready to send as it is: its bytes once, each compressed form (brotli, gzip) made once
 * on first demand and kept, and a strong ETag for each form. A request answered from one does no
 * JSON work, no key scrub and no compression: it picks a form by Accept-Encoding and writes bytes.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

export type ContentCoding = 'br' | 'gzip' | 'identity';

/** Below this, compressing saves less than its own headers cost: always sent as is. */
const MIN_COMPRESSED_BYTES = 1_024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli at quality 5 and gzip at level 6: within a few percent of their best sizes on JSON, at a
 * small fraction of the time (quality 11 takes ~100 ms a megabyte). Run on libuv's thread pool, so
 * a large answer being compressed never blocks other requests.
 */
function compress(coding: Exclude<ContentCoding, 'identity'>, bytes: Buffer): Promise<Buffer> {
  if (coding === 'br') {
    return brotliAsync(bytes, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
  }
  return gzipAsync(bytes, { level: 6 });
}

const ETAG_SUFFIX: Record<ContentCoding, string> = { identity: '', br: '-br', gzip: '-gz' };

export class PreparedAnswer {
  readonly status: number;
  /** The upstream's headers that are passed on (timings, Retry-After, rate-limit figures). */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  /** A digest of the body: the same bytes always get the same tag, on every instance. */
  readonly tag: string;
  readonly #compressed = new Map<Exclude<ContentCoding, 'identity'>, Promise<Buffer>>();

  constructor(status: number, headers: Readonly<Record<string, string>>, body: Buffer, tag?: string) {
    this.status = status;
    this.headers = headers;
    this.body = body;
    this.tag = tag ?? createHash('sha256').update(body).digest('base64url').slice(0, 27);
  }

  static fromText(status: number, headers: Readonly<Record<string, string>>, text: string): PreparedAnswer {
    return new PreparedAnswer(status, headers, Buffer.from(text, 'utf8'));
  }

  /** Bytes of memory it holds, counting compressed forms at a generous estimate before they exist. */
  get sizeBytes(): number {
    return Math.ceil(this.body.length * 1.5) + 256;
  }

  /** The form to send: the best one the client takes, or the body as is when it is small. */
  codingFor(acceptEncoding: string | undefined): ContentCoding {
    return this.body.length < MIN_COMPRESSED_BYTES ? 'identity' : chooseCoding(acceptEncoding);
  }

  /** A strong validator of one form: forms differ in bytes, so each has its own. */
  etag(coding: ContentCoding): string {
    return `"${this.tag}${ETAG_SUFFIX[coding]}"`;
  }

  /** The bytes of one form, compressed the first time it is asked for and kept. */
  bytes(coding: ContentCoding): Buffer | Promise<Buffer> {
    if (coding === 'identity') return this.body;
    let made = this.#compressed.get(coding);
    if (made === undefined) {
      made = compress(coding, this.body);
      // A failed compression is not kept: the next request tries again.
      made.catch(() => this.#compressed.delete(coding));
      this.#compressed.set(coding, made);
    }
    return made;
  }
}

/** The q-value of one Accept-Encoding member (`gzip;q=0.5`): 1 without one, 0 when unreadable. */
function qualityOf(parameters: string[]): number {
  for (const parameter of parameters) {
    const [name, value] = parameter.split('=');
    if (name?.trim().toLowerCase() !== 'q') continue;
    const quality = Number(value?.trim());
    return Number.isFinite(quality) && quality >= 0 && quality <= 1 ? quality : 0;
  }
  return 1;
}

/**
 * Brotli when the client takes it at least as gladly as gzip, else gzip, else the body as is
 * (RFC 9110 12.5.3: a coding with q=0 is refused; `*` stands for any coding not named).
 */
export function chooseCoding(acceptEncoding: string | undefined): ContentCoding {
  if (acceptEncoding === undefined || acceptEncoding === '') return 'identity';
  const named = new Map<string, number>();
  for (const member of acceptEncoding.slice(0, 1_000).split(',')) {
    const [token = '', ...parameters] = member.split(';');
    const name = token.trim().toLowerCase();
    if (name !== '') named.set(name === 'x-gzip' ? 'gzip' : name, qualityOf(parameters));
  }
  const any = named.get('*') ?? 0;
  const brotli = named.get('br') ?? any;
  const gzipQuality = named.get('gzip') ?? any;
  if (brotli > 0 && brotli >= gzipQuality) return 'br';
  if (gzipQuality > 0) return 'gzip';
  return 'identity';
}

/**
 * Whether If-None-Match names this ETag (weak comparison, as RFC 9110 13.1.2 asks for
 * If-None-Match: a `W/` prefix is ignored), or is `*`.
 */
export function matchesIfNoneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const listed = ifNoneMatch.slice(0, 4_000).trim();
  if (listed === '*') return true;
  for (const member of listed.split(',')) {
    const tag = member.trim();
    if ((tag.startsWith('W/') ? tag.slice(2) : tag) === etag) return true;
  }
  return false;
}
