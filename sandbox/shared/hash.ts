/**
 * Deterministic pseudo-randomness. Everything the sandbox invents (schedules, strengths, coverage,
 * shading, drift, failures) is a pure function of the seed and a few labels, so a test that fixes
 * the seed and the clock always sees the same catalog and the same prices.
 */

type HashPart = string | number;

/**
 * 32-bit FNV-1a over the parts (joined by U+001F, without building the joined string: this runs
 * tens of thousands of times per odds answer), finished with a murmur3 mix so nearby inputs scatter.
 */
export function hash32(...parts: readonly HashPart[]): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < parts.length; index++) {
    if (index > 0) {
      hash ^= 0x1f;
      hash = Math.imul(hash, 0x01000193);
    }
    const part = parts[index];
    const text = typeof part === 'string' ? part : String(part);
    for (let position = 0; position < text.length; position++) {
      hash ^= text.charCodeAt(position);
      hash = Math.imul(hash, 0x01000193);
    }
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** A number in [0, 1). */
export function unitHash(...parts: readonly HashPart[]): number {
  return hash32(...parts) / 0x1_0000_0000;
}

/** A number in [-1, 1). */
export function signedUnitHash(...parts: readonly HashPart[]): number {
  return unitHash(...parts) * 2 - 1;
}

/** Roughly standard-normal (sum of three uniforms, rescaled): good enough for team strengths. */
export function normalishHash(...parts: readonly HashPart[]): number {
  const sum = unitHash(...parts, 'a') + unitHash(...parts, 'b') + unitHash(...parts, 'c');
  return (sum - 1.5) * 2;
}

/** Uppercase hex of the given length (up to 16), e.g. for fixture and competitor ids. */
export function hexHash(length: number, ...parts: readonly HashPart[]): string {
  const high = hash32(...parts, 'high')
    .toString(16)
    .padStart(8, '0');
  const low = hash32(...parts, 'low')
    .toString(16)
    .padStart(8, '0');
  return (high + low).slice(0, length).toUpperCase();
}

/** An integer in [min, max]. */
export function intHash(min: number, max: number, ...parts: readonly HashPart[]): number {
  return min + Math.floor(unitHash(...parts) * (max - min + 1));
}

export function pickHash<T>(items: readonly T[], ...parts: readonly HashPart[]): T {
  const item = items[Math.floor(unitHash(...parts) * items.length)];
  if (item === undefined) throw new Error('pickHash needs a non-empty list');
  return item;
}

/** A Fisher-Yates shuffle driven by the hash, so the same parts give the same order. */
export function shuffleHash<T>(items: readonly T[], ...parts: readonly HashPart[]): T[] {
  const shuffled = [...items];
  for (let index = shuffled.length - 1; index > 0; index--) {
    const other = Math.floor(unitHash(...parts, index) * (index + 1));
    const current = shuffled[index] as T;
    shuffled[index] = shuffled[other] as T;
    shuffled[other] = current;
  }
  return shuffled;
}
