/**
 * The attributes (or /embed URL parameters) the widget could not use are for the host page's
 * developer: said in full in the browser console, each naming the attribute and what it takes.
 * The reader sees only a folded note (widget-layout.tsx).
 */
export function warnAboutAttributes(problems: readonly string[], source: 'element' | 'embed'): void {
  if (problems.length === 0) return;
  const where = source === 'element' ? 'attributes on <parlay-builder>' : 'parameters in the /embed URL';
  console.warn(
    `parlay-builder: ${problems.length} of the ${where} could not be used; the widget runs without them. To fix:\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
  );
}
