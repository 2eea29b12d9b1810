import { describe, expect, it } from 'vitest';
import { createKeyRedactor, KEY_REDACTED } from './key-redaction.ts';
import { encodedKeyForms } from '../testing/fault-upstream.ts';
import { withoutKey } from './upstream-call.ts';

// Letters of both cases, digits, '-', '_' and '/': every character class a real key could have.
const KEY = 'Canary-7f3a9E_odds/k3y';
const redactor = createKeyRedactor(KEY);
const hex = (code: number, width: number) => code.toString(16).padStart(width, '0');

function cut(text: string): string {
  return redactor.redact(text);
}

describe('every form of the key is cut from text', () => {
  it('literal, and in any letter case', () => {
    expect(cut(`{"error":"bad key ${KEY}"}`)).toBe(`{"error":"bad key ${KEY_REDACTED}"}`);
    expect(cut(`key=${KEY.toUpperCase()};`)).toBe(`key=${KEY_REDACTED};`);
    expect(cut(`key=${KEY.toLowerCase()};`)).toBe(`key=${KEY_REDACTED};`);
    expect(cut(`(${encodedKeyForms(KEY).mixedCase})`)).toBe(`(${KEY_REDACTED})`);
  });

  it('JSON \\u escapes: every character, some of them, upper- or lower-case hex, an escaped slash', () => {
    const all = [...KEY].map((character) => `\\u${hex(character.charCodeAt(0), 4)}`).join('');
    const someUpperHex = [...KEY]
      .map((character, index) => (index % 2 ? character : `\\u${hex(character.charCodeAt(0), 4).toUpperCase()}`))
      .join('');
    const escapedSlash = KEY.replace('/', '\\/');
    const upperCaseEscaped = [...KEY.toUpperCase()]
      .map((character) => `\\u${hex(character.charCodeAt(0), 4)}`)
      .join('');
    for (const form of [all, someUpperHex, escapedSlash, upperCaseEscaped]) {
      expect(cut(`{"echo":"${form}"}`), form).toBe(`{"echo":"${KEY_REDACTED}"}`);
      // The form really is the key: JSON reads it back as the key (in some letter case).
      expect((JSON.parse(`{"echo":"${form}"}`) as { echo: string }).echo.toLowerCase(), form).toBe(KEY.toLowerCase());
    }
  });

  it('percent-encoding: every character, some of them, either hex case, mixed with JSON escapes', () => {
    const all = [...KEY].map((character) => `%${hex(character.charCodeAt(0), 2).toUpperCase()}`).join('');
    const some = [...KEY]
      .map((character, index) => (index % 3 ? character : `%${hex(character.charCodeAt(0), 2)}`))
      .join('');
    const mixed = [...KEY]
      .map((character, index) =>
        index % 3 === 0
          ? `%${hex(character.charCodeAt(0), 2)}`
          : index % 3 === 1
            ? `\\u${hex(character.charCodeAt(0), 4)}`
            : character,
      )
      .join('');
    for (const form of [all, some, mixed]) {
      expect(cut(`https://x.example/?k=${form}&a=1`), form).toBe(`https://x.example/?k=${KEY_REDACTED}&a=1`);
    }
    expect(decodeURIComponent(all)).toBe(KEY);
  });

  it('hex, HTML character references and double percent-encoding, alone or mixed', () => {
    const bytes = [...Buffer.from(KEY, 'utf8')];
    const hexDump = bytes.map((byte) => hex(byte, 2)).join('');
    const hexEscapes = bytes.map((byte) => `\\x${hex(byte, 2).toUpperCase()}`).join('');
    const decimalEntities = [...KEY].map((character) => `&#${character.charCodeAt(0)};`).join('');
    const hexEntities = [...KEY].map((character) => `&#x00${hex(character.charCodeAt(0), 2)};`).join('');
    const doublePercent = bytes.map((byte) => `%25${hex(byte, 2)}`).join('');
    const mixed = [...KEY]
      .map((character, index) =>
        index % 3 === 0
          ? `&#${character.charCodeAt(0)};`
          : index % 3 === 1
            ? hex(character.charCodeAt(0), 2)
            : character,
      )
      .join('');
    for (const form of [
      hexDump,
      hexDump.toUpperCase(),
      hexEscapes,
      decimalEntities,
      hexEntities,
      doublePercent,
      mixed,
    ]) {
      expect(cut(`<p>echo: ${form}</p>`), form).toBe(`<p>echo: ${KEY_REDACTED}</p>`);
    }
    // They really are the key.
    expect(Buffer.from(hexDump, 'hex').toString('utf8')).toBe(KEY);
    expect(decodeURIComponent(decodeURIComponent(doublePercent))).toBe(KEY);
  });

  it('base64 and URL-safe base64 at all three byte alignments, also inside a longer base64 string', () => {
    for (const offset of [0, 1, 2]) {
      for (const tail of ['', '!', 'xy', ' trailing bytes']) {
        const bytes = Buffer.concat([Buffer.from('abc'.slice(0, offset)), Buffer.from(KEY), Buffer.from(tail)]);
        const standard = bytes.toString('base64');
        const urlSafe = bytes.toString('base64url');
        for (const encoded of [standard, urlSafe]) {
          const scrubbed = cut(`token ${encoded} end`);
          expect(scrubbed, `${offset} ${tail} ${encoded}`).toContain(KEY_REDACTED);
          // Whatever is left of the base64 text no longer decodes to anything holding the key.
          const left = scrubbed
            .replace(/^token |\send$/g, '')
            .split(KEY_REDACTED)
            .join('');
          expect(Buffer.from(left, 'base64').toString('latin1')).not.toContain(KEY.slice(2, -2));
        }
      }
    }
  });

  it('leaves text without the key alone, and does nothing for stand-in keys too short to look for', () => {
    const text = '{"data":[{"market":"Moneyline","name":"Boston Celtics","price":-110}]}';
    expect(cut(text)).toBe(text);
    expect(createKeyRedactor('k').redact('a k in text')).toBe('a k in text');
  });
});

