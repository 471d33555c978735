import { ChevronDown, History } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { PartLoading } from '@/components/part-loading';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { it } from '@/i18n/it';
import { lazyNamed } from '@/lib/lazy-named';
import type { RevisionTimelineData } from './revision-timeline-list';

// The list of revisions (checkboxes, badges) loads when the timeline is first opened, not with the detail screen.
const RevisionTimelineList = lazyNamed(() => import('./revision-timeline-list'), 'RevisionTimelineList');

export type RevisionTimelineProps = RevisionTimelineData & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Every saved revision of the record; the user may pick any two to compare. */
export function RevisionTimeline({ open, onOpenChange, ...list }: RevisionTimelineProps) {
  const t = it.compare.timeline;
  const introId = useId();
  const [chosen, setChosen] = useState<number[]>([]);

  return (
    <Collapsible open={open} onOpenChange={onOpenChange} className="rounded-lg border bg-card">
      <h2>
        <CollapsibleTrigger className="group flex min-h-11 w-full items-center gap-2 rounded-lg px-4 py-2 text-left font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <History className="size-4" aria-hidden="true" />
          <span className="flex-1">{t.title}</span>
          <ChevronDown
            aria-hidden="true"
            className="size-4 shrink-0 transition-transform group-data-[state=closed]:-rotate-90"
          />
        </CollapsibleTrigger>
      </h2>
      <CollapsibleContent className="flex flex-col gap-3 px-4 pb-4">
        <Suspense fallback={<PartLoading />}>
          <RevisionTimelineList introId={introId} chosen={chosen} setChosen={setChosen} {...list} />
        </Suspense>
      </CollapsibleContent>
    </Collapsible>
  );
}
