/**
 * Vitest reporter: after the run, one line with the property-based runs made (tests record them
 * through src/test/fuzz.ts), so `npm test` shows how hard the parsers were fuzzed.
 */
import type { Reporter, TestModule } from 'vitest/node';

export const FUZZ_RUNS_FLOOR = 10_000;

export default class FuzzReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let runs = 0;
    let properties = 0;
    const files = new Set<string>();
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const counted = test.meta().fuzzRuns;
        if (counted === undefined) continue;
        runs += counted;
        properties += 1;
        files.add(module.moduleId.replace(`${process.cwd()}/`, ''));
      }
    }
    if (properties === 0) return;
    const floor =
      runs >= FUZZ_RUNS_FLOOR ? '' : ` (under the ${FUZZ_RUNS_FLOOR.toLocaleString('en-US')} of a full run)`;
    console.log(
      `\nfuzz: ${runs.toLocaleString('en-US')} runs across ${properties} properties in ${files.size} files${floor}`,
    );
  }
}
