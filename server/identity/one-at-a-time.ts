/**
 * Runs the code-confirmed actions of one user one after another in this process. A double submit (the same code
 * sent twice at once) then finds the first one's work done and is refused for that (409: already reviewed, a
 * duplicate request) instead of for its code, which the first spent (400 'Invalid Totp': the user would read that
 * the code was wrong although the action was done). Across instances the database still lets only one through.
 */
export class OneAtATime {
  private readonly tails = new Map<number, Promise<void>>();

  async run<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(userId) ?? Promise.resolve();
    let release!: () => void;
    const tail = before.then(() => new Promise<void>((resolve) => (release = resolve)));
    this.tails.set(userId, tail);
    try {
      await before;
      return await work();
    } finally {
      // `release` is set once `before` has settled, which the await above waited for.
      release();
      if (this.tails.get(userId) === tail) this.tails.delete(userId);
    }
  }
}
