/**
 * The widget script's entry: defines <parlay-builder> (once, even if the script is included twice).
 * Built by vite.widget.config.ts into dist/widget/parlay-builder.js (classic script) and
 * parlay-builder.mjs (ES module).
 */
import { BOOK_CLICK_EVENT, ParlayBuilderElement, SLIP_CHANGE_EVENT } from './parlay-builder-element.tsx';

export const ELEMENT_NAME = 'parlay-builder';

if (typeof customElements !== 'undefined' && !customElements.get(ELEMENT_NAME)) {
  customElements.define(ELEMENT_NAME, ParlayBuilderElement);
}

export { BOOK_CLICK_EVENT, ParlayBuilderElement, SLIP_CHANGE_EVENT };
/** @public The events' details, for host pages written in TypeScript. */
export type { SlipChangeDetail } from './widget-app.tsx';
/** @public */
export type { BookClickDetail } from '../state/app-config-context.tsx';
