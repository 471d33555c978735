import { ExternalLink } from 'lucide-react';
import type { CaseRow } from '@contract/search';
import { ComparisonPanel } from '@/components/compare/comparison-panel';
import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it';
import { detailHref } from '@/lib/detail-search';
import type { Search } from '@/lib/search-state';
import { useCaseComparison } from '../hooks/use-case-comparison';
import { caseExpansionSections } from './case-sections';

/** An expanded case row: its two versions side by side and 'Dettaglio', which opens a new tab. */
export function CaseVersions({ row, search }: { row: CaseRow; search: Search }) {
  const state = useCaseComparison(row.id, search);
  return (
    <ComparisonPanel
      state={state}
      range={search}
      sections={caseExpansionSections}
      collapsible={false}
      skeletonRows={4}
    >
      <div>
        <Button asChild variant="outline">
          <a href={detailHref(`/casi/${encodeURIComponent(row.id)}`, search)} target="_blank" rel="noopener">
            <ExternalLink aria-hidden="true" />
            {it.search.detail}
            <span className="sr-only">{it.search.detailOpensTab}</span>
          </a>
        </Button>
      </div>
    </ComparisonPanel>
  );
}
