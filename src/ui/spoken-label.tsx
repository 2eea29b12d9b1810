/**
 * A label shown short to the eye and said in full to assistive tech (`Change` / `Change
 * sportsbooks`). One string each: splitting a spoken name across elements loses the space between
 * them in some name computations.
 */
import type { ReactNode } from 'react';

export function SpokenLabel({ shown, spoken }: { shown: ReactNode; spoken: string }) {
  return (
    <>
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{spoken}</span>
    </>
  );
}
