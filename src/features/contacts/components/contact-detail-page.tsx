import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ComparisonScreen, timelineSource } from '@/components/compare/comparison-screen';
import { RestoreActions } from '@/components/restore/restore-actions';
import { it } from '@/i18n/it';
import type { RevisionPair } from '@/lib/comparison';
import { useDetailSearch } from '@/lib/detail-search';
import { useAccountHistory } from '../api/get-account-history';
import { useContactComparison } from '../hooks/use-contact-comparison';
import { contactDetailSections } from './contact-sections';

/** `/contatti/{id}` 'Dettaglio Contatto': the contact at the two search dates, or at two picked revisions. */
export function ContactDetailPage() {
  const accountId = useParams().contattiID ?? '';
  const search = useDetailSearch('contacts');
  const [picked, setPicked] = useState<RevisionPair | null>(null);
  const [timelineOpen, setTimelineOpen] = useState(false);
  const state = useContactComparison(accountId, search, picked);
  const history = useAccountHistory(accountId, timelineOpen);

  return (
    <ComparisonScreen
      title={it.pages.contactDetail}
      backTo="/contatti/contatti?page=1"
      state={state}
      range={search}
      picked={picked}
      onPick={setPicked}
      sections={contactDetailSections}
      timelineOpen={timelineOpen}
      onTimelineOpenChange={setTimelineOpen}
      timeline={timelineSource(history)}
      actions={
        <RestoreActions
          kind="contact"
          place="detail"
          revisionIds={state.pair ? [state.pair.first.id] : []}
          search={search}
        />
      }
    />
  );
}
