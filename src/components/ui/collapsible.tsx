import { createContext, useContext, useId, useState, type ComponentProps } from 'react';

/*
 * A section that folds: a button that says whether it is open (aria-expanded, aria-controls) and the content it
 * shows, unmounted while folded, with `data-state` open/closed on all three for styling. Written here rather than
 * taken from Radix: its content measures itself when it mounts (for a height animation no screen uses), which
 * made the browser lay out the page again for every section of a comparison during the first render.
 */

type CollapsibleState = { open: boolean; toggle: () => void; contentId: string };

const CollapsibleContext = createContext<CollapsibleState | null>(null);

function useCollapsible(): CollapsibleState {
  const state = useContext(CollapsibleContext);
  if (!state) throw new Error('CollapsibleTrigger and CollapsibleContent belong inside a Collapsible');
  return state;
}

const stateOf = (open: boolean) => (open ? 'open' : 'closed');

export function Collapsible({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  ...props
}: ComponentProps<'div'> & {
  /** Controlled: the parent keeps whether it is open. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [openState, setOpenState] = useState(defaultOpen);
  const open = openProp ?? openState;
  const contentId = useId();
  const toggle = () => {
    if (openProp === undefined) setOpenState(!open);
    onOpenChange?.(!open);
  };
  return (
    <CollapsibleContext.Provider value={{ open, toggle, contentId }}>
      <div data-state={stateOf(open)} {...props} />
    </CollapsibleContext.Provider>
  );
}

/** Folds and unfolds; its own `onClick` runs first and may keep it from doing so with `preventDefault()`. */
export function CollapsibleTrigger({ onClick, ...props }: ComponentProps<'button'>) {
  const { open, toggle, contentId } = useCollapsible();
  return (
    <button
      type="button"
      aria-controls={contentId}
      aria-expanded={open}
      data-state={stateOf(open)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) toggle();
      }}
      {...props}
    />
  );
}

export function CollapsibleContent(props: ComponentProps<'div'>) {
  const { open, contentId } = useCollapsible();
  return open ? <div id={contentId} data-state="open" {...props} /> : null;
}
