/**
 * "Tell me when the best price reaches X (or moves by N%)": set, shown and reached here, kept with
 * the slip. A browser notification too, when the user ticks it: the permission is asked for on that
 * click, never before.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  alertSlipKey,
  describeAlertRule,
  MAX_ALERT_PERCENT,
  parsePriceInput,
  type PriceAlertRule,
} from '../../../domain/price-alert.ts';
import { formatOdds } from '../../../domain/odds/odds.ts';
import type { SlipLeg } from '../../../domain/slip.ts';
import { useSlip } from '../../../state/app-stores-context.tsx';
import { useOddsFormat } from '../../../state/use-format-odds.ts';
import { Button } from '../../../ui/button.tsx';
import { notificationsSupported, useSlipAlert, type BestPrice } from './use-price-alert.ts';

interface PriceAlertPanelProps {
  legs: readonly SlipLeg[];
  best: BestPrice | null;
  /** "best parlay price", or "best price" for one leg. */
  subject: string;
}

const FIELD_CLASS = 'min-h-9 w-24 rounded-md border border-line bg-surface px-2 text-sm text-ink';

function AlertForm({ legs, best, subject }: PriceAlertPanelProps) {
  const format = useOddsFormat();
  const priceAlertSet = useSlip((state) => state.priceAlertSet);
  const [kind, setKind] = useState<PriceAlertRule['kind']>('reaches');
  const [priceText, setPriceText] = useState('');
  const [percentText, setPercentText] = useState('5');
  const [notify, setNotify] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const id = useId();

  const onNotifyChange = (checked: boolean) => {
    if (!checked || Notification.permission === 'granted') {
      setNotify(checked);
      return;
    }
    // Asked on the user's own click, as browsers require and users expect.
    void Notification.requestPermission().then((permission) => {
      setNotify(permission === 'granted');
      if (permission !== 'granted')
        setMessage('This browser blocks notifications from this page: the alert will show here only.');
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    let rule: PriceAlertRule;
    if (kind === 'reaches') {
      const decimal = parsePriceInput(priceText);
      if (decimal === null) return setMessage('Enter a price such as +350 (American) or 4.50 (decimal).');
      if (best !== null && best.decimal >= decimal)
        return setMessage(`The ${subject} is already ${formatOdds(best.decimal, format)}: choose a higher price.`);
      rule = { kind, decimal };
    } else {
      const percent = Number(percentText);
      if (!Number.isFinite(percent) || percent <= 0 || percent > MAX_ALERT_PERCENT)
        return setMessage(`Enter a move between 0 and ${MAX_ALERT_PERCENT}%.`);
      if (best === null) return setMessage(`Wait for a price: the move is measured from the ${subject} now.`);
      rule = { kind, percent, fromDecimal: best.decimal };
    }
    priceAlertSet({ slipKey: alertSlipKey(legs), rule, notify, fired: null });
  };

  return (
    <form onSubmit={onSubmit} className="mt-2 flex flex-col gap-2 rounded-md border border-line p-3 text-sm">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">Tell me when the {subject}</legend>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-1.5">
            <input type="radio" name={id} checked={kind === 'reaches'} onChange={() => setKind('reaches')} />
            reaches
          </label>
          <input
            aria-label="Price to reach"
            inputMode="decimal"
            placeholder="+350"
            value={priceText}
            onChange={(event) => setPriceText(event.target.value)}
            onFocus={() => setKind('reaches')}
            className={FIELD_CLASS}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-1.5">
            <input type="radio" name={id} checked={kind === 'moves'} onChange={() => setKind('moves')} />
            moves by
          </label>
          <input
            aria-label="Move in percent"
            inputMode="decimal"
            value={percentText}
            onChange={(event) => setPercentText(event.target.value)}
            onFocus={() => setKind('moves')}
            className={FIELD_CLASS}
          />
          %
        </div>
      </fieldset>
      {notificationsSupported() ? (
        <label className="flex items-center gap-1.5">
          <input type="checkbox" checked={notify} onChange={(event) => onNotifyChange(event.target.checked)} />
          Also send a browser notification
        </label>
      ) : null}
      {message !== null ? <p className="text-warn">{message}</p> : null}
      <Button type="submit" tone="primary" className="self-start">
        Set alert
      </Button>
    </form>
  );
}

export function PriceAlertPanel({ legs, best, subject }: PriceAlertPanelProps) {
  const format = useOddsFormat();
  const [formOpen, setFormOpen] = useState(false);
  const formId = useId();
  const alert = useSlipAlert(legs);
  const priceAlertRemoved = useSlip((state) => state.priceAlertRemoved);
  if (alert?.fired) {
    return (
      <p role="alert" className="mb-2 flex flex-wrap items-center gap-2 rounded-md bg-info-soft px-3 py-2 text-sm">
        <span>
          🔔 Price alert: the {subject} reached {formatOdds(alert.fired.decimal, format)} at {alert.fired.book} (you
          asked to hear when it {describeAlertRule(alert.rule, format)}).
        </span>
        <Button onClick={priceAlertRemoved}>Dismiss</Button>
      </p>
    );
  }
  if (alert) {
    return (
      <p className="mb-2 flex flex-wrap items-center gap-2 text-sm text-muted">
        <span>
          🔔 Alert set: tell me when the {subject} {describeAlertRule(alert.rule, format)}
          {best !== null ? ` (now ${formatOdds(best.decimal, format)})` : ''}.
        </span>
        <Button tone="quiet" onClick={priceAlertRemoved}>
          Remove alert
        </Button>
      </p>
    );
  }
  // A disclosure of its own (not ui/disclosure.tsx): that module is shared by the first paint and
  // the games, and importing it here too splits it into a chunk of its own on the page's first load.
  return (
    <>
      <button
        type="button"
        aria-expanded={formOpen}
        aria-controls={formOpen ? formId : undefined}
        onClick={() => setFormOpen((open) => !open)}
        className="mb-2 min-h-9 text-sm font-medium text-accent underline-offset-2 hover:underline"
      >
        {formOpen ? 'Close price alert' : 'Set a price alert'}
      </button>
      {formOpen ? (
        <div id={formId} className="mb-2">
          <AlertForm legs={legs} best={best} subject={subject} />
        </div>
      ) : null}
    </>
  );
}
