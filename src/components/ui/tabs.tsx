import { createContext, useContext, useId, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';

/*
 * Tabs as the WAI-ARIA tabs pattern describes them (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): a tablist of
 * tab buttons, one of them selected and in the tab order, the arrow keys, Home and End moving to another tab and
 * choosing it, and the selected tab's panel. The value is always the parent's (every screen keeps it in the URL).
 * Written here rather than taken from Radix, whose roving focus and presence machinery weighed on the first load of
 * every list screen; each tab keeps a 44 px touch target.
 */

type TabsState = { value: string; choose: (value: string) => void; baseId: string };

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('TabsList, TabsTrigger and TabsContent belong inside Tabs');
  return state;
}

const idsOf = (baseId: string, value: string) => ({
  tab: `${baseId}-tab-${value}`,
  panel: `${baseId}-panel-${value}`,
});

const stateOf = (selected: boolean) => (selected ? 'active' : 'inactive');

export function Tabs({
  value,
  onValueChange,
  className,
  ...props
}: Omit<ComponentProps<'div'>, 'defaultValue'> & {
  value: string;
  /** Called with another tab's value when it is chosen, never with the selected one's. */
  onValueChange: (value: string) => void;
}) {
  const baseId = useId();
  const choose = (next: string) => {
    if (next !== value) onValueChange(next);
  };
  return (
    <TabsContext.Provider value={{ value, choose, baseId }}>
      <div data-slot="tabs" className={cn('flex flex-col gap-3', className)} {...props} />
    </TabsContext.Provider>
  );
}

/** The keys that move along a horizontal tablist, to the index they lead to. */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const move = MOVES[event.key];
    if (!move || event.defaultPrevented) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const index = tabs.findIndex((tab) => tab === document.activeElement);
    if (index < 0) return;
    event.preventDefault();
    const next = tabs[move(index, tabs.length)]!;
    next.focus();
    // Moving to a tab chooses it, as Radix did (automatic activation).
    next.click();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      className={cn(
        'inline-flex w-fit max-w-full flex-wrap items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground',
        className,
      )}
      onKeyDown={onKey}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  onClick,
  ...props
}: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  const ids = idsOf(tabs.baseId, value);
  return (
    <button
      type="button"
      role="tab"
      id={ids.tab}
      aria-selected={selected}
      aria-controls={ids.panel}
      tabIndex={selected ? 0 : -1}
      data-state={stateOf(selected)}
      data-slot="tabs-trigger"
      className={cn(
        'inline-flex min-h-11 items-center justify-center whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.choose(value);
      }}
      {...props}
    />
  );
}

/** The panel of the tab with the same value, rendered only while that tab is selected. */
export function TabsContent({
  value,
  className,
  ...props
}: Omit<ComponentProps<'div'>, 'value'> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  const ids = idsOf(tabs.baseId, value);
  return (
    <div
      role="tabpanel"
      id={ids.panel}
      aria-labelledby={ids.tab}
      tabIndex={0}
      data-state="active"
      data-slot="tabs-content"
      className={cn('focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}
      {...props}
    />
  );
}
