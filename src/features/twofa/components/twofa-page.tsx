import { PageTitle } from '@/components/page-title';
import { it } from '@/i18n/it';

export function TwoFactorPage() {
  return <PageTitle>{it.pages.twoFactor}</PageTitle>;
}
