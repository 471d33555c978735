import type { Page, PageQuery } from '../../contract/page';
import type { CreateRestore, RestoreStatus } from '../../contract/restores';
import { spendCodeOrRefuse } from '../identity/code-spend';
import { fourEyesHolds } from '../identity/four-eyes';
import { answerWithin } from '../crm/crm-wait';
import { recordKinds, type RecordKind } from '../db/record-kinds';
import type { Caller } from '../http/caller';
import { toPage } from '../http/paging';
import { settleUnknownOutcomes } from './outcome-check';
import { checkCreate, createRequests } from './restore-requests';
import { checkDeps, checkReview, decideReview } from './restore-review';
import { requestOrNotFound, toRequest, type RestoreRequestOf } from './restore-view';
import type { RestoresDeps } from './restore-write';
import { listRequests, STATUS_ID, type RequestView } from './restores.repository';

/**
 * The restore workflow: report, force (restore-requests), review: approve or reject (restore-review), and writing
 * a revision back to the CRM (restore-write, through the write-back).
 */
export class RestoresService {
  constructor(private readonly deps: RestoresDeps) {}

  /** `viewerId`: the reviewer reading the list, told of each request they may not approve (four eyes). */
  async list<K extends RecordKind>(
    kind: K,
    query: PageQuery & { status: RestoreStatus },
    viewerId: number,
  ): Promise<Page<RestoreRequestOf[K]>> {
    // A read of the lists settles the requests whose write went unanswered, so every tab shows the outcome; it
    // waits for the CRM at most a second (answerWithin), and a settlement that comes later is still kept.
    if (this.deps.crm)
      await answerWithin(settleUnknownOutcomes(checkDeps(this.deps, this.deps.crm), kind), null);
    const { rows, total } = await listRequests(this.deps.db, kind, {
      statusId: STATUS_ID[query.status],
      filter: query.filter,
      offset: query.page * query.size,
      limit: query.size,
    });
    // Always paged: one call must not read every request with its snapshot.
    return toPage(await this.viewed(kind, rows, viewerId), total, {
      page: query.page,
      size: query.size,
      isPaged: true,
    });
  }

  async get<K extends RecordKind>(kind: K, id: number, viewerId: number): Promise<RestoreRequestOf[K]> {
    const [request] = await this.viewed(kind, [await requestOrNotFound(this.deps.db, kind, id)], viewerId);
    return request!;
  }

  /** The requests as the API shows them to `viewerId`: a pending one they may not approve says why. */
  private async viewed<K extends RecordKind>(
    kind: K,
    views: readonly RequestView[],
    viewerId: number,
  ): Promise<RestoreRequestOf[K][]> {
    const pending = views.filter((view) => view.statusId === STATUS_ID.PENDING);
    const holds = await fourEyesHolds(
      this.deps,
      viewerId,
      pending.map((view) => view.creatorId),
    );
    return views.map((view) => ({
      ...toRequest(kind, view),
      fourEyes: view.statusId === STATUS_ID.PENDING ? (holds.get(view.creatorId) ?? null) : null,
    }));
  }

  /**
   * One request per revision, all or nothing: checked, then the caller's one-time code spent, then created (a
   * forced restore applied). A caller's creates and reviews run one at a time, so that a double submit is refused
   * as a duplicate.
   */
  create<K extends RecordKind>(
    kind: K,
    input: CreateRestore,
    code: string,
    caller: Caller,
  ): Promise<RestoreRequestOf[K][]> {
    return this.deps.oneAtATime.run(caller.userId, async () => {
      const checked = await checkCreate(this.deps, kind, input, caller);
      await spendCodeOrRefuse(this.deps, caller, code, {
        prefix: 'restore',
        target: recordKinds[kind].requestNoun,
      });
      return createRequests(this.deps, kind, checked, caller);
    });
  }

  /**
   * Approves (and applies) or rejects a PENDING request of someone else: checked, then the reviewer's one-time code
   * spent, then decided. A caller's reviews run one at a time, so that a double submit is refused as already
   * reviewed.
   */
  review<K extends RecordKind>(
    kind: K,
    id: number,
    reviewerId: number,
    decision: { approved: boolean; code: string },
    caller: Caller,
  ): Promise<RestoreRequestOf[K]> {
    return this.deps.oneAtATime.run(caller.userId, async () => {
      const checked = await checkReview(
        this.deps,
        kind,
        id,
        { reviewerId, approved: decision.approved },
        caller,
      );
      await spendCodeOrRefuse(this.deps, caller, decision.code, {
        prefix: 'restore',
        target: `${recordKinds[kind].requestNoun}:${id}`,
      });
      await decideReview(this.deps, kind, checked, caller);
      return this.get(kind, id, caller.userId);
    });
  }
}
