/** At most `limit` reports per address per minute; in memory, because losing the count on restart is harmless. */
export class ClientErrorLimiter {
  private readonly counts = new Map<string, { windowStart: number; count: number }>();

  constructor(
    private readonly limit = 20,
    private readonly windowMs = 60_000,
  ) {}

  allow(address: string, now = Date.now()): boolean {
    const entry = this.counts.get(address);
    if (!entry || now - entry.windowStart >= this.windowMs) {
      if (this.counts.size > 10_000) this.counts.clear();
      this.counts.set(address, { windowStart: now, count: 1 });
      return true;
    }
    entry.count++;
    return entry.count <= this.limit;
  }
}
