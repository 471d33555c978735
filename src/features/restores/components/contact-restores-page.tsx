import { PageTitle } from '@/components/page-title';
import { it } from '@/i18n/it';

export function ContactRestoresPage() {
  return <PageTitle>{it.pages.contactRestores}</PageTitle>;
}
