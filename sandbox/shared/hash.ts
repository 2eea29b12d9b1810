/**
 * Deterministic pseudo-randomness. Everything the sandbox invents (schedules, strengths, coverage,
 * shading, drift, failures) is a pure function of the seed and a few labels, so a test that fixes
 * the seed and the clock always sees the same catalog and the same prices.
 */

type HashPart = string | number;

const FNV_PRIME = 0x01000193;
/** Room for the digits of any safe integer. */
const digits = new Uint8Array(16);

/** FNV-1a over an integer's decimal text (as String(value) spells it), without making the string. */
function mixInteger(start: number, value: number): number {
  let hash = start;
  let rest = value;
  if (rest < 0) {
    hash = Math.imul(hash ^ 0x2d, FNV_PRIME);
    rest = -rest;
  }
  let count = 0;
  do {
    digits[count++] = 0x30 + (rest % 10);
    rest = Math.floor(rest / 10);
  } while (rest > 0);
  while (count > 0) hash = Math.imul(hash ^ (digits[--count] ?? 0), FNV_PRIME);
  return hash;
}

function mixText(start: number, text: string): number {
  let hash = start;
  for (let position = 0; position < text.length; position++)
    hash = Math.imul(hash ^ text.charCodeAt(position), FNV_PRIME);
  return hash;
}

function mixPart(hash: number, part: HashPart): number {
  if (typeof part === 'string') return mixText(hash, part);
  // Integers (ids, indices, moments in ms) hash their digits directly: String() of a number past
  // the small-integer range allocates and, once V8's number-to-string cache misses, costs more than
  // the rest of the hash.
  return Number.isSafeInteger(part) ? mixInteger(hash, part) : mixText(hash, String(part));
}

/**
 * 32-bit FNV-1a over the parts (joined by U+001F, without building the joined string: this runs
 * tens of thousands of times per odds answer), then `last` if given, finished with a murmur3 mix
 * so nearby inputs scatter. Taking the parts as an array spares the variadic helpers below a
 * spread call each (`last` is the part some of them add).
 */
function hashOf(parts: readonly HashPart[], last?: HashPart): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < parts.length; index++) {
    if (index > 0) hash = Math.imul(hash ^ 0x1f, FNV_PRIME);
    hash = mixPart(hash, parts[index] as HashPart);
  }
  if (last !== undefined) {
    if (parts.length > 0) hash = Math.imul(hash ^ 0x1f, FNV_PRIME);
    hash = mixPart(hash, last);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

export function hash32(...parts: readonly HashPart[]): number {
  return hashOf(parts);
}

/** hashOf scaled into [0, 1). */
function unitOf(parts: readonly HashPart[], last?: HashPart): number {
  return hashOf(parts, last) / 0x1_0000_0000;
}

/** A number in [0, 1). */
export function unitHash(...parts: readonly HashPart[]): number {
  return unitOf(parts);
}

/** A number in [-1, 1). */
export function signedUnitHash(...parts: readonly HashPart[]): number {
  return unitOf(parts) * 2 - 1;
}

/** Roughly standard-normal (sum of three uniforms, rescaled): good enough for team strengths. */
export function normalishHash(...parts: readonly HashPart[]): number {
  const sum = unitOf(parts, 'a') + unitOf(parts, 'b') + unitOf(parts, 'c');
  return (sum - 1.5) * 2;
}

/** Uppercase hex of the given length (up to 16), e.g. for fixture and competitor ids. */
export function hexHash(length: number, ...parts: readonly HashPart[]): string {
  const high = hashOf(parts, 'high').toString(16).padStart(8, '0');
  const low = hashOf(parts, 'low').toString(16).padStart(8, '0');
  return (high + low).slice(0, length).toUpperCase();
}

/** An integer in [min, max]. */
export function intHash(min: number, max: number, ...parts: readonly HashPart[]): number {
  return min + Math.floor(unitOf(parts) * (max - min + 1));
}

export function pickHash<T>(items: readonly T[], ...parts: readonly HashPart[]): T {
  const item = items[Math.floor(unitOf(parts) * items.length)];
  if (item === undefined) throw new Error('pickHash needs a non-empty list');
  return item;
}

/** A Fisher-Yates shuffle driven by the hash, so the same parts give the same order. */
export function shuffleHash<T>(items: readonly T[], ...parts: readonly HashPart[]): T[] {
  const shuffled = [...items];
  for (let index = shuffled.length - 1; index > 0; index--) {
    const other = Math.floor(unitOf(parts, index) * (index + 1));
    const current = shuffled[index] as T;
    shuffled[index] = shuffled[other] as T;
    shuffled[other] = current;
  }
  return shuffled;
}
