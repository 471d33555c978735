import { useEffect, useState } from 'react';
import type { Readiness } from '@contract/health';
import { it } from '@/i18n/it-first-load';

const POLL_MS = 3000;

/** The server that served the app says whether its data is loaded (the API may be elsewhere, its data with it). */
const READYZ = '/readyz';

async function readReadiness(): Promise<Readiness | null> {
  try {
    const response = await fetch(READYZ, { cache: 'no-store' });
    const answer: unknown = await response.json();
    // Ready is all a page needs to know, and the usual answer: the contract (and zod) loads only to read a notice.
    if ((answer as { ready?: unknown } | null)?.ready === true) return { ready: true } as Readiness;
    const { readinessSchema } = await import('@contract/health');
    const parsed = readinessSchema.safeParse(answer);
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // offline or not reachable: nothing to say about the data
  }
}

/**
 * After a first start the server answers at once but loads the demo history in the background (its /readyz is 503
 * until the data is in): say so, so that thin search results are not taken for the real thing. Polls until ready.
 */
export function StartupNotice() {
  const [state, setState] = useState<Readiness | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const readiness = await readReadiness();
      if (stopped) return;
      setState(readiness);
      if (readiness && !readiness.ready) timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  if (!state || state.ready) return null;
  return (
    <div
      role="status"
      data-testid="startup-notice"
      className="border-b bg-amber-50 px-4 py-2 text-center text-sm text-amber-900"
    >
      {state.progress ? it.app.startupProgress(state.progress) : it.app.startupLoading}
    </div>
  );
}
