import type { ButtonHTMLAttributes } from 'react';

type ButtonTone = 'primary' | 'secondary' | 'quiet' | 'danger';

const TONE_CLASSES: Record<ButtonTone, string> = {
  primary: 'bg-accent text-accent-ink hover:opacity-90 border border-transparent',
  secondary: 'bg-surface text-ink border border-line hover:bg-raised',
  quiet: 'bg-transparent text-accent underline-offset-2 hover:underline border border-transparent',
  danger: 'bg-surface text-bad border border-line hover:bg-bad-soft',
};

export function Button({
  tone = 'secondary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: ButtonTone }) {
  return (
    <button
      type={type}
      className={`inline-flex min-h-11 items-center justify-center gap-1 rounded-md px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50 ${TONE_CLASSES[tone]} ${className}`}
      {...props}
    />
  );
}
