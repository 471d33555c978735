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
