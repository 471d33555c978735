/** The client's configuration, fixed at build time. The only reader of import.meta.env. */
export const clientConfig = {
  apiBaseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '/api/v3',
  requestTimeoutMs: 20_000,
} as const;
