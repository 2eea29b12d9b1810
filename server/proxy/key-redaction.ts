/**
 * A service that repeats the key it was sent (in an error text, a debug header, a header's name)
 * must not hand it to every browser. Every form the key can take in text is cut out: literal in
 * any letter case, JSON `\uXXXX` escapes, percent-encoding (once or twice), hex (bare digits or
 * `\xXX`) and HTML character references (any mix of these, any hex case), and base64 (standard and URL-safe) at each of the three byte alignments, also inside a longer
 * base64 string.
 */

export const KEY_REDACTED = '[redacted]';
/** Shorter "keys" (test stand-ins) would match ordinary text; real keys are far longer. */
const MIN_REDACTED_KEY_LENGTH = 8;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

function hex(value: number, width: number): string {
  return value.toString(16).padStart(width, '0');
}

/** Each way one character of the key may be written: itself, a JSON escape, percent-encoded UTF-8. */
function characterForms(character: string): string {
  const forms = new Set<string>([escapeRegExp(character)]);
  // Either letter case may be escaped (the key is matched in any case).
  for (const variant of new Set([character, character.toLowerCase(), character.toUpperCase()])) {
    for (let index = 0; index < variant.length; index++) forms.add(`\\\\u${hex(variant.charCodeAt(index), 4)}`);
    const bytes = [...new TextEncoder().encode(variant)];
    // A percent-encoded character is one %XX per UTF-8 byte; encoded twice, %25XX.
    forms.add(bytes.map((byte) => `%${hex(byte, 2)}`).join(''));
    forms.add(bytes.map((byte) => `%25${hex(byte, 2)}`).join(''));
    // Hex: the key's bytes as bare hex digits (a hex dump of it) or as \xXX escapes.
    forms.add(bytes.map((byte) => hex(byte, 2)).join(''));
    forms.add(bytes.map((byte) => `\\\\x${hex(byte, 2)}`).join(''));
    // HTML character references, decimal or hex, leading zeros allowed.
    const codePoint = variant.codePointAt(0) ?? 0;
    forms.add(`&#0*${codePoint};`);
    forms.add(`&#x0*${hex(codePoint, 1)};`);
  }
  // JSON may also escape a slash.
  if (character === '/') forms.add('\\\\/');
  return `(?:${[...forms].join('|')})`;
}

/**
 * The part of the key's base64 text that does not depend on the bytes around it, for the key
 * starting `offset` bytes into a 3-byte group: characters wholly inside the key's bits.
 */
function base64Cores(key: Buffer): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const padded = Buffer.concat([Buffer.alloc(offset), key, Buffer.alloc(3)]);
    const text = padded.toString('base64');
    const first = Math.ceil((8 * offset) / 6);
    const end = Math.floor((8 * (offset + key.length)) / 6);
    const core = text.slice(first, end);
    cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...new Set(cores)];
}

export interface KeyRedactor {
  /** The text with every form of the key replaced by `[redacted]`. */
  redact(text: string): string;
  /** Whether the text holds the key in any form (for header names, which are dropped). */
  holdsKey(text: string): boolean;
}

/** Does nothing: for the sandbox's public key and for stand-in keys too short to look for. */
const NO_REDACTION: KeyRedactor = { redact: (text) => text, holdsKey: () => false };

export function createKeyRedactor(apiKey: string): KeyRedactor {
  if (apiKey.length < MIN_REDACTED_KEY_LENGTH) return NO_REDACTION;
  const textual = [...apiKey].map(characterForms).join('');
  const base64 = base64Cores(Buffer.from(apiKey, 'utf8')).map(escapeRegExp);
  // One pass over the text; `i` makes letters and hex digits match in any case (base64 is kept
  // case-sensitive in its own expression, where case carries meaning).
  const textualPattern = new RegExp(textual, 'gi');
  const base64Pattern = new RegExp(base64.join('|'), 'g');
  const redact = (text: string) => text.replace(textualPattern, KEY_REDACTED).replace(base64Pattern, KEY_REDACTED);
  return {
    redact,
    holdsKey: (text) => redact(text) !== text,
  };
}
