/** The lazily loaded part of the price grid (see price-grid.tsx). */
export { ParlayGrid } from './parlay-grid.tsx';
export { StraightGrid } from './straight-grid.tsx';
export { BestPriceLine } from './best-price-line.tsx';
export { askAboutEverySlip } from './data/slip-asking.ts';
