/**
 * The odds service's bring-your-own-price engine. It is not a sportsbook (never one of the ten, never
 * a column): given prices the caller supplies, it answers the correlation-adjusted combined price of
 * a parlay. It must be the only "sportsbook" in its request and every entry must carry a price
 * (`price_american` or `price_decimal`). Used to turn fair leg prices into a fair same-game price.
 */
export const FAIR_PRICING_ENGINE = 'OpticOdds AI';
