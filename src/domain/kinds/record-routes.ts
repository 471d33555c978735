import { RECORD_KINDS, recordKindTable, type RecordKind } from '@contract/record-kinds';
import type { RecordKindDef } from './kind-def';

/** A kind's pages, from its URL segment and paths in the contract's table: `/contatti/contatti`, `/contatti/{id}`. */
function routesOf(kind: RecordKind): RecordKindDef<unknown>['routes'] {
  const { segment, list, restores } = recordKindTable[kind].url;
  const detailParam = `${segment}ID`;
  return {
    list,
    detailPattern: `/${segment}/:${detailParam}`,
    detailParam,
    detail: (id) => `/${segment}/${encodeURIComponent(id)}`,
    restores,
  };
}

/**
 * The routes of each kind, apart from the rest of the table of kinds (record-kinds.ts): the router reads them for
 * every page, the columns and schemas load with the records' screens.
 */
export const recordRoutes = Object.fromEntries(RECORD_KINDS.map((kind) => [kind, routesOf(kind)])) as {
  [K in RecordKind]: RecordKindDef<unknown>['routes'];
};
