import { Suspense } from 'react';
import { lazyNamed } from '@/lib/lazy-named';
import { useToastsWanted } from '@/lib/toast';

const Toaster = lazyNamed(() => import('./ui/sonner'), 'Toaster');

/** The toasts' container, mounted with the first toast (lib/toast.ts). */
export function ToastHost() {
  const wanted = useToastsWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
