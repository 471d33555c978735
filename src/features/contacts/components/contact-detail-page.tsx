import { PageTitle } from '@/components/page-title';
import { it } from '@/i18n/it';

export function ContactDetailPage() {
  return <PageTitle>{it.pages.contactDetail}</PageTitle>;
}
