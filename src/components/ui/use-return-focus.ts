import { useLayoutEffect, useRef } from 'react';

/**
 * Radix gives focus back to a dialog's Trigger on close; a dialog opened from code (a row action) has none, so
 * focus would drop to the page. This remembers what had focus when the content mounted (layout effects run before
 * Radix moves focus in) and returns there, which is the Trigger anyway when there is one.
 */
export function useReturnFocus(onCloseAutoFocus?: (event: Event) => void) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  return (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (opener.current?.isConnected) opener.current.focus();
  };
}
