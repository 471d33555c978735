import { Link, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it';
import { AuthCard } from './auth-card';

const resetParamsSchema = z.object({ email: z.email(), token: z.string().min(1) });

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const valid = resetParamsSchema.safeParse({
    email: params.get('email'),
    token: params.get('token'),
  }).success;
  return (
    <AuthCard title={it.resetPassword.title}>
      {!valid && (
        <p role="alert" className="mb-6 text-sm text-destructive">
          {it.resetPassword.invalidLink}
        </p>
      )}
      <Button asChild variant="outline" className="w-full">
        <Link to="/signIn">{it.resetPassword.backToSignIn}</Link>
      </Button>
    </AuthCard>
  );
}
