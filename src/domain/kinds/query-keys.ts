import type { RecordKind } from '@contract/record-kinds';
import type { Search } from '@/domain/search-state';
import { recordKinds } from './record-kinds';

const root = (kind: RecordKind) => recordKinds[kind].queryRoot;

/**
 * The keys of every query about a kind's records. A restore writes a new revision, so everything under `all` may
 * change with it.
 */
export const recordKeys = {
  all: (kind: RecordKind) => [root(kind)] as const,
  search: (kind: RecordKind, search: Search | null, page: number) =>
    [root(kind), 'search', search, page] as const,
  versions: (kind: RecordKind, id: string, dateFrom: string, dateTo: string) =>
    [root(kind), 'revisions', id, dateFrom, dateTo] as const,
  history: (kind: RecordKind, id: string) => [root(kind), 'history', id] as const,
  latest: (kind: RecordKind, id: string) => [root(kind), 'latest', id] as const,
  differences: (kind: RecordKind, firstId: number, secondId: number) =>
    [root(kind), 'differences', firstId, secondId] as const,
};

/** Every list of a kind's restore requests lives under `all`: a new request or a review invalidates it. */
export const restoreKeys = {
  all: (kind: RecordKind) => ['restores', kind] as const,
  list: (kind: RecordKind, status: string, page: number) => ['restores', kind, status, page] as const,
};

/** The agents list (`GET /sf-user/`), kept across reloads: the screens that name a CRM user read it. */
export const AGENTS_KEY = ['agents'] as const;