describe('withoutKey on an answer', () => {
  const answer = (text: string, headers: Record<string, string>) => ({
    status: 500,
    headers: new Map(Object.entries(headers)),
    text,
    bytes: Buffer.from(text, 'utf8'),
  });
  // A header name cannot hold '/', so this key has none.
  const HEADER_SAFE_KEY = 'Canary-7f3a9E_oddsk3y';
  const headerSafe = createKeyRedactor(HEADER_SAFE_KEY);

  it('cuts every form from the body and header values, and drops a header whose name holds the key', () => {
    const forms = Object.values(encodedKeyForms(HEADER_SAFE_KEY));
    const headers: Record<string, string> = {
      'x-debug': `k=${HEADER_SAFE_KEY}`,
      [`x-latency-${HEADER_SAFE_KEY.toLowerCase()}`]: '12',
      'content-type': 'application/json',
    };
    forms.forEach((form, index) => (headers[`x-echo-${index}`] = form));
    const scrubbed = withoutKey(answer(`{"error":"${forms.join(' ')}"}`, headers), headerSafe);
    const text = scrubbed.text;
    // What is passed on is the bytes: the same scrubbed text.
    expect(scrubbed.bytes.toString('utf8')).toBe(text);
    // One cut per form (base64 keeps the characters that also carry its neighbours' bits).
    expect(text.split(KEY_REDACTED)).toHaveLength(forms.length + 1);
    expect(headerSafe.holdsKey(text)).toBe(false);
    expect(text.toLowerCase()).not.toContain(HEADER_SAFE_KEY.toLowerCase());
    expect(scrubbed.headers.get('x-debug')).toBe(`k=${KEY_REDACTED}`);
    expect(scrubbed.headers.get('content-type')).toBe('application/json');
    expect([...scrubbed.headers.keys()].filter((name) => name.startsWith('x-latency-'))).toEqual([]);
    for (const value of scrubbed.headers.values()) expect(headerSafe.holdsKey(value), value).toBe(false);
  });
});
