import { Suspense, useState } from 'react';
import { toast } from '@/lib/toast';
import type { LoginBody } from '@contract/auth';
import { LoginError } from '@contract/login-error';
import { PartLoading } from '@/components/part-loading';
import { it } from '@/i18n/it-first-load';
import { ApiError } from '@/lib/api-client';
import { lazyNamed } from '@/lib/lazy-named';
import { sessionStore } from '@/lib/session-store';
import { useLogin } from '../api/login';
import { loginFailure } from '../api/login-error';
import { AuthCard } from './auth-card';
import { CredentialsForm } from './credentials-form';

// The code step (its six boxes) loads while the user types the password, not with the page.
const loadCodeForm = () => import('./code-form');
const CodeForm = lazyNamed(loadCodeForm, 'CodeForm');

type Step = { name: 'credentials' | 'code'; error?: string };

/**
 * Sign-in in two steps (docs/product.md#sign-in). The credentials are checked first with a call without code:
 * the server answers -2 when they are right, so the code step only opens for a real user. Once signed in, the
 * sign-in route's guard moves on to the page the user came from, or the contacts.
 */
export function SignInPage() {
  const login = useLogin();
  const [credentials, setCredentials] = useState<LoginBody>({ username: '', password: '' });
  const [step, setStep] = useState<Step>({ name: 'credentials' });

  const checkCredentials = (values: LoginBody) => {
    setCredentials(values);
    void loadCodeForm();
    login.mutate(values, {
      onSuccess: ({ data }) => signedIn(data.token),
      onError: (error) => {
        if (error instanceof ApiError && error.code === LoginError.WRONG_CODE) {
          setStep({ name: 'code' });
          return;
        }
        const failure = loginFailure(error);
        // Nothing wrong with the request: the user needs the administrator's enrolment link.
        if (failure.kind !== 'not-enrolled') toast.error(it.signIn.requestInvalid, { id: 'login-error' });
        setStep({ name: 'credentials', error: failure.message });
      },
    });
  };

  const checkCode = (code: string) =>
    login.mutateAsync({ ...credentials, code }).then(
      ({ data }) => {
        signedIn(data.token);
        return true;
      },
      (error: unknown) => {
        toast.error(it.signIn.requestInvalid, { id: 'login-error' });
        const failure = loginFailure(error);
        if (failure.kind === 'wrong-credentials') setCredentials({ ...credentials, password: '' });
        const back = failure.kind === 'wrong-credentials' || failure.kind === 'not-enrolled';
        setStep({ name: back ? 'credentials' : 'code', error: failure.message });
        return false;
      },
    );

  return step.name === 'credentials' ? (
    <AuthCard title={it.signIn.title} description={it.signIn.subtitle}>
      <CredentialsForm
        defaultValues={credentials}
        pending={login.isPending}
        error={step.error}
        onSubmit={checkCredentials}
      />
    </AuthCard>
  ) : (
    <AuthCard title={it.signIn.codeTitle} description={it.signIn.codeSubtitle}>
      <Suspense fallback={<PartLoading />}>
        <CodeForm
          pending={login.isPending}
          error={step.error}
          onSubmit={checkCode}
          onBack={() => setStep({ name: 'credentials' })}
        />
      </Suspense>
    </AuthCard>
  );
}

function signedIn(token: string) {
  toast.success(it.signIn.success, { id: 'login-success' });
  sessionStore.signedIn(token);
}
