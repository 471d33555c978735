import { ExternalLink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it';
import type { RecordKind } from '@contract/record-kinds';
import type { Search } from '@/domain/search-state';
import { detailHref } from '@/domain/comparison/use-detail-search';
import { useRecordComparison } from '@/domain/comparison/use-record-comparison';
import { recordKinds } from '@/domain/kinds/record-kinds';
import { ComparisonPanel } from '@/domain/comparison/comparison-panel';
import { ComparisonView } from '@/domain/comparison/comparison-view';

/** An expanded search row: the record's two versions side by side and 'Dettaglio', which opens a new tab. */
export function RecordVersions({
  kind,
  recordId,
  search,
}: {
  kind: RecordKind;
  recordId: string;
  search: Search;
}) {
  const def = recordKinds[kind];
  const state = useRecordComparison(kind, recordId, search);
  return (
    <ComparisonPanel
      state={state}
      range={search}
      view={(shown) => (
        <ComparisonView
          {...shown}
          sections={def.expansion.sections}
          detailSections={def.detailSections}
          collapsible={false}
        />
      )}
      skeletonRows={def.expansion.skeletonRows}
    >
      <div>
        <Button asChild variant="outline">
          <a href={detailHref(def.routes.detail(recordId), search)} target="_blank" rel="noopener">
            <ExternalLink aria-hidden="true" />
            {it.search.detail}
            <span className="sr-only">{it.search.detailOpensTab}</span>
          </a>
        </Button>
      </div>
    </ComparisonPanel>
  );
}
