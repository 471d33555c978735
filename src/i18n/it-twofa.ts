/**
 * The Italian texts of the authenticator set-up page (`/2fa/{token}`), beside it.ts: only that screen imports them, so they load with its chunk
 * and stay out of the script every signed-in page loads (tests/e2e/bundle-budget.test.ts).
 */
export const itTwoFactor = {
  title: "Configura l'autenticatore",
  instructions:
    "Inquadra il codice QR con l'app di autenticazione (per esempio Google Authenticator o Microsoft Authenticator), poi accedi con il codice a 6 cifre che l'app genera.",
  qrAlt: "Codice QR per configurare l'app di autenticazione",
  secretLabel: "Se non puoi inquadrare il codice QR, inserisci questo codice nell'app:",
  copy: 'Copia codice',
  copied: 'Codice copiato',
  expired:
    'Il link è scaduto o è già stato usato. Chiedi a un amministratore di inviarti un nuovo codice QR.',
  error: 'Si è verificato un errore durante il caricamento del codice QR.',
  toSignIn: 'Vai al login',
  confirmInstructions:
    "Inquadra il codice QR con l'app di autenticazione (per esempio Google Authenticator o Microsoft Authenticator), poi inserisci qui sotto il codice a 6 cifre che l'app genera e premi Conferma. Fino alla conferma il codice che usi ora continua a funzionare.",
  confirmLabel: 'Codice a 6 cifre della nuova app',
  confirm: 'Conferma',
  confirmRequired: 'Inserisci tutte le 6 cifre del codice',
  confirmed:
    'Nuovo autenticatore confermato: da ora accedi con il codice della nuova app. Tutte le tue sessioni sono state terminate, su ogni dispositivo e browser: accedi di nuovo.',
};
