/**
 * The two kinds of CRM record whose revisions Storico keeps, with every name each one goes by (the glossary in docs/architecture.md):
 * `account` is a contact in the app's Italian ('contatto', `/contatti/...`), a person Account in the CRM, and
 * `account` in the API's paths and the server's tables; `case` is a case everywhere ('caso', `/casi/...`, Case).
 * The client and the server both read this table; the server keeps its tables and columns in
 * server/db/record-kinds.ts, the client its screens in src/domain/kinds/, the Italian texts stay in src/i18n.
 */
export const recordKindTable = {
  account: {
    crmObject: 'Account',
    /** The app's pages: the search list, the detail screen (`/{segment}/{id}`) and the restore requests. */
    url: {
      segment: 'contatti',
      list: '/contatti/contatti',
      restores: '/gestione_ripristini_contatti/gestioneRipristiniContatti',
    },
    /** The API's paths for these records (the JSON's names follow the same word: `accountId`, `revisionAccount`). */
    api: {
      segment: 'account',
      /** `GET /sf-user/{agent}/{search}`: the agent's records with revisions in the range. */
      search: 'sf-account',
      /** Versions, history and differences live below it. */
      revisions: '/revision-account',
      /** `{revisions}/{id}/{versions}`: the versions at the two dates. */
      versions: 'account',
      /** The differences endpoint's two query parameters, first and second revision. */
      differences: ['firstRevisionAccountID', 'secondRevisionAccountID'],
      /** The restore requests' endpoint family (create, list, review). */
      restores: '/restore-account-request/',
    },
    /** Keys of the Italian texts in src/i18n/it.ts: the field labels' section and the pages' titles. */
    labels: { section: 'contacts', list: 'contacts', detail: 'contactDetail', restores: 'contactRestores' },
  },
  case: {
    crmObject: 'Case',
    url: {
      segment: 'casi',
      list: '/casi/casi',
      restores: '/gestione_ripristini_casi/gestioneRipristiniCasi',
    },
    api: {
      segment: 'case',
      search: 'sf-case',
      revisions: '/revision-case',
      versions: 'cases',
      differences: ['firstRevisionCaseID', 'secondRevisionCaseID'],
      restores: '/restore-case-request/',
    },
    labels: { section: 'cases', list: 'cases', detail: 'caseDetail', restores: 'caseRestores' },
  },
} as const;

export type RecordKind = keyof typeof recordKindTable;

/** Every kind, contacts first (the order the screens and the background work take them in). */
export const RECORD_KINDS = ['account', 'case'] as const satisfies readonly RecordKind[];

export type CrmObject = (typeof recordKindTable)[RecordKind]['crmObject'];

/** The kind whose CRM object this is. */
export const kindOfObject = (object: CrmObject): RecordKind => (object === 'Account' ? 'account' : 'case');
