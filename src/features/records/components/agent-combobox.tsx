import { Check, ChevronsUpDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { Agent } from '@contract/agents';
import { Button } from '@/components/ui/button';
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from '@/components/ui/command';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { it } from '@/i18n/it';
import { cn } from '@/lib/cn';
import { agentLabel, sortAgents } from '../api/get-agents';

export type AgentComboboxProps = {
  id: string;
  agents: readonly Agent[] | undefined;
  loading?: boolean;
  failed?: boolean;
  value: string;
  onChange: (agentId: string) => void;
  invalid?: boolean;
  describedBy?: string;
};

/** The agent dropdown: labelled first + last name, sorted by username, filtered as the user types. */
export function AgentCombobox({
  id,
  agents,
  loading,
  failed,
  value,
  onChange,
  invalid,
  describedBy,
}: AgentComboboxProps) {
  const [open, setOpen] = useState(false);
  const sorted = useMemo(() => sortAgents(agents ?? []), [agents]);
  const selected = sorted.find((agent) => agent.id === value);
  const placeholder = loading
    ? it.search.agentsLoading
    : failed
      ? it.search.agentsFailed
      : it.search.agentPlaceholder;

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={cn(
            'w-full justify-between font-normal aria-invalid:border-destructive',
            !selected && 'text-muted-foreground',
          )}
        >
          <span className="truncate">{selected ? agentLabel(selected) : placeholder}</span>
          <ChevronsUpDown className="opacity-50" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-64 p-0">
        <Command>
          <CommandInput placeholder={it.search.agentFilter} aria-label={it.search.agentFilter} />
          <CommandList>
            <CommandEmpty>{it.search.agentEmpty}</CommandEmpty>
            {sorted.map((agent) => (
              <CommandItem
                key={agent.id}
                // cmdk filters on the value, which must be unique: the label, then the username that tells apart namesakes.
                value={`${agentLabel(agent)} ${agent.username}`}
                keywords={[agent.username]}
                onSelect={() => {
                  onChange(agent.id);
                  setOpen(false);
                }}
              >
                <Check
                  className={cn('size-4', agent.id === value ? 'opacity-100' : 'opacity-0')}
                  aria-hidden="true"
                />
                <span className="flex flex-col">
                  <span>{agentLabel(agent)}</span>
                  <span className="text-xs text-muted-foreground">{agent.username}</span>
                </span>
              </CommandItem>
            ))}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
