/**
 * Show more / show less: a button that opens and closes a panel below it (the WAI-ARIA disclosure
 * pattern). The panel is rendered only while open, so a closed game's markets cost nothing.
 */
import { useId, useState, type ReactNode } from 'react';

interface DisclosureProps {
  /** What the button says, open or closed (include hidden words if the visible ones are ambiguous). */
  label: (open: boolean) => ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  buttonClassName?: string;
  panelClassName?: string;
  /** Shown beside the button (e.g. a field that stays in view); with it, everything is wrapped in one element. */
  aside?: ReactNode;
  wrapperClassName?: string;
}

export function Disclosure({ label, children, defaultOpen = false, buttonClassName = '', panelClassName, aside, wrapperClassName }: DisclosureProps) {
  const panelId = useId();
  const [open, setOpen] = useState(defaultOpen);
  const parts = (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((isOpen) => !isOpen)}
        className={buttonClassName}
      >
        {label(open)}
      </button>
      {aside}
      {open ? (
        <div id={panelId} className={panelClassName}>
          {children}
        </div>
      ) : null}
    </>
  );
  return aside === undefined ? parts : <div className={wrapperClassName}>{parts}</div>;
}
