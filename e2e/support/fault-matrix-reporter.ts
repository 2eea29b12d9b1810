/**
 * Prints the matrix tables after the run: one row per matrix test (fault or stored-state case,
 * what the user saw, pass/fail), from the tests' annotations (e2e/support/fault-matrix-annotations.ts).
 */
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { ANNOTATION } from './fault-matrix-annotations.ts';

interface Row {
  case: string;
  saw: string;
  result: string;
}

const SAW_WIDTH = 150;

function cell(text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const cut = flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
  return cut.padEnd(width);
}

export default class FaultMatrixReporter implements Reporter {
  private readonly tables = new Map<string, Map<string, Row>>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const annotations = result.annotations.length > 0 ? result.annotations : test.annotations;
    const find = (type: string) => annotations.find((annotation) => annotation.type === type)?.description;
    const table = find(ANNOTATION.table);
    const label = find(ANNOTATION.case);
    if (table === undefined || label === undefined) return;
    const outcome =
      result.status === 'passed' ? 'pass' : result.status === 'skipped' ? 'skipped' : `FAIL (${result.status})`;
    const rows = this.tables.get(table) ?? new Map<string, Row>();
    // A retry replaces the row: the last attempt is the result.
    rows.set(test.id, { case: label, saw: find(ANNOTATION.saw) ?? '(nothing recorded)', result: outcome });
    this.tables.set(table, rows);
  }

  onEnd(_result: FullResult): void {
    for (const [table, byTest] of this.tables) {
      const rows = [...byTest.values()];
      const caseWidth = Math.max(5, ...rows.map((row) => row.case.length));
      const sawWidth = Math.min(SAW_WIDTH, Math.max(18, ...rows.map((row) => row.saw.length)));
      const line = (a: string, b: string, c: string) =>
        `| ${cell(a, caseWidth)} | ${cell(b, sawWidth)} | ${c.padEnd(9)} |`;
      const passed = rows.filter((row) => row.result === 'pass').length;
      console.log(`\n${table}: ${passed}/${rows.length} pass`);
      console.log(line(table.startsWith('Stored') ? 'stored state' : 'fault', 'what the user saw', 'pass/fail'));
      console.log(`|${'-'.repeat(caseWidth + 2)}|${'-'.repeat(sawWidth + 2)}|${'-'.repeat(11)}|`);
      for (const row of rows) console.log(line(row.case, row.saw, row.result));
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}
