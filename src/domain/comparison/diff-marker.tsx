import { it } from '@/i18n/it';

/** The red circle beside a field whose value differs from the left version. */
export function DiffMarker() {
  return (
    <span
      role="img"
      aria-label={it.compare.changed}
      title={it.compare.changed}
      data-testid="diff-marker"
      className="inline-block size-3 shrink-0 rounded-full bg-destructive ring-2 ring-destructive/25"
    />
  );
}
