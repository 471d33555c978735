import { Mail } from 'lucide-react';
import { FoldedPanel } from '@/components/folded-panel';
import { it } from '@/i18n/it';
import { lazyNamed } from '@/lib/lazy-named';
import type { CaseRelatedListProps } from './case-related-list';

// The list, its query and its texts load when the section is first opened, not with the detail screen.
const CaseRelatedList = lazyNamed(() => import('./case-related-list'), 'CaseRelatedList');

/**
 * A case's 'E-mail e commenti' below the two versions (docs/product.md#case-detail), folded until it is opened:
 * only then are they asked for, so the detail's first render does not wait on them.
 */
export function CaseRelated(props: CaseRelatedListProps) {
  return (
    <FoldedPanel
      data-testid="case-related"
      icon={<Mail className="size-4" aria-hidden="true" />}
      title={it.cases.sections.related}
    >
      <CaseRelatedList {...props} />
    </FoldedPanel>
  );
}
