/** Lowercase, accents folded, for search: `atletico` finds `Atlético`, `premier` finds `Premier League`. */
export function searchable(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
