import { PageTitle } from '@/components/page-title';
import { it } from '@/i18n/it';

export function CaseRestoresPage() {
  return <PageTitle>{it.pages.caseRestores}</PageTitle>;
}
