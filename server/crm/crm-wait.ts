/**
 * How long a screen's read of Storico's own data waits for something it asks the CRM on the side (the fields a
 * restore leaves, the names of CRM users) before answering without it. Such a read never waits on a CRM that does
 * not answer; what was asked is kept once it comes.
 */
export const CRM_SIDE_WAIT_MS = 1_000;

/** What `asked` answers within `ms`, else `fallback`; a failure is `fallback` too. */
export async function answerWithin<T>(asked: Promise<T>, fallback: T, ms = CRM_SIDE_WAIT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([asked.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

/**
 * The org's daily API request limit is a rolling 24-hour count
 * (https://developer.salesforce.com/docs/atlas.en-us.salesforce_app_limits_cheatsheet.meta/salesforce_app_limits_cheatsheet/salesforce_app_limits_platform_api.htm):
 * a call refused for it (or held back at SF_API_MAX_USAGE) is retried a quarter of an hour later (Retry-After).
 */
export const CRM_LIMIT_RETRY_AFTER_S = 900;
