import type { RecordKind } from '@/lib/records';
import type { RecordKindDef } from './kind-def';

/**
 * The routes of each kind, apart from the rest of the table of kinds (record-kinds.ts): the router reads them for
 * every page, the columns and schemas load with the records' screens.
 */
export const recordRoutes: { [K in RecordKind]: RecordKindDef<unknown>['routes'] } = {
  contact: {
    list: '/contatti/contatti',
    detailPattern: '/contatti/:contattiID',
    detailParam: 'contattiID',
    detail: (id) => `/contatti/${encodeURIComponent(id)}`,
    restores: '/gestione_ripristini_contatti/gestioneRipristiniContatti',
  },
  case: {
    list: '/casi/casi',
    detailPattern: '/casi/:casiID',
    detailParam: 'casiID',
    detail: (id) => `/casi/${encodeURIComponent(id)}`,
    restores: '/gestione_ripristini_casi/gestioneRipristiniCasi',
  },
};
