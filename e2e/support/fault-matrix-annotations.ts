/**
 * How the matrix tests tell the reporter what they are: a table, a case (the row's label) and,
 * after the test, what the user saw. e2e/support/fault-matrix-reporter.ts prints the tables after the run.
 */
import type { TestInfo } from '@playwright/test';

export const MATRIX = {
  faults: 'Fault matrix (e2e, real browser, fault server behind our server in live mode)',
  storedState: 'Stored state (e2e, real browser)',
} as const;

export const ANNOTATION = { table: 'matrix-table', case: 'matrix-case', saw: 'saw' } as const;

export function annotateCase(testInfo: TestInfo, table: string, label: string): void {
  testInfo.annotations.push(
    { type: ANNOTATION.table, description: table },
    { type: ANNOTATION.case, description: label },
  );
}

export function annotateSaw(testInfo: TestInfo, saw: string): void {
  testInfo.annotations.push({ type: ANNOTATION.saw, description: saw });
}
