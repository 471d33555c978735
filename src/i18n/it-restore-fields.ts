/**
 * The Italian texts of a restore's field choice, in the code dialog of 'Segnala ripristino' and 'Forza ripristino',
 * beside it.ts: only that dialog imports them, so they load with its chunk when it opens and the first screens of
 * the app stay within their budget (tests/e2e/bundle-budget.test.ts).
 */
export const itRestoreFields = {
  caption: 'Campi da ripristinare',
  intro:
    'Togli la spunta ai campi da lasciare come sono: il ripristino scrive solo quelli selezionati. Un indirizzo si ripristina per intero.',
  field: 'Campo',
  current: 'Ultimo valore salvato',
  savedAt: (when: string) => `Ultima versione salvata il ${when}`,
  target: 'Valore da ripristinare',
  column: 'Ripristina',
  choose: (label: string) => `Ripristina ${label}`,
  chosen: (n: number, total: number) => `Campi selezionati: ${n} su ${total}`,
  noneChosen: 'Seleziona almeno un campo da ripristinare',
  loading: 'Caricamento dei campi modificati…',
  failed: 'Non è stato possibile caricare i campi modificati: il ripristino riporta tutti i campi.',
  none: "Nessun campo è diverso dall'ultima versione salvata.",
  /** A record deleted in the CRM: the restore brings it back before it writes the fields. */
  deleted:
    'Il record è eliminato nel CRM: il ripristino lo riporta dal cestino (o lo ricrea, se è stato eliminato definitivamente) e poi ne scrive i campi selezionati.',
};
