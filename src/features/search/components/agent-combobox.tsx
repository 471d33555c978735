import { ChevronsUpDown } from 'lucide-react';
import { Suspense, useMemo, useState, type KeyboardEvent } from 'react';
import type { Agent } from '@contract/agents';
import { OnDemandPopover } from '@/components/on-demand-popover';
import { Button } from '@/components/ui/button';
import { PartLoading } from '@/components/part-loading';
import { it } from '@/i18n/it';
import { cn } from '@/lib/cn';
import { lazyNamed } from '@/lib/lazy-named';
import { agentLabel, sortAgents } from '../api/get-agents';

const loadAgentList = () => import('./agent-list');
const AgentList = lazyNamed(loadAgentList, 'AgentList');

export type AgentComboboxProps = {
  id: string;
  agents: readonly Agent[] | undefined;
  loading?: boolean;
  /** Never read on this device, and the network is gone: the list waits for it. */
  unreachable?: boolean;
  failed?: boolean;
  value: string;
  onChange: (agentId: string) => void;
  invalid?: boolean;
  describedBy?: string;
};

/** A key that types a character (not a shortcut): the filter takes it. */
const typedCharacter = (event: KeyboardEvent) =>
  event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey ? event.key : null;

/**
 * The filter's text as keys change it, for keys that reach the picker while its filter field is not there yet (the
 * list's code or the popover's still loading): null for a key it does not take.
 */
function typedInto(search: string, event: KeyboardEvent): string | null {
  const typed = typedCharacter(event);
  if (typed !== null) return search + typed;
  return event.key === 'Backspace' ? search.slice(0, -1) : null;
}

/** The agent dropdown: labelled first + last name, sorted by username, filtered as the user types. */
export function AgentCombobox({
  id,
  agents,
  loading,
  unreachable,
  failed,
  value,
  onChange,
  invalid,
  describedBy,
}: AgentComboboxProps) {
  const [open, setOpen] = useState(false);
  // Kept here rather than in the list: keys typed before the list (or its code) arrives are not lost.
  const [search, setSearch] = useState('');
  const openChange = (next: boolean) => {
    // Each opening starts from an empty filter (or from the letter that opened it).
    if (!next) setSearch('');
    setOpen(next);
  };
  /** A key on the picker or its popover before the filter field has the focus: it goes into the filter. */
  const keepTyped = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target instanceof HTMLInputElement) return;
    // A space on the closed picker presses it, as on any button.
    if (!open && event.key === ' ') return;
    if (typedInto('', event) === null) return;
    // On the open picker a space would press the button again (closing the list); a letter would do nothing.
    event.preventDefault();
    setSearch((current) => typedInto(current, event) ?? current);
    // A letter typed on the closed picker opens it, as on a native list, through the button's own click.
    if (!open && event.currentTarget instanceof HTMLButtonElement && typedCharacter(event) !== null)
      event.currentTarget.click();
  };
  const sorted = useMemo(() => sortAgents(agents ?? []), [agents]);
  const selected = sorted.find((agent) => agent.id === value);
  const placeholder = loading
    ? it.search.agentsLoading
    : unreachable
      ? it.search.agentsOffline
      : failed
        ? it.search.agentsFailed
        : it.search.agentPlaceholder;

  return (
    <OnDemandPopover
      open={open}
      onOpenChange={openChange}
      preload={loadAgentList}
      className="w-(--radix-popover-trigger-width) min-w-64 p-0"
      aria-label={it.search.agentList}
      onKeyDown={keepTyped}
      trigger={
        <Button
          id={id}
          variant="outline"
          role="combobox"
          aria-haspopup="listbox"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onKeyDown={keepTyped}
          className={cn(
            'w-full justify-between font-normal aria-invalid:border-destructive',
            !selected && 'text-muted-foreground',
          )}
        >
          <span className="truncate">{selected ? agentLabel(selected) : placeholder}</span>
          <ChevronsUpDown className="opacity-50" aria-hidden="true" />
        </Button>
      }
    >
      <Suspense fallback={<PartLoading />}>
        <AgentList
          agents={sorted}
          value={value}
          search={search}
          onSearchChange={setSearch}
          onSelect={(agentId) => {
            onChange(agentId);
            openChange(false);
          }}
        />
      </Suspense>
    </OnDemandPopover>
  );
}
