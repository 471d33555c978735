import { useQuery } from '@tanstack/react-query';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { PartLoading } from '@/components/part-loading';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it';
import { lazyNamed, lazyPart } from '@/lib/lazy-named';
import { recordKindTable, type RecordKind } from '@contract/record-kinds';
import { rollbackPrepareHref } from '@/domain/rollback-prepare-link';
import { canRequestRollback } from '@/domain/roles';
import { useSessionUser } from '@/lib/session-store';
import { searchRecordsOptions } from '../api/search-records';
import { usePageInRange } from '@/lib/page-param';
import { otherRecordHref } from '@/domain/comparison/use-detail-search';
import { useRowSelection } from '../hooks/use-row-selection';
import { useSearchPage } from '../hooks/use-search-page';
import { NAME_COLUMN } from '@/domain/kinds/kind-def';
import { recordKinds } from '@/domain/kinds/record-kinds';
import { isConverted, withLifeMarks } from '@/domain/comparison/record-life';
import { SearchBar } from './search-bar';

// An expanded row's comparison and its offline copy load when a row is first expanded.
const RecordVersions = lazyNamed(() => import('./record-versions'), 'RecordVersions');
// The results (paging, freshness, restore buttons) load with the first search, not with the empty screen.
const SearchResults = lazyPart(() => import('./search-results'), 'SearchResults', <PartLoading />);
const RestoreActions = lazyPart(() => import('@/domain/restore-request/restore-actions'), 'RestoreActions');

/**
 * `/contatti/contatti?page`, `/casi/casi?page`: the search bar, then (after a complete search or from the kept one)
 * the results with row selection, the restore buttons acting on the selected rows, one expanded row at a time,
 * and the page buttons.
 */
export function SearchPage<K extends RecordKind>({ kind }: { kind: K }) {
  const def = recordKinds[kind];
  const me = useSessionUser();
  const { search, page, pageParam, setPage, barDefaults, submit, saveBar } = useSearchPage(kind);
  const selection = useRowSelection(def.rowId);
  const [expandedId, setExpandedId] = useState<string | null>(null);
  // The route's loader reads the page on every navigation (stale time 0 there): the screen does not read it again.
  const results = useQuery({ ...searchRecordsOptions(kind, search, page - 1), staleTime: 30_000 });
  usePageInRange(pageParam, page, results.data?.totalPages ?? 0, setPage);
  const selectedRows = [...selection.selected.values()];
  const [oneSelected] = selectedRows.length === 1 ? selectedRows : [];
  const toggleExpanded = useCallback(
    (id: string) => setExpandedId((current) => (current === id ? null : id)),
    [],
  );
  // A deleted row says so under its name, linking to the record it was merged into or re-created as.
  const columns = useMemo(
    () =>
      withLifeMarks(def.columns, NAME_COLUMN, (id, other) =>
        search ? otherRecordHref(def.routes.detail(id), search, other) : def.routes.detail(id),
      ),
    [def, search],
  );

  return (
    <div className="flex flex-col gap-4">
      <PageTitle>{def.titles.list}</PageTitle>
      <SearchBar
        defaults={barDefaults}
        onChange={saveBar}
        onSearch={(next, bar) => {
          selection.clear();
          setExpandedId(null);
          submit(next, bar);
        }}
      />
      {search && me && canRequestRollback(me.role) && (
        <div>
          {/* The agent's changes of the searched days (whole days in Rome), whatever the results' page. */}
          <Button variant="outline" asChild>
            <Link
              to={rollbackPrepareHref({
                sfUserID: search.agentId,
                object: recordKindTable[kind].crmObject,
                from: search.dateFrom,
                to: search.dateTo,
              })}
            >
              {it.rollbacks.prepare}
            </Link>
          </Button>
        </div>
      )}
      {search ? (
        <SearchResults
          caption={it.search.results}
          results={results}
          page={page}
          onPageChange={setPage}
          columns={columns}
          getRowId={def.rowId}
          rowName={def.rowName}
          selection={selection}
          actions={
            <RestoreActions
              kind={kind}
              place="list"
              revisionIds={selectedRows.map(def.earlierRevisionId)}
              search={search}
              subject={
                oneSelected && {
                  recordId: def.rowId(oneSelected),
                  revisionId: def.earlierRevisionId(oneSelected),
                }
              }
              onDone={selection.clear}
              forceBlocked={
                selectedRows.some(isConverted) ? it.restore.convertedForce(selectedRows.length) : undefined
              }
            />
          }
          expandedId={expandedId}
          onToggleExpanded={toggleExpanded}
          renderExpanded={(row) => (
            <Suspense fallback={<PartLoading />}>
              <RecordVersions kind={kind} recordId={def.rowId(row)} search={search} />
            </Suspense>
          )}
        />
      ) : (
        <p className="text-sm text-muted-foreground">{it.search.start}</p>
      )}
    </div>
  );
}
