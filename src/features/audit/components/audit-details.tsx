import type { AuditEntry } from '@contract/audit';
import { detailLines } from '@contract/audit-detail-lines';

/** An entry's details as named values in Italian, one a line, wrapping within a narrow column (a tablet). */
export function AuditDetails({ entry }: { entry: AuditEntry }) {
  const lines = detailLines(entry);
  if (lines.length === 0) return null;
  return (
    <dl className="flex flex-col gap-0.5">
      {lines.map((line, i) => (
        <div key={i}>
          <dt className="inline text-muted-foreground">{line.label}:</dt>{' '}
          <dd className="inline break-words">{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}
