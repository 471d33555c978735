import type { FourEyesHold } from '@contract/four-eyes';
import { itFourEyes } from '@/i18n/it-four-eyes';
import { formatDay } from '@/lib/dates';

/** Why the reader may not approve a request of `requester` (docs/product.md#four-eyes), in Italian. */
export const fourEyesWhy = (hold: FourEyesHold, requester: string) =>
  itFourEyes.why(hold.reason, requester, formatDay(hold.at));
