import { PageTitle } from '@/components/page-title';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { it } from '@/i18n/it';
import { itSettings } from '@/i18n/it-settings';
import { useSessionUser } from '@/lib/session-store';
import { ChangePasswordForm } from './change-password-form';
import { SessionsCard } from './sessions-card';

export function SettingsPage() {
  const user = useSessionUser();
  return (
    <>
      <PageTitle>{it.pages.settings}</PageTitle>
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle>{itSettings.changePassword}</CardTitle>
          <CardDescription>{itSettings.changePasswordDescription}</CardDescription>
        </CardHeader>
        <CardContent>{user && <ChangePasswordForm userId={user.id} />}</CardContent>
      </Card>
      <SessionsCard />
    </>
  );
}
