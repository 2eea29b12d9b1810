/**
 * Show more / show less: a button that opens and closes a panel below it (the WAI-ARIA disclosure
 * pattern). The panel is rendered only while open, so a closed game's markets cost nothing.
 */
import { useId, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';

export interface DisclosureState {
  open: boolean;
  /** The panel's id: give it to the panel while open. */
  panelId: string;
  /** Spread on the toggle button: its state for assistive tech, and the toggle itself. */
  buttonProps: Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-expanded' | 'aria-controls' | 'onClick'>;
  /** Closes the panel (e.g. on Escape). */
  close: () => void;
}

/**
 * The disclosure's state and wiring, for a layout `Disclosure` cannot give (button and panel far apart).
 * `givenPanelId`: for a component loaded lazily, whose own ids Preact may repeat.
 */
export function useDisclosure(defaultOpen = false, givenPanelId?: string): DisclosureState {
  const ownPanelId = useId();
  const panelId = givenPanelId ?? ownPanelId;
  const [open, setOpen] = useState(defaultOpen);
  return {
    open,
    panelId,
    buttonProps: {
      'aria-expanded': open,
      'aria-controls': open ? panelId : undefined,
      onClick: () => setOpen((isOpen) => !isOpen),
    },
    close: () => setOpen(false),
  };
}

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

export function Disclosure({
  label,
  children,
  defaultOpen = false,
  buttonClassName = '',
  panelClassName,
  aside,
  wrapperClassName,
}: DisclosureProps) {
  const { open, panelId, buttonProps } = useDisclosure(defaultOpen);
  const parts = (
    <>
      <button type="button" {...buttonProps} className={buttonClassName}>
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
