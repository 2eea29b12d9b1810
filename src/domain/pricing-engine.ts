/**
 * The service's bring-your-own-price engine: a pseudo-book that prices a parlay from the prices the
 * caller supplies (the correlation-adjusted fair combined price). It is never one of the ten books.
 */
export const FAIR_PRICING_ENGINE = 'OpticOdds AI';
