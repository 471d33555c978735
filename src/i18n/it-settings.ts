/**
 * The Italian texts of the settings screen ('Impostazioni'), beside it.ts: only that screen imports them, so they load with its chunk
 * and stay out of the script every signed-in page loads (tests/e2e/bundle-budget.test.ts).
 */
export const itSettings = {
  changePassword: 'Cambia password',
  changePasswordDescription:
    'Dopo la modifica tutte le tue sessioni terminano e dovrai accedere di nuovo con la nuova password.',
  currentPassword: 'Password attuale',
  newPassword: 'Nuova password',
  confirmPassword: 'Conferma nuova password',
  submit: 'Conferma',
  cancel: 'Annulla',
  success: 'Password modificata con successo',
  signInAgain: 'Accedi di nuovo con la nuova password.',
  failure: 'Errore durante la modifica della password',
  wrongCurrent: 'La password attuale non è corretta',
  sessions: {
    title: 'Sessioni attive',
    description:
      "I dispositivi da cui hai effettuato l'accesso. Se non riconosci una sessione, terminala e cambia la password.",
    details: (started: string, lastUsed: string, ip: string) =>
      `Iniziata il ${started} · ultimo uso ${lastUsed} · indirizzo ${ip}`,
    unknownBrowser: 'Browser sconosciuto',
    /** A session's browser and system as its User-Agent names them ('Chrome su Windows'). */
    browserOn: (browser: string, system: string) => `${browser} su ${system}`,
    current: 'Questa sessione',
    endOne: 'Termina',
    endOneLabel: (what: string) => `Termina la sessione ${what}`,
    endOthers: 'Termina tutte le altre',
    ended: 'Sessione terminata',
    othersEnded: 'Le altre sessioni sono state terminate',
    endFailed: 'Errore durante la chiusura della sessione',
    loadFailed: 'Errore durante il caricamento delle sessioni',
  },
};
