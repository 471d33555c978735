import { PageTitle } from '@/components/page-title';
import { it } from '@/i18n/it';

export function UsersPage() {
  return <PageTitle>{it.pages.userManagement}</PageTitle>;
}
