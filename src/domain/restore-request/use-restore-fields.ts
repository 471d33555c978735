import { useQuery } from '@tanstack/react-query';
import { parseDiffProperties, type Differences, type Revision } from '@contract/revisions';
import type { RecordKind } from '@contract/record-kinds';
import type { DayRange } from '@/domain/search-state';
import { parseSnapshot } from '@/domain/snapshot';
import { recordDifferencesOptions } from '@/domain/comparison/get-record-differences';
import { latestRevisionOptions } from '@/domain/comparison/get-record-history';
import { recordRevisionsOptions } from '@/domain/comparison/get-record-revisions';
import { lifeOf } from '@/domain/comparison/record-life';
import { otherFieldsOptions } from '@/domain/comparison/other-fields';
import { restoreFields, type RestoreField } from './restore-fields';

/**
 * The differing fields a restore writes: not those the server says it leaves as the CRM has them (a checkbox the
 * version restored holds no value for; contract/restore-writes.ts), so that the list shows what will be written.
 */
const writtenDifferences = (differences: Differences) => {
  const kept = new Set(differences.keptByCrm);
  return parseDiffProperties(differences.jsonDiffProperties).filter((field) => !kept.has(field));
};

/** The record and revision a restore of one record is about; `target` when the screen holds it already. */
export type RestoreSubject = { recordId: string; revisionId: number; target?: Revision };

export type RestoreFieldsState =
  | { status: 'loading' }
  | { status: 'failed' }
  /** `deleted`: the record is deleted in the CRM now, and the restore brings it back first. */
  | { status: 'ready'; fields: RestoreField[]; savedAt: string; deleted: boolean };

/**
 * The fields a restore of one record would write: those that differ between the revision restored and the record's
 * latest stored revision (as the server lists a request's differences), each with both values, and when that
 * latest revision was saved. The target comes from the screen, or else from the versions at the search's dates
 * (a search row restores its version at the start date). Nothing is loaded while `enabled` is false.
 */
export function useRestoreFields(
  kind: RecordKind,
  subject: RestoreSubject | undefined,
  range: DayRange,
  enabled: boolean,
): RestoreFieldsState {
  const on = enabled && subject !== undefined;
  const id = subject?.recordId ?? '';
  // Shared with the screen's own versions query: `enabled`, not a skipped query function, so that a refetch of
  // that query (after a restore) still has its function.
  const versions = useQuery({
    ...recordRevisionsOptions(kind, id, range),
    enabled: on && !subject?.target,
  });
  const latest = useQuery(latestRevisionOptions(kind, id, on));
  const target = subject?.target ?? versions.data?.content.find((r) => r.id === subject?.revisionId);
  const pair = target && latest.data ? { first: target, second: latest.data } : undefined;
  const differences = useQuery(recordDifferencesOptions(kind, on ? pair : undefined));
  const described = useQuery({ ...otherFieldsOptions(kind), enabled: on }).data?.fields;

  if (versions.isError || latest.isError || differences.isError) return { status: 'failed' };
  if ((versions.isSuccess && !target) || latest.data === null) return { status: 'failed' };
  if (!pair || !differences.data) return { status: 'loading' };
  const targetSnapshot = parseSnapshot(pair.first.json);
  const latestSnapshot = parseSnapshot(pair.second.json);
  if (!targetSnapshot || !latestSnapshot) return { status: 'failed' };
  return {
    status: 'ready',
    fields: restoreFields(
      kind,
      writtenDifferences(differences.data),
      targetSnapshot,
      latestSnapshot,
      described,
    ),
    savedAt: pair.second.savedAt,
    deleted: lifeOf(pair.second).deletedAt !== null,
  };
}
