import { it } from '@/i18n/it';
import { formatDateTime, formatDay } from '@/lib/dates';
import { formatAmount, formatNumber } from '@/lib/numbers';
import { textOf } from '@/domain/snapshot';
import { formatAddress } from '@/domain/snapshot';
import type { FieldKind } from '@/domain/kinds/fields';
import { TruncatedText } from '@/components/truncated-text';

function asText(kind: FieldKind, value: unknown): string {
  switch (kind) {
    case 'date':
      return formatDay(textOf(value)) || textOf(value);
    case 'dateTime':
      return formatDateTime(textOf(value)) || textOf(value);
    case 'number':
      return typeof value === 'number' ? formatNumber(value) : textOf(value);
    case 'amount':
      return typeof value === 'number' ? formatAmount(value) : textOf(value);
    case 'percent':
      return typeof value === 'number' ? `${formatNumber(value)} %` : textOf(value);
    case 'address':
      return formatAddress(value);
    default:
      return textOf(value);
  }
}

/** One snapshot value as the detail screens show it. */
export function FieldValue({
  kind = 'text',
  value,
  labelId,
}: {
  kind?: FieldKind;
  value: unknown;
  labelId: string;
}) {
  if (kind === 'boolean') {
    const checked = value === true || value === 'true';
    return (
      <span className="inline-flex items-center gap-2">
        <input
          type="checkbox"
          checked={checked}
          readOnly
          // Shown, not edited: no Tab stop that does nothing.
          tabIndex={-1}
          aria-readonly="true"
          aria-labelledby={labelId}
          onClick={(event) => event.preventDefault()}
          className="size-5 accent-primary"
        />
        <span className="text-muted-foreground">{checked ? it.compare.yes : it.compare.no}</span>
      </span>
    );
  }
  const text = asText(kind, value);
  if (!text) return <span className="text-muted-foreground">{it.compare.empty}</span>;
  // A multi-select picklist's values, as the CRM keeps them: joined by semicolons.
  if (kind === 'list') {
    return (
      <ul className="flex flex-col gap-0.5">
        {text.split(';').map((item) => (
          <li key={item} className="break-words">
            {item}
          </li>
        ))}
      </ul>
    );
  }
  if (kind === 'longText') return <TruncatedText text={text} />;
  return <span className="break-words">{text}</span>;
}
