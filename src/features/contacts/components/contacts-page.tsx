import { PageTitle } from '@/components/page-title';
import { it } from '@/i18n/it';

export function ContactsPage() {
  return <PageTitle>{it.pages.contacts}</PageTitle>;
}
