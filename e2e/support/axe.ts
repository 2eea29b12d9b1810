/** Accessibility checks with axe-core. */
import { test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Every frame the page shows is of the page's own origin (a frame not loaded yet, about:blank, counts). */
function framesAreSameOrigin(page: Page): boolean {
  const { origin } = new URL(page.url());
  return page.frames().every((frame) => frame.url() === 'about:blank' || new URL(frame.url()).origin === origin);
}

/** axe-core over the whole page (WCAG 2.x A and AA); the violations, compactly, for a readable failure. */
export async function axeViolations(
  page: Page,
): Promise<{ id: string; impact: string | null | undefined; targets: string[] }[]> {
  // One axe.run in the page (legacy mode), which reaches same-origin frames itself: 2-3x quicker on
  // our pages, with the same results, than a run per frame gathered in a second page, which only a
  // frame of another origin needs.
  const builder = new AxeBuilder({ page })
    // Every rule still runs on every node; only the elements that pass (or are inapplicable) are no
    // longer each given a selector and sent back: a third of a scan's time on a league's games list.
    // First: options() replaces every option set before it (the tags below included).
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(framesAreSameOrigin(page));
  const results = await test.step('axe: WCAG 2.2 A and AA', () => builder.analyze());
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}
