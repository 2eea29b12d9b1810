import type { ReactNode } from 'react';

type Tone = 'info' | 'warning' | 'error';

const TONES: Record<Tone, string> = {
  info: 'bg-info-soft border-line',
  warning: 'bg-warn-soft border-warn/40 text-ink',
  error: 'bg-bad-soft border-bad/40 text-ink',
};

/** Loading, empty and failed states: what happened, what it means, what to do. */
export function StatusMessage({
  tone = 'info',
  title,
  children,
  action,
}: {
  tone?: Tone;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border p-3 text-sm ${TONES[tone]}`}>
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-1 text-muted">{children}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
