export type RetryPolicy = {
  /** Attempts after the first one. */
  maxRetries: number;
  /** Wait before the first retry; each further retry waits `factor` times longer. */
  minTimeoutMs: number;
  factor: number;
};

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 4, minTimeoutMs: 500, factor: 2 };

export const backoffMs = (policy: RetryPolicy, retry: number) => policy.minTimeoutMs * policy.factor ** retry;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` again after a growing pause while `shouldRetry` says the failure is passing. */
export async function withRetry<T>(
  policy: RetryPolicy,
  attempt: () => Promise<T>,
  shouldRetry: (error: unknown) => boolean,
): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      if (retry >= policy.maxRetries || !shouldRetry(error)) throw error;
      await sleep(backoffMs(policy, retry));
    }
  }
}
