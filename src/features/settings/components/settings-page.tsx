import { PageTitle } from '@/components/page-title';
import { it } from '@/i18n/it';

export function SettingsPage() {
  return <PageTitle>{it.pages.settings}</PageTitle>;
}
