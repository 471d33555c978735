import { useEffect, type ReactNode } from 'react';
import { it } from '@/i18n/it';

/** Names the browser tab after the page ('Audit - Storico'). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} - ${it.app.name}`;
  }, [title]);
}

/** The page's heading; it also names the browser tab. */
export function PageTitle({ children, actions }: { children: string; actions?: ReactNode }) {
  useDocumentTitle(children);
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold tracking-tight">{children}</h1>
      {actions}
    </div>
  );
}
