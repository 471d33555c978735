import { useParams } from 'react-router-dom';
import { DetailPage } from '@/components/compare/detail-page';
import { it } from '@/i18n/it';
import { useCaseHistory } from '../api/get-case-history';
import { useCaseComparison } from '../hooks/use-case-comparison';
import { caseDetailSections } from './case-sections';

/** `/casi/{id}` 'Dettaglio Caso': the case at the two search dates, or at two picked revisions. */
export function CaseDetailPage() {
  return (
    <DetailPage
      title={it.pages.caseDetail}
      backTo="/casi/casi?page=1"
      recordId={useParams().casiID ?? ''}
      searchKind="cases"
      restoreKind="case"
      sections={caseDetailSections}
      useRecordComparison={useCaseComparison}
      useRecordHistory={useCaseHistory}
    />
  );
}
