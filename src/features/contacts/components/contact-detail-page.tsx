import { useParams } from 'react-router-dom';
import { DetailPage } from '@/components/compare/detail-page';
import { it } from '@/i18n/it';
import { useAccountHistory } from '../api/get-account-history';
import { useContactComparison } from '../hooks/use-contact-comparison';
import { contactDetailSections } from './contact-sections';

/** `/contatti/{id}` 'Dettaglio Contatto': the contact at the two search dates, or at two picked revisions. */
export function ContactDetailPage() {
  return (
    <DetailPage
      title={it.pages.contactDetail}
      backTo="/contatti/contatti?page=1"
      recordId={useParams().contattiID ?? ''}
      searchKind="contacts"
      restoreKind="contact"
      sections={contactDetailSections}
      useRecordComparison={useContactComparison}
      useRecordHistory={useAccountHistory}
    />
  );
}
