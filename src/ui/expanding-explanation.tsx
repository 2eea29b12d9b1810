/**
 * A disclosure whose panel is an explanation read in place (a phone's row opening to its details):
 * like `Disclosure`, plus what a popover explanation does: focus moves into the opened panel, kept
 * in view, and Escape inside it closes it and hands focus back to its button. Separate from
 * `Disclosure` so the app's first paint (which uses that) does not carry this.
 */
import { useRef, type ReactNode } from 'react';
import { useDisclosure } from './disclosure.tsx';
import { closeOnEscape, useFocusWhenShown } from './use-explanation-focus.ts';

interface ExpandingExplanationProps {
  /** What the button says, open or closed (include hidden words if the visible ones are ambiguous). */
  label: (open: boolean) => ReactNode;
  /** What the opened panel is, for assistive tech (announced as focus moves into it). */
  panelLabel: string;
  children: ReactNode;
  buttonClassName?: string;
  panelClassName?: string;
  /** Shown beside the button (e.g. a link that stays in view); with it, everything is wrapped in one element. */
  aside?: ReactNode;
  wrapperClassName?: string;
}

export function ExpandingExplanation({
  label,
  panelLabel,
  children,
  buttonClassName = '',
  panelClassName = '',
  aside,
  wrapperClassName,
}: ExpandingExplanationProps) {
  const { open, panelId, buttonProps, close } = useDisclosure();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusWhenShown(panelRef, open);
  const parts = (
    <>
      <button ref={buttonRef} type="button" {...buttonProps} className={buttonClassName}>
        {label(open)}
      </button>
      {aside}
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="group"
          aria-label={panelLabel}
          tabIndex={-1}
          onKeyDown={(event) =>
            closeOnEscape(event, () => {
              close();
              buttonRef.current?.focus();
            })
          }
          className={`outline-none focus-visible:ring-2 focus-visible:ring-accent ${panelClassName}`}
        >
          {children}
        </div>
      ) : null}
    </>
  );
  return aside === undefined ? parts : <div className={wrapperClassName}>{parts}</div>;
}
