import { useId, useState } from 'react';
import { MAX_STAKE } from '../../state/persisted-state.ts';
import { useSettings } from '../../state/app-stores-context.tsx';
import { useCurrency } from '../../state/app-config-context.tsx';

/** Stake in dollars. Typing is free-form; only a valid amount reaches the store. */
export function StakeInput() {
  const stake = useSettings((state) => state.stake);
  const stakeChanged = useSettings((state) => state.stakeChanged);
  const [text, setText] = useState(String(stake));
  const errorId = useId();
  const currency = useCurrency();
  const amount = Number(text);
  const invalid = text.trim() === '' || !Number.isFinite(amount) || amount < 0 || amount > MAX_STAKE;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={`${errorId}-input`} className="text-sm font-medium">
        Stake ({currency.symbol})
      </label>
      <input
        id={`${errorId}-input`}
        inputMode="decimal"
        className={`w-28 rounded-md border bg-surface px-2 py-1.5 text-right tabular-nums text-ink ${invalid ? 'border-bad' : 'border-line'}`}
        value={text}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => {
          const next = event.target.value.replace(/[$£,\s]/g, '');
          setText(next);
          const value = Number(next);
          if (next !== '' && Number.isFinite(value) && value >= 0 && value <= MAX_STAKE)
            stakeChanged(Math.round(value * 100) / 100);
        }}
      />
      {invalid ? (
        <p id={errorId} className="text-sm text-bad">
          Enter an amount from 0 to {MAX_STAKE.toLocaleString()}; payouts use {stake.toLocaleString()} until then.
        </p>
      ) : null}
    </div>
  );
}
