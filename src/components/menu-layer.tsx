import { useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { cn } from '@/lib/cn';
import { Popover, PopoverAnchor, PopoverContent } from './ui/popover';

export type MenuItem = {
  key: string;
  label: string;
  icon?: ReactNode;
  /** Set when the item cannot be chosen: why, written under its label (a touch screen shows no tooltip). */
  disabledWhy?: string;
  /** Styles an action that cannot be undone. */
  destructive?: boolean;
  onSelect: () => void;
};

export type MenuLayerProps = {
  id: string;
  label: string;
  items: readonly MenuItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu's button, a plain button (on-demand-menu.tsx): the menu is placed against it. */
  anchor: RefObject<HTMLElement | null>;
};

const itemsOf = (menu: HTMLElement) => [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];

/**
 * A menu of text items (WAI-ARIA menu button) on radix's Popover: it opens with the first item focused, the arrow
 * keys, Home and End move between items, Enter or a tap chooses one, Escape closes it and gives focus back to its
 * button. A chosen item runs once focus is back on the button, so that a dialog it opens gives focus back there
 * when it closes. An item that cannot be chosen stays in the list, focusable, with its reason written in it.
 */
export function MenuLayer({ id, label, items, open, onOpenChange, anchor }: MenuLayerProps) {
  const chosen = useRef<MenuItem | null>(null);
  const interactedOutside = useRef(false);
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = itemsOf(event.currentTarget);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const next = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    all[next]?.focus();
  };
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={anchor} />
      <PopoverContent
        id={id}
        // In the page's main landmark, beside its button, rather than at the end of the body outside every
        // landmark: a menu is not a dialog, which may stand alone.
        container={document.getElementById('main-content')}
        role="menu"
        aria-label={label}
        aria-orientation="vertical"
        align="end"
        className="max-h-(--radix-popover-content-available-height) w-auto min-w-56 overflow-y-auto p-1"
        onKeyDown={move}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          itemsOf(event.currentTarget as HTMLElement)[0]?.focus();
        }}
        onInteractOutside={(event) => {
          // The button opens and closes the menu itself: a press on it is not one outside.
          if (anchor.current?.contains(event.target as Node)) event.preventDefault();
          else interactedOutside.current = true;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const item = chosen.current;
          chosen.current = null;
          // Focus goes back to the button, unless the user moved it elsewhere.
          if (!interactedOutside.current) anchor.current?.focus();
          interactedOutside.current = false;
          item?.onSelect();
        }}
      >
        {items.map((item) => {
          const whyId = `${id}-${item.key}-why`;
          return (
            <div key={item.key} role="none">
              {item.destructive && <div role="separator" className="-mx-1 my-1 h-px bg-border" />}
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                aria-label={item.label}
                aria-disabled={item.disabledWhy ? true : undefined}
                aria-describedby={item.disabledWhy ? whyId : undefined}
                className={cn(
                  'flex min-h-11 w-full cursor-default select-none items-center gap-2 rounded-sm px-2 py-2 text-left text-sm outline-none focus:bg-accent focus:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0',
                  item.destructive && 'text-destructive focus:text-destructive',
                  item.disabledWhy && 'text-muted-foreground focus:text-muted-foreground',
                )}
                onClick={() => {
                  if (item.disabledWhy) return;
                  chosen.current = item;
                  onOpenChange(false);
                }}
              >
                {item.icon}
                <span className="flex flex-col">
                  <span>{item.label}</span>
                  {item.disabledWhy && (
                    <span id={whyId} className="text-xs">
                      {item.disabledWhy}
                    </span>
                  )}
                </span>
              </button>
            </div>
          );
        })}
      </PopoverContent>
    </Popover>
  );
}
