import type { ButtonHTMLAttributes } from 'react';

/** A small text-only action inside a grid cell, where a full button would crowd the column. */
export function LinkButton({ className = '', type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      className={`py-0.5 text-left text-xs font-medium text-accent underline underline-offset-2 hover:no-underline disabled:opacity-50 ${className}`}
      {...props}
    />
  );
}
