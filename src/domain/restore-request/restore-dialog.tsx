import { useState } from 'react';
import { OtpDialog } from '@/components/otp-dialog';
import { it } from '@/i18n/it';
import { itRestoreFields } from '@/i18n/it-restore-fields';
import type { RecordKind } from '@contract/record-kinds';
import type { DayRange } from '@/domain/search-state';
import { useRestoreFields, type RestoreSubject } from './use-restore-fields';
import { RestoreFieldChoice } from './restore-field-choice';
import type { RestoreAction } from './restore-messages';

/**
 * The code that confirms a report or a forced restore. For one record (`subject`) it first lists the fields the
 * restore writes, all ticked: `onSubmit` gets the ticked ones when some were unticked, nothing when all stay
 * ticked (the restore writes every field, as one of several rows does), and with none ticked nothing is sent.
 */
export function RestoreDialog({
  kind,
  action,
  count,
  subject,
  range,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  kind: RecordKind;
  action: RestoreAction;
  /** How many revisions the restore is of. */
  count: number;
  subject: RestoreSubject | undefined;
  range: DayRange;
  pending: boolean;
  error: string | undefined;
  onSubmit: (code: string, fields: string[] | undefined) => Promise<boolean>;
  onClose: () => void;
}) {
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const fieldState = useRestoreFields(kind, subject, range, true);
  const toggle = (field: string, ticked: boolean) =>
    setUnticked((current) => {
      const next = new Set(current);
      if (ticked) next.delete(field);
      else next.add(field);
      return next;
    });
  const listed = subject && fieldState.status === 'ready' ? fieldState.fields.map((f) => f.field) : [];
  const ticked = listed.filter((field) => !unticked.has(field));
  const fields = ticked.length < listed.length ? ticked : undefined;

  return (
    <OtpDialog
      title={it.restore.otpTitle}
      description={
        action === 'report' ? it.restore.reportDescription(count) : it.restore.forceDescription(count)
      }
      confirmLabel={action === 'report' ? it.restore.report : it.restore.force}
      destructive={action === 'force'}
      pending={pending}
      error={error}
      onSubmit={(code) => onSubmit(code, fields)}
      onClose={onClose}
      blocked={fields?.length === 0 ? itRestoreFields.noneChosen : undefined}
    >
      {subject && <RestoreFieldChoice state={fieldState} unticked={unticked} onToggle={toggle} />}
    </OtpDialog>
  );
}
