import { Check } from 'lucide-react';
import type { Agent } from '@contract/agents';
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from '@/components/ui/command';
import { it } from '@/i18n/it';
import { cn } from '@/lib/cn';
import { agentLabel } from '../api/get-agents';

export type AgentListProps = {
  /** Sorted as shown. */
  agents: readonly Agent[];
  value: string;
  onSelect: (agentId: string) => void;
  /** The filter's text: kept by the combobox, which also takes what is typed before this list is there. */
  search: string;
  onSearchChange: (search: string) => void;
};

/** Letters without accents or case: 'Niccolò' is found by 'niccolo'. */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * An agent matches when each word typed is part of its name or username, in any order. cmdk's own matching takes
 * any name holding the typed letters in order ('zaira' found 'Vincenza La Barbera'), wrong for a list of people.
 */
export function agentMatches(value: string, search: string, keywords?: string[]): number {
  const haystack = plain([value, ...(keywords ?? [])].join(' '));
  return plain(search)
    .split(/\s+/)
    .every((word) => haystack.includes(word))
    ? 1
    : 0;
}

/** The agent combobox's filterable list (cmdk), loaded when the combobox is first opened. */
export function AgentList({ agents, value, onSelect, search, onSearchChange }: AgentListProps) {
  return (
    <Command label={it.search.agentList} filter={agentMatches}>
      {/* Focus goes to the filter as it appears: on a first opening it arrives after the popover has placed focus. */}
      <CommandInput
        autoFocus
        placeholder={it.search.agentFilter}
        aria-label={it.search.agentFilter}
        value={search}
        onValueChange={onSearchChange}
        // What was typed before the field appeared is there already: the next letters go after it.
        onFocus={(event) => event.currentTarget.setSelectionRange(search.length, search.length)}
      />
      <CommandList label={it.search.agentList}>
        <CommandEmpty>{it.search.agentEmpty}</CommandEmpty>
        {agents.map((agent) => (
          <CommandItem
            key={agent.id}
            // cmdk filters on the value, which must be unique: the label, then the username that tells apart namesakes.
            value={`${agentLabel(agent)} ${agent.username}`}
            keywords={[agent.username]}
            onSelect={() => onSelect(agent.id)}
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
  );
}
