import { useState } from 'react';
import { it } from '@/i18n/it';

/** Long descriptions are cut at 450 characters (docs/product.md#case-detail). */
export const TRUNCATE_AT = 450;

/** Text cut at `limit` characters, with 'altro' to show all of it and 'meno' to cut it again. */
export function TruncatedText({ text, limit = TRUNCATE_AT }: { text: string; limit?: number }) {
  const [expanded, setExpanded] = useState(false);
  if (text.length <= limit) return <span className="whitespace-pre-wrap break-words">{text}</span>;
  return (
    <span className="whitespace-pre-wrap break-words">
      <span data-testid="truncated-text">{expanded ? text : `${text.slice(0, limit)}…`}</span>{' '}
      <button
        type="button"
        aria-expanded={expanded}
        onClick={() => setExpanded((open) => !open)}
        className="inline-flex min-h-11 min-w-11 items-center justify-center px-1 font-medium text-primary underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {expanded ? it.compare.less : it.compare.more}
      </button>
    </span>
  );
}
