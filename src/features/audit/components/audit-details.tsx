import { Fragment } from 'react';
import type { AuditEntry } from '@contract/audit';
import { detailLines } from './audit-text';

/** An entry's details as a list of named values in Italian. */
export function AuditDetails({ entry }: { entry: AuditEntry }) {
  const lines = detailLines(entry);
  if (lines.length === 0) return null;
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-2 gap-y-0.5">
      {lines.map((line, i) => (
        <Fragment key={i}>
          <dt className="text-muted-foreground">{line.label}</dt>
          <dd className="[overflow-wrap:anywhere]">{line.value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
