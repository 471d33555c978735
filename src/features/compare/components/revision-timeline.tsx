import { History } from 'lucide-react';
import { useId, useState } from 'react';
import { FoldedPanel } from '@/components/folded-panel';
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
    <FoldedPanel
      open={open}
      onOpenChange={onOpenChange}
      icon={<History className="size-4" aria-hidden="true" />}
      title={t.title}
    >
      <RevisionTimelineList introId={introId} chosen={chosen} setChosen={setChosen} {...list} />
    </FoldedPanel>
  );
}
