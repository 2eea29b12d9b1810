/**
 * The normalised identifier form the service uses in `missing_entries`
 * (upstream-notes: lowercase; every character outside [a-z0-9+-] becomes `_`; runs of `_`
 * collapse; a trailing `_` is kept). Observed: `Player Hits` -> `player_hits`,
 * `4th Quarter Moneyline (Incl. OT)` -> `4th_quarter_moneyline_incl_ot_`.
 */
export function toIdentifier(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9+-]/g, '_')
    .replace(/_+/g, '_');
}

/**
 * A forgiving key for when the service normalised a name differently from the inferred rule:
 * accents folded (`Jokić` -> `jokic`), apostrophes and periods dropped or kept as `_`
 * (`d_angelo` / `dangelo`, `t_j_` / `tj`), a trailing `_` ignored. Separators next to digits and
 * signs stay, so `over_1_5` never meets `over_15` and `+1_5` never meets `-1_5`.
 */
export function toTolerantKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9+-]+/g, '_')
    .replace(/(?<=[a-z])_(?=[a-z])/g, '')
    .replace(/^_+|_+$/g, '');
}
