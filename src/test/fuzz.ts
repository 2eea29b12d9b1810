/**
 * Property-based ("fuzz") checks that count their runs: each records how many runs it made in its
 * test's meta, and scripts/fuzz-reporter.ts prints the total at the end of `vitest run`.
 */
import fc from 'fast-check';
import type { TestContext } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** Runs a property made, for the fuzz line in the test output. */
    fuzzRuns?: number;
  }
}

/** Runs one property (sync or async) `numRuns` times; fails the test with fast-check's report. */
export async function checkProperty<Ts>(
  context: TestContext,
  property: fc.IRawProperty<Ts>,
  numRuns: number,
): Promise<void> {
  const details = await fc.check(property, { numRuns });
  context.task.meta.fuzzRuns = details.numRuns;
  if (details.failed) throw new Error(fc.defaultReportMessage(details) ?? 'The property failed.');
}

/** Values no JSON parser produces, for parsers that take `unknown`. */
const oddValues = fc.constantFrom<unknown>(
  undefined,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  -0,
  Symbol('x'),
  () => 1,
  new Date(0),
  [],
  {},
  '',
);

/** Anything at all, weighted towards JSON. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue(), weight: 4 },
  { arbitrary: oddValues, weight: 1 },
);

/** Mostly the valid value, anything at all once in `oneIn` (default 5). */
export function mostly<T>(valid: fc.Arbitrary<T>, oneIn = 5): fc.Arbitrary<T | unknown> {
  return fc.oneof({ arbitrary: valid, weight: oneIn - 1 }, { arbitrary: anyValue, weight: 1 });
}
