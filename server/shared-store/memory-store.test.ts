/**
 * The memory store's bound counts what it really holds: values as UTF-8 bytes of their own, so
 * text with one character past Latin-1 (which V8 keeps at two bytes a character) is not held at
 * twice the bound. Measured on this process's heap and buffers, after a collection.
 */
import { describe, expect, it } from 'vitest';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MemoryStore } from './memory-store.ts';

describe('the memory store bound', () => {
  it('counts what it holds, also for text past Latin-1 (which V8 keeps at two bytes a character)', async () => {
    const gc = globalGc();
    const bound = 32 * 1024 * 1024;
    const store = new MemoryStore({ maxBytes: bound, maxMembersPerWindow: 10 });
    gc();
    const before = heldBytes();
    // Mostly ASCII with one Polish letter: 1 MB as UTF-8, 2 MB as a V8 string.
    for (let index = 0; index < 64; index++) await store.set(`k${index}`, `${'a'.repeat(1024 * 1024 - 2)}ł`, 60_000);
    // What the store let go is freed by V8's collector in the background (an evicted Buffer's memory
    // leaves `arrayBuffers` only once swept): measure after collections until the figure settles.
    let grown = Infinity;
    for (let attempt = 0; attempt < 20 && grown >= bound * 1.25; attempt++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 100));
      grown = Math.min(grown, heldBytes() - before);
    }
    expect(grown).toBeLessThan(bound * 1.25);
    const kept = await store.get('k63');
    expect(kept?.endsWith('ł')).toBe(true);
    expect(kept).toHaveLength(1024 * 1024 - 1);
  });
});

function heldBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/** V8's collector, made callable at run time (no --expose-gc flag for the test runner). */
function globalGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
