import type { AccessGrantKind } from '@contract/four-eyes';

/**
 * The Italian texts of the four-eyes rule (docs/product.md#four-eyes), beside it.ts: only the review screens of
 * restores and rollbacks import them, so they load with those chunks and the first screens stay within their budget
 * (tests/e2e/bundle-budget.test.ts).
 */
const given: Record<AccessGrantKind, string> = {
  created: 'hai creato',
  enrolled: "hai inviato il codice QR (o reimpostato l'autenticatore) a",
  'password-set': 'hai impostato la password di',
};

export const itFourEyes = {
  /** The 403 FOUR_EYES of an approval, by its code as the rollbacks' texts are. */
  errorCodes: {
    FOUR_EYES: "Hai dato tu l'accesso a chi ha fatto la richiesta: deve approvarla un altro revisore",
  } as Partial<Record<string, string>>,
  /** Where 'Approva' would be, on a row of a list. */
  held: 'Da approvare da un altro revisore',
  /** Why, in full: how and when the reviewer gave the requester their access. */
  why: (reason: AccessGrantKind, username: string, day: string) =>
    `Non puoi approvare questa richiesta: il ${day} ${given[reason]} ${username}, che l'ha fatta. Deve approvarla un altro revisore; puoi rifiutarla.`,
};
