/** The bootstrap admin of the end-to-end server: tests sign in with it and compute its codes. */
export const E2E_ADMIN = {
  username: 'e2e-admin',
  password: 'E2e-Admin-Password-1!',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const;

/** The contacts the demo's first agent edits at once when the end-to-end server starts: over the watch's 50. */
export const E2E_BURST_SIZE = 60;

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The sandbox CRM of the demo server (client id and secret `sandbox` / `sandbox`). */
    sandboxUrl: string;
    /** Where the test files record the last one-time-code step each user spent (see one-time-codes.ts). */
    stepsDir: string;
    /** Where a test file claims the demo contacts it restores (see restore-targets.ts). */
    claimsDir: string;
    /**
     * The demo agent whose burst of edits raises the run's one mass-change alert: the rollback test rolls its
     * contacts back, so no other file restores them (restore-targets.ts).
     */
    burstAgent: { id: string; name: string };
    /** A session of the bootstrap administrator on `baseUrl`, signed in once for the whole run, for API calls. */
    adminToken: string;
  }
}
