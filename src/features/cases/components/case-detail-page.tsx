import { PageTitle } from '@/components/page-title';
import { it } from '@/i18n/it';

export function CaseDetailPage() {
  return <PageTitle>{it.pages.caseDetail}</PageTitle>;
}
