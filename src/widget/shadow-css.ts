/**
 * Makes the app's compiled Tailwind CSS work inside a shadow root, independent of the host page.
 * Pure string rewriting, done once per page:
 * - `@property` rules are ignored inside shadow roots, and Tailwind 4 relies on their initial values
 *   (borders, shadows, rings, transforms would vanish). Their initial values are declared on every
 *   element instead, in the lowest layer, which is what the registration would have done for
 *   non-inherited properties.
 * - `rem` is relative to the host page's root font size (many sites set 62.5%), so sizes become px.
 * - Breakpoints follow the widget's own width, not the window's: width media queries become container
 *   queries on the widget's root (an article column is narrow on a wide screen).
 */
const PROPERTY_RULE = /@property\s+(--[\w-]+)\s*\{([^}]*)\}/g;
const INITIAL_VALUE = /initial-value\s*:\s*([^;]+?)\s*(?:;|$)/;
/**
 * A rem length in a value or a condition (after `:`, space, `(`, `,`, `*`, `/` or a comparison), never
 * in a selector: arbitrary-value classes such as `.max-h-\[20rem\]` keep the name the markup uses.
 */
const REM = /(?<=[:\s(,*/=<>])(-?\d*\.?\d+)rem\b/g;
const WIDTH_MEDIA = /@media\s*(\([^)]*width[^)]*\))\s*\{/g;

const ROOT_FONT_SIZE_PX = 16;

export function propertyFallbacks(css: string): string {
  const declarations = [...css.matchAll(PROPERTY_RULE)].map(([, name, body]) => {
    const initial = INITIAL_VALUE.exec(body ?? '')?.[1];
    return `${name}:${initial ?? 'initial'}`;
  });
  if (declarations.length === 0) return '';
  return `@layer properties{:host,*,::before,::after,::backdrop{${declarations.join(';')}}}`;
}

function remToPx(css: string): string {
  return css.replace(REM, (_, value: string) => `${Number((Number(value) * ROOT_FONT_SIZE_PX).toFixed(4))}px`);
}

export function toShadowCss(css: string): string {
  // Fallbacks first: the first mention of a layer fixes its order, and `properties` must be lowest.
  return propertyFallbacks(css) + remToPx(css).replace(WIDTH_MEDIA, '@container $1{');
}
