import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { LoginBody } from '@contract/auth';
import { InputField } from '@/components/input-field';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { it } from '@/i18n/it-first-load';
import { useOnline } from '@/lib/online-status';
import { lazyFormResolver } from '@/lib/form-resolver';
import type { Credentials } from './credentials-schema';

// The rules (the contract's schema, and zod) load once the user types, so the page shows without them.
const loadSchema = async () => (await import('./credentials-schema')).credentialsSchema;
const resolver = lazyFormResolver(loadSchema);

export function CredentialsForm({
  defaultValues,
  pending,
  error,
  onSubmit,
}: {
  defaultValues: LoginBody;
  pending: boolean;
  error: string | undefined;
  onSubmit: (credentials: Credentials) => void;
}) {
  const form = useForm<Credentials>({ resolver, defaultValues });
  const online = useOnline();
  return (
    <Form {...form}>
      <form
        className="flex flex-col gap-4"
        noValidate
        onInput={() => void loadSchema()}
        onSubmit={form.handleSubmit(onSubmit)}
      >
        <InputField
          control={form.control}
          name="username"
          label={it.signIn.username}
          autoComplete="username"
          autoFocus={!defaultValues.username}
        />
        <InputField
          control={form.control}
          name="password"
          label={it.signIn.password}
          type="password"
          autoComplete="current-password"
          autoFocus={!!defaultValues.username}
        />
        {error && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
        {!online && <p className="text-sm text-muted-foreground">{it.offline.onlineOnly}</p>}
        <Button type="submit" disabled={pending || !online}>
          {pending ? it.signIn.checking : it.signIn.submit}
        </Button>
        <Link
          to="/forgotPassword"
          className="flex min-h-11 items-center justify-center text-sm text-primary underline-offset-4 hover:underline"
        >
          {it.forgotPassword.title}
        </Link>
      </form>
    </Form>
  );
}
