/** Accessibility checks with axe-core. */
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** axe-core over the whole page (WCAG 2.x A and AA); the violations, compactly, for a readable failure. */
export async function axeViolations(
  page: Page,
): Promise<{ id: string; impact: string | null | undefined; targets: string[] }[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}
