/**
 * The bring-your-own-price engine's answer (`OpticOdds AI`): its combined price for the prices we
 * sent, under `data["OpticOdds AI"]` like a book's result (the vendor's definitions also show the
 * result as `data` itself: both are read). Never throws.
 */
import * as v from 'valibot';
import { americanToDecimal } from '../../domain/odds/odds.ts';
import { FAIR_PRICING_ENGINE } from '../../domain/odds/pricing-engine.ts';
import { americanPriceSchema } from './schemas.ts';
import { isRecord } from '../../domain/records.ts';

export type EngineAnswer = { status: 'priced'; decimalPrice: number } | { status: 'failed'; message: string };

const resultSchema = v.object({ error: v.nullish(v.string()), price: v.nullish(v.unknown()) });

export function parseEngineAnswer(body: unknown): EngineAnswer {
  const data = isRecord(body) ? body.data : undefined;
  const result =
    isRecord(data) && isRecord(data[FAIR_PRICING_ENGINE])
      ? data[FAIR_PRICING_ENGINE]
      : isRecord(body)
        ? (body[FAIR_PRICING_ENGINE] ?? data)
        : undefined;
  const parsed = v.safeParse(resultSchema, result);
  if (!parsed.success) return { status: 'failed', message: 'The correlation engine’s answer could not be read.' };
  const error = parsed.output.error?.trim();
  if (error) return { status: 'failed', message: error };
  const price = v.safeParse(americanPriceSchema, parsed.output.price);
  const decimalPrice = price.success ? americanToDecimal(price.output) : null;
  return decimalPrice === null
    ? { status: 'failed', message: 'The correlation engine gave no price.' }
    : { status: 'priced', decimalPrice };
}
