import { useMutation } from '@tanstack/react-query';
import type { AuditFilter } from '@contract/audit';
import { apiDownload } from '@/lib/api-client';

/** An export of the whole filtered log can take a while on a large log. */
const EXPORT_TIMEOUT_MS = 120_000;

/** `GET /audit/export.csv` with the list's filters: the file, named as the server names it. */
export async function exportAuditCsv(filter: AuditFilter): Promise<{ blob: Blob; fileName: string }> {
  const blob = await apiDownload('/audit/export.csv', {
    query: filter,
    accept: 'text/csv',
    timeoutMs: EXPORT_TIMEOUT_MS,
  });
  return { blob, fileName: `storico-audit-${new Date().toISOString().slice(0, 10)}.csv` };
}

/** Saves the file through a temporary link: the call needs the bearer header, so a plain link would not do. */
function save({ blob, fileName }: { blob: Blob; fileName: string }): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const useExportAuditCsv = () =>
  useMutation({ mutationFn: async (filter: AuditFilter) => save(await exportAuditCsv(filter)) });
