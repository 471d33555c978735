/** A clock tests move by hand; pass `clock.now` to createTestApp. */
export class TestClock {
  private at: number;

  constructor(start: Date = new Date()) {
    this.at = start.getTime();
  }

  readonly now = (): Date => new Date(this.at);

  advance(ms: number): void {
    this.at += ms;
  }
}
