/**
 * jsdom's getComputedStyle matches every rule of its built-in stylesheet against the element on each
 * call, and Testing Library's role and name queries call it for each element and its ancestors, on
 * every retry of a findBy: in a CPU profile of the games list's tests, a quarter of their time. A
 * style read here is kept until the document next changes (any mutation clears them all; the pending
 * mutations are read synchronously, so a change made just before a query is never missed). Elements
 * in shadow roots, which the document's observer does not see, and pseudo-elements are not kept.
 */
const memoized = new WeakSet<Window>();

/** Once per window: test files that share a worker's module graph (isolate: false) may share one. */
export function memoizeComputedStyle(win: Window & typeof globalThis): void {
  if (memoized.has(win)) return;
  memoized.add(win);
  const computed = win.getComputedStyle.bind(win);
  let kept = new WeakMap<Element, CSSStyleDeclaration>();
  const observer = new win.MutationObserver(() => {
    kept = new WeakMap();
  });
  observer.observe(win.document, { subtree: true, childList: true, attributes: true, characterData: true });
  win.getComputedStyle = (element: Element, pseudoElement?: string | null): CSSStyleDeclaration => {
    if (observer.takeRecords().length > 0) kept = new WeakMap();
    if (pseudoElement || element.getRootNode() !== win.document) return computed(element, pseudoElement);
    let style = kept.get(element);
    if (style === undefined) {
      style = computed(element);
      kept.set(element, style);
    }
    return style;
  };
}
