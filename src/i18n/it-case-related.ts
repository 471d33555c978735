/**
 * The Italian texts of a case's 'E-mail e commenti' section, beside it.ts: only the section's list imports them, so
 * they load with its chunk when the section is first opened and the first screens stay within their budget
 * (tests/e2e/bundle-budget.test.ts). Its title is `it.cases.sections.related`.
 */
export const itCaseRelated = {
  intro: 'Le e-mail e i commenti del caso esistiti nel periodo confrontato, dal più recente.',
  loading: 'Caricamento di e-mail e commenti...',
  loadFailed: 'Errore durante il caricamento di e-mail e commenti',
  empty: 'Nessuna e-mail o commento nel periodo.',
  notSaved:
    'Sei offline e le e-mail e i commenti di questo caso non sono mai stati letti su questo dispositivo: saranno disponibili quando torna la connessione.',
  moreOffline: (shown: number, total: number) =>
    `Offline sono disponibili le ${shown} righe lette su questo dispositivo, su ${total}.`,
  showMore: 'Mostra altri',
  email: 'E-mail',
  comment: 'Commento',
  from: 'Da',
  to: 'A',
  author: 'Autore',
  noSubject: '(senza oggetto)',
  noText: 'Nessun testo.',
  incoming: 'In arrivo',
  outgoing: 'In uscita',
  published: 'Pubblico',
  internal: 'Interno',
  changes: { added: 'Aggiunto', changed: 'Modificato', deleted: 'Eliminato' },
  deletedOn: (day: string) => `Eliminato il ${day}`,
  showText: (what: string) => `Mostra il testo: ${what}`,
};
