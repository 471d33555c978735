import type { Revision } from '@contract/revisions';

/** The two versions side by side: `first` on the left (the older), `second` on the right. */
export type RevisionPair = { first: Revision; second: Revision };
