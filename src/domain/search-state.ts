import { useMemo, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { dayToText, isValidDay } from '@/lib/day-input';
import type { RecordKind } from '@contract/record-kinds';

/**
 * The search state kept in session storage (docs/product.md#kept-search): the selected agent, the contact
 * dates, the case dates and the last search bar data. Results show only for a kind whose search was submitted
 * (or kept here). Logout and a 401 clear session storage, and with it all of this.
 */
export const SEARCH_KEYS = {
  agent: 'storico.search.agent',
  contacts: 'storico.search.contactDates',
  cases: 'storico.search.caseDates',
  bar: 'storico.search.bar',
} as const;

const rangeKey = (kind: RecordKind) => (kind === 'account' ? SEARCH_KEYS.contacts : SEARCH_KEYS.cases);

const daySchema = z.string().refine(isValidDay);
const agentSchema = z.object({ id: z.string().min(1) });
// `deleted` defaults to false: a search kept before 'Solo eliminati' existed reads as one of every record.
const keptRangeSchema = z.object({
  dateFrom: daySchema,
  dateTo: daySchema,
  deleted: z.boolean().default(false),
});
/** What the bar held when last used: the agent, the two dates as typed (DD/MM/YYYY) and 'Solo eliminati'. */
const barSchema = z.object({
  agentId: z.string(),
  dateFrom: z.string(),
  dateTo: z.string(),
  deleted: z.boolean().default(false),
});

export type DayRange = { dateFrom: string; dateTo: string };
export type SearchBarData = z.infer<typeof barSchema>;
/**
 * A complete search: what the result lists and the detail screens load. `deleted`: only the records deleted in the
 * CRM within the range ('Solo eliminati'); the detail screens and the restore requests do not use it.
 */
export type Search = DayRange & { agentId: string; deleted?: boolean };

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function read<T>(key: string, schema: z.ZodType<T>, raw = window.sessionStorage.getItem(key)): T | null {
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or blocked storage only costs the kept state, never the search itself.
  }
}

const notify = () => {
  for (const listener of listeners) listener();
};

export const searchState = {
  search(kind: RecordKind): Search | null {
    const agent = read(SEARCH_KEYS.agent, agentSchema);
    const range = read(rangeKey(kind), keptRangeSchema);
    return agent && range ? { agentId: agent.id, ...range } : null;
  },
  bar(): SearchBarData | null {
    return read(SEARCH_KEYS.bar, barSchema);
  },
  /** A complete search was made: keep the agent, this kind's dates and 'Solo eliminati', and the bar. */
  submit(kind: RecordKind, search: Search, bar: SearchBarData): void {
    write(SEARCH_KEYS.agent, { id: search.agentId });
    write(rangeKey(kind), {
      dateFrom: search.dateFrom,
      dateTo: search.dateTo,
      deleted: search.deleted ?? false,
    });
    write(SEARCH_KEYS.bar, bar);
    notify();
  },
  /** Keeps what the bar holds, so coming back to a list shows it as it was left. */
  saveBar(bar: SearchBarData): void {
    write(SEARCH_KEYS.bar, bar);
  },
  /** Fills in a kind's search when this tab has none (a detail opened in a new tab gets it from its URL). */
  adopt(kind: RecordKind, search: Search): void {
    if (searchState.search(kind)) return;
    searchState.submit(kind, search, {
      agentId: search.agentId,
      dateFrom: dayToText(search.dateFrom),
      dateTo: dayToText(search.dateTo),
      deleted: false,
    });
  },
};

/** The kept search of a kind; re-renders when a search is submitted. */
export function useSearch(kind: RecordKind): Search | null {
  const agent = useSyncExternalStore(subscribe, () => window.sessionStorage.getItem(SEARCH_KEYS.agent));
  const range = useSyncExternalStore(subscribe, () => window.sessionStorage.getItem(rangeKey(kind)));
  return useMemo(() => {
    const a = read(SEARCH_KEYS.agent, agentSchema, agent);
    const r = read(rangeKey(kind), keptRangeSchema, range);
    return a && r ? { agentId: a.id, ...r } : null;
  }, [agent, range, kind]);
}
