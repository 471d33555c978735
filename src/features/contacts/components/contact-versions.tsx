import { ExternalLink } from 'lucide-react';
import type { ContactRow } from '@contract/search';
import { ComparisonPanel } from '@/components/compare/comparison-panel';
import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it';
import { detailHref } from '@/lib/detail-search';
import type { Search } from '@/lib/search-state';
import { useContactComparison } from '../hooks/use-contact-comparison';
import { contactExpansionSections } from './contact-sections';

/** An expanded contact row: its two versions side by side and 'Dettaglio', which opens a new tab. */
export function ContactVersions({ row, search }: { row: ContactRow; search: Search }) {
  const state = useContactComparison(row.id, search);
  return (
    <ComparisonPanel
      state={state}
      range={search}
      sections={contactExpansionSections}
      collapsible={false}
      skeletonRows={5}
    >
      <div>
        <Button asChild variant="outline">
          <a
            href={detailHref(`/contatti/${encodeURIComponent(row.id)}`, search)}
            target="_blank"
            rel="noopener"
          >
            <ExternalLink aria-hidden="true" />
            {it.search.detail}
            <span className="sr-only">{it.search.detailOpensTab}</span>
          </a>
        </Button>
      </div>
    </ComparisonPanel>
  );
}
