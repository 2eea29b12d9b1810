/** Accessibility checks with axe-core. */
import { test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Every frame the page shows is of the page's own origin (a frame not loaded yet, about:blank, counts). */
function framesAreSameOrigin(page: Page): boolean {
  const { origin } = new URL(page.url());
  return page.frames().every((frame) => frame.url() === 'about:blank' || new URL(frame.url()).origin === origin);
}

/** What a scan marks the part it is limited to with (see axeViolations' `within`). */
const SCOPE_ATTRIBUTE = 'data-axe-scope';

/** A violation, compactly, for a readable failure. */
interface Violation {
  id: string;
  impact: string | null | undefined;
  targets: string[];
}

/**
 * axe-core (WCAG 2.x A and AA) over the whole page, or only over `within`: the part of a screen a
 * test has just changed (an opened explanation, rows in a new state) when that screen is scanned
 * whole at the same size elsewhere. A whole league's games list takes seconds; a row, milliseconds.
 */
export async function axeViolations(page: Page, within?: Locator): Promise<Violation[]> {
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
  if (within !== undefined) {
    const marked = await within.evaluateAll(
      (elements, attribute) => elements.map((element) => element.setAttribute(attribute, '')).length,
      SCOPE_ATTRIBUTE,
    );
    if (marked === 0) throw new Error(`axe: nothing to scan, ${within.toString()} matches no element`);
    builder.include(`[${SCOPE_ATTRIBUTE}]`);
  }
  try {
    const results = await test.step(`axe: WCAG 2.2 A and AA${within ? ` within ${within.toString()}` : ''}`, () =>
      builder.analyze());
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  } finally {
    if (within !== undefined) {
      await page.evaluate((attribute) => {
        for (const element of document.querySelectorAll(`[${attribute}]`)) element.removeAttribute(attribute);
      }, SCOPE_ATTRIBUTE);
    }
  }
}
