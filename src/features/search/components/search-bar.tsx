import { Search as SearchIcon } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { it } from '@/i18n/it';
import type { Search, SearchBarData } from '@/domain/search-state';
import { AgentCombobox } from './agent-combobox';
import { DateField } from '@/components/date-field';
import { useOnline } from '@/lib/online-status';
import { useAgents } from '../api/get-agents';
import { searchResolver, type SearchFormValues } from './search-form';

const EMPTY: SearchFormValues = { agentId: '', dateFrom: '', dateTo: '', deleted: false };

export type SearchBarProps = {
  /** What the bar shows at first (the kept search bar data). */
  defaults?: SearchBarData | null;
  onSearch: (search: Search, bar: SearchBarData) => void;
  /** Every change, so the bar can be kept as it is left. */
  onChange?: (bar: SearchBarData) => void;
};

/** Agent, 'Da', 'A', 'Solo eliminati' and 'Cerca': every field labelled, usable by keyboard alone. */
export function SearchBar({ defaults, onSearch, onChange }: SearchBarProps) {
  const ids = useId();
  const agents = useAgents();
  const online = useOnline();
  const form = useForm<SearchFormValues, unknown, Search>({
    defaultValues: defaults ?? EMPTY,
    resolver: searchResolver,
  });
  const { errors } = form.formState;
  const formErrorId = `${ids}-form-error`;
  const formError = errors.root?.message;

  const { subscribe } = form;
  useEffect(() => {
    if (!onChange) return;
    return subscribe({
      formState: { values: true },
      callback: ({ values }) =>
        onChange({
          agentId: values.agentId,
          dateFrom: values.dateFrom,
          dateTo: values.dateTo,
          deleted: values.deleted,
        }),
    });
  }, [subscribe, onChange]);

  return (
    <form
      noValidate
      aria-label={it.search.submit}
      onSubmit={form.handleSubmit((search) => onSearch(search, form.getValues()))}
      className="flex flex-col gap-3 rounded-lg border bg-card p-4"
    >
      {/* One row where there is room (1280 px with the menu open); on a tablet the agent gets a row of its own. */}
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] md:items-start xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]">
        <div className="flex flex-col gap-2 md:col-span-3 xl:col-span-1">
          <Label htmlFor={`${ids}-agent`}>{it.search.agent}</Label>
          <Controller
            control={form.control}
            name="agentId"
            render={({ field, fieldState }) => (
              <AgentCombobox
                id={`${ids}-agent`}
                agents={agents.data}
                loading={agents.isPending && online}
                unreachable={agents.data === undefined && !online}
                failed={agents.isError && online}
                value={field.value}
                onChange={field.onChange}
                invalid={fieldState.invalid}
                describedBy={formError ? formErrorId : undefined}
              />
            )}
          />
        </div>
        {(
          [
            ['dateFrom', 'from', it.search.from],
            ['dateTo', 'to', it.search.to],
          ] as const
        ).map(([name, suffix, label]) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field, fieldState }) => (
              <DateField
                id={`${ids}-${suffix}`}
                label={label}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message || undefined}
                invalid={fieldState.invalid}
                describedBy={formError ? formErrorId : undefined}
              />
            )}
          />
        ))}
        <Button type="submit" className="md:mt-[1.375rem]">
          <SearchIcon aria-hidden="true" />
          {it.search.submit}
        </Button>
      </div>
      <Controller
        control={form.control}
        name="deleted"
        render={({ field }) => (
          <div className="flex items-center gap-1">
            <Switch
              id={`${ids}-deleted`}
              checked={field.value}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
            />
            {/* The label is part of the touch target: a tap on the words switches too. */}
            <Label htmlFor={`${ids}-deleted`} className="flex min-h-11 items-center pr-2">
              {it.search.deletedOnly}
            </Label>
          </div>
        )}
      />
      {formError && (
        <p id={formErrorId} role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
    </form>
  );
}
