import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it';
import { AuthCard } from './auth-card';

export function ForgotPasswordPage() {
  return (
    <AuthCard title={it.forgotPassword.title}>
      <p className="mb-6 text-sm text-muted-foreground">{it.forgotPassword.message}</p>
      <Button asChild variant="outline" className="w-full">
        <Link to="/signIn">{it.forgotPassword.backToSignIn}</Link>
      </Button>
    </AuthCard>
  );
}
