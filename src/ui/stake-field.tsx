/**
 * The stake, typed free-form: only a valid amount is handed on, and an invalid one says what to type.
 * Follows the stake when it changes elsewhere (a link, another tab) unless the text already says it.
 */
import { useId, useState } from 'react';

interface StakeFieldProps {
  stake: number;
  /** The most a stake may be. */
  max: number;
  /** Called with a valid amount, rounded to cents. */
  onStakeChange: (stake: number) => void;
  /** The currency's symbol, for the label (`Stake ($)`). */
  symbol: string;
  className?: string;
}

function isValidStake(text: string, max: number): boolean {
  const amount = Number(text);
  return text.trim() !== '' && Number.isFinite(amount) && amount >= 0 && amount <= max;
}

export function StakeField({ stake, max, onStakeChange, symbol, className = '' }: StakeFieldProps) {
  const [text, setText] = useState(String(stake));
  const [shownStake, setShownStake] = useState(stake);
  const errorId = useId();
  // The stake changed elsewhere: show it (state adjusted while rendering, React's documented way).
  if (stake !== shownStake) {
    setShownStake(stake);
    if (Number(text) !== stake) setText(String(stake));
  }
  const invalid = !isValidStake(text, max);

  return (
    <div className={`flex flex-wrap items-center gap-2 ${className}`}>
      <label htmlFor={`${errorId}-input`} className="text-sm font-medium">
        Stake ({symbol})
      </label>
      <input
        id={`${errorId}-input`}
        inputMode="decimal"
        className={`w-24 rounded-md border bg-surface px-2 py-1.5 text-right tabular-nums text-ink ${invalid ? 'border-bad' : 'border-line'}`}
        value={text}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => {
          const next = event.target.value.replace(/[$£€,\s]/g, '');
          setText(next);
          if (isValidStake(next, max)) {
            const rounded = Math.round(Number(next) * 100) / 100;
            setShownStake(rounded);
            onStakeChange(rounded);
          }
        }}
      />
      {invalid ? (
        <p id={errorId} className="text-sm text-bad">
          Enter an amount from 0 to {max.toLocaleString()}; payouts use {stake.toLocaleString()} until then.
        </p>
      ) : null}
    </div>
  );
}
