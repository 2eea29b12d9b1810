/** How books round the American prices they quote: whole numbers, toward the book. */

/**
 * Rounds American odds the way books quote them: to a whole number, toward the book (a payout is
 * never overstated), and never into the impossible (-100, +100) band.
 */
export function roundAmericanLikeABook(american: number): number {
  const rounded = american > 0 ? Math.floor(american + 1e-9) : -Math.ceil(-american - 1e-9);
  if (rounded > -100 && rounded < 100) return american >= 0 ? 100 : -100;
  return rounded;
}
