import { ChevronsUpDown } from 'lucide-react';
import { Suspense, useMemo, useState } from 'react';
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
      onOpenChange={setOpen}
      preload={loadAgentList}
      className="w-(--radix-popover-trigger-width) min-w-64 p-0"
      aria-label={it.search.agentList}
      trigger={
        <Button
          id={id}
          variant="outline"
          role="combobox"
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
      }
    >
      <Suspense fallback={<PartLoading />}>
        <AgentList
          agents={sorted}
          value={value}
          onSelect={(agentId) => {
            onChange(agentId);
            setOpen(false);
          }}
        />
      </Suspense>
    </OnDemandPopover>
  );
}
