/**
 * "I placed this" beside a book's price: asks for the stake (the app's, editable), logs the parlay
 * as taken there - legs, each leg's price and the parlay's at that book, the time - and confirms
 * with an undo. Loaded on demand: the page's first screen carries none of it. The form and the
 * confirmation sit at the foot of the screen, outside the grid (whose arrow keys own its cells).
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import type { BetRecord } from '../../domain/bet-log/bet-record.ts';
import { formatMoney } from '../../domain/display.ts';
import { MAX_STAKE } from '../../domain/slip.ts';
import { useCurrency } from '../../state/app-config-context.tsx';
import { useSettings } from '../../state/app-stores-context.tsx';
import { useBetLogStore, type BookPriceOffer } from '../../state/bet-log/bet-log-context.tsx';
import { useFormatOdds } from '../../state/use-format-odds.ts';
import { Button } from '../../ui/button.tsx';
import { SpokenLabel } from '../../ui/spoken-label.tsx';
import { closeOnEscape, useFocusWhenShown } from '../../ui/use-explanation-focus.ts';

function betWords(offer: Pick<BookPriceOffer, 'legs'>): string {
  return offer.legs.length === 1 ? 'single' : `${offer.legs.length}-leg parlay`;
}

function readStake(text: string): number | null {
  const amount = Number(text);
  return text.trim() !== '' && Number.isFinite(amount) && amount > 0 && amount <= MAX_STAKE
    ? Math.round(amount * 100) / 100
    : null;
}

export default function PlaceBetButton({ offer }: { offer: BookPriceOffer }) {
  const store = useBetLogStore();
  const appStake = useSettings((state) => state.stake);
  const currency = useCurrency();
  const formatOdds = useFormatOdds();
  const [open, setOpen] = useState(false);
  const [stakeText, setStakeText] = useState('');
  const [logged, setLogged] = useState<BetRecord | null>(null);
  const panel = useRef<HTMLFormElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const id = useId();
  useFocusWhenShown(panel, open);
  const stake = readStake(stakeText);
  const price = formatOdds(offer.combinedDecimal);

  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (stake === null) return;
    const { book, legs, combinedDecimal, legDecimals } = offer;
    setOpen(false);
    const record = await store.getState().betPlaced({
      book,
      stake,
      currency: currency.code,
      decimal: combinedDecimal,
      legs: legs.map((leg, index) => ({
        fixtureId: leg.fixtureId,
        market: leg.market,
        name: leg.name,
        game: leg.game,
        decimal: legDecimals[index] ?? combinedDecimal,
      })),
    });
    setLogged(record);
  };

  return (
    <span className="mt-1 block">
      <button
        ref={opener}
        type="button"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        className="text-xs font-medium text-accent underline underline-offset-2"
        onClick={() => {
          setStakeText(String(appStake));
          setLogged(null);
          setOpen(true);
        }}
      >
        <SpokenLabel shown="I placed this" spoken={`I placed this at ${offer.book}`} />
      </button>
      {open
        ? createPortal(
            <form
              ref={panel}
              id={`${id}-panel`}
              role="dialog"
              aria-label={`Log this bet at ${offer.book}`}
              tabIndex={-1}
              onSubmit={(event) => void submit(event)}
              onKeyDown={(event) => closeOnEscape(event, close)}
              className="fixed inset-x-2 bottom-2 z-40 mx-auto flex max-w-md flex-col gap-2 rounded-lg border border-line bg-surface p-3 text-left text-sm font-normal text-ink shadow-lg"
            >
              <p className="font-semibold">
                Log a {betWords(offer)} at {offer.book}, {price}
              </p>
              <ul className="text-xs text-muted">
                {offer.legs.map((leg, index) => (
                  <li key={`${leg.fixtureId}-${leg.market}-${leg.name}`}>
                    {leg.name} ({leg.market}) {formatOdds(offer.legDecimals[index] ?? offer.combinedDecimal)}
                  </li>
                ))}
              </ul>
              <label className="flex items-center gap-2">
                <span className="font-medium">Stake ({currency.symbol})</span>
                <input
                  inputMode="decimal"
                  value={stakeText}
                  onChange={(event) => setStakeText(event.target.value)}
                  aria-invalid={stake === null}
                  aria-describedby={stake === null ? `${id}-stake-error` : undefined}
                  className="w-28 rounded-md border border-line bg-surface px-2 py-1.5"
                />
              </label>
              {stake === null ? (
                <p id={`${id}-stake-error`} className="text-bad">
                  Type an amount above 0 and up to {formatMoney(MAX_STAKE, currency.code)}.
                </p>
              ) : null}
              <p className="text-xs text-muted">Kept in this browser only; never sent to our server.</p>
              <div className="flex gap-2">
                <Button tone="primary" type="submit" disabled={stake === null}>
                  Log bet
                </Button>
                <Button onClick={close}>Cancel</Button>
              </div>
            </form>,
            document.body,
          )
        : null}
      {logged !== null
        ? createPortal(
            <div
              role="status"
              className="fixed inset-x-2 bottom-2 z-40 mx-auto flex max-w-md flex-wrap items-center gap-2 rounded-lg border border-line bg-surface p-3 text-left text-sm font-normal text-ink shadow-lg"
            >
              <span className="flex-1">
                Logged: {formatMoney(logged.stake, logged.currency)} on a {betWords(logged)} at {logged.book}, {price}.
              </span>
              <a href="#bet-log" className="font-medium text-accent underline underline-offset-2">
                Bet log
              </a>
              <Button
                tone="quiet"
                onClick={() => {
                  void store.getState().betRemoved(logged.id);
                  setLogged(null);
                }}
              >
                Undo
              </Button>
              <Button tone="quiet" aria-label="Dismiss" onClick={() => setLogged(null)}>
                ×
              </Button>
            </div>,
            document.body,
          )
        : null}
    </span>
  );
}
