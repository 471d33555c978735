import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The focus has gone outside the (now hidden) menu, to something other than the page itself. */
const elsewhere = (menu: HTMLElement | null) => {
  const active = document.activeElement;
  return active !== null && active !== document.body && !menu?.contains(active);
};

/**
 * The side menu as a drawer keeps the keyboard with it: opening moves the focus to its first item, Tab and Shift+Tab
 * go round the menu button and the menu's items only, and closing gives the focus back to the menu button (unless
 * it already went somewhere else, such as the page a link opened). Answers the key handler for the frame.
 */
export function useDrawerFocus(
  open: boolean,
  menu: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
) {
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    else if (wasOpen.current && !elsewhere(menu.current)) button.current?.focus();
    wasOpen.current = open;
  }, [open, menu, button]);

  return (event: KeyboardEvent) => {
    if (!open || event.key !== 'Tab' || !menu.current) return;
    const items = [button.current, ...menu.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (item): item is HTMLElement => item !== null && item.getClientRects().length > 0,
    );
    if (items.length === 0) return;
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = at < 0 ? 0 : (at + (event.shiftKey ? -1 : 1) + items.length) % items.length;
    event.preventDefault();
    items[next]?.focus();
  };
}
