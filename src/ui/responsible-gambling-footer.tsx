/** The age limit and help line every page of the builder carries, by region. */
import type { Region } from '../domain/region.ts';

const RESPONSIBLE_GAMBLING: Record<Region, { age: string; help: string; href: string; linkText: string }> = {
  us: { age: '21+', help: 'Gambling problem? Call', href: 'tel:+18004264537', linkText: '1-800-GAMBLER' },
  uk: {
    age: '18+',
    help: 'Gamble responsibly. For free, confidential help visit',
    href: 'https://www.begambleaware.org/',
    linkText: 'BeGambleAware.org',
  },
};

/** `compact` (the widget): smaller type, so the notice stays whole without taking an article's height. */
export function ResponsibleGamblingFooter({ region, compact = false }: { region: Region; compact?: boolean }) {
  const text = RESPONSIBLE_GAMBLING[region];
  return (
    <footer
      className={`border-t border-line bg-surface text-center text-muted ${compact ? 'px-3 py-2 text-xs' : 'px-4 py-3 text-sm'}`}
    >
      <p>
        <strong className="mr-1 rounded border border-ink px-1.5 font-bold text-ink">{text.age}</strong>
        Only bet what you can afford to lose. {text.help}{' '}
        <a className="font-semibold text-accent underline" href={text.href} rel="noopener noreferrer">
          {text.linkText}
        </a>
        . Prices are for comparison; the sportsbook's own price is final.
      </p>
    </footer>
  );
}
