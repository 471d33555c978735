import { PageTitle } from '@/components/page-title';
import { it } from '@/i18n/it';

export function CasesPage() {
  return <PageTitle>{it.pages.cases}</PageTitle>;
}
