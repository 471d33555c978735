import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { it } from '@/i18n/it';
import { AuthCard } from './auth-card';

export function SignInPage() {
  return (
    <AuthCard title={it.signIn.title} description={it.signIn.subtitle}>
      <form className="flex flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
        <div className="flex flex-col gap-2">
          <Label htmlFor="username">{it.signIn.username}</Label>
          <Input id="username" name="username" autoComplete="username" required />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="password">{it.signIn.password}</Label>
          <Input id="password" name="password" type="password" autoComplete="current-password" required />
        </div>
        <Button type="submit">{it.signIn.submit}</Button>
        <Link
          to="/forgotPassword"
          className="text-center text-sm text-primary underline-offset-4 hover:underline"
        >
          {it.forgotPassword.title}
        </Link>
      </form>
    </AuthCard>
  );
}
