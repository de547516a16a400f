import type { BridgeEvent } from '@vigil/domain';

type Of<T extends BridgeEvent['type']> = Extract<BridgeEvent, { type: T }>;

/** Events as a page receives them, with a way to wait for the next one that matches. */
export class EventLog {
  readonly events: BridgeEvent[] = [];
  private waiters: { test: (e: BridgeEvent) => boolean; resolve: (e: BridgeEvent) => void }[] = [];

  push = (event: BridgeEvent) => {
    this.events.push(event);
    for (const w of [...this.waiters]) {
      if (w.test(event)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(event);
      }
    }
  };

  of<T extends BridgeEvent['type']>(type: T): Of<T>[] {
    return this.events.filter((e): e is Of<T> => e.type === type);
  }

  /** The first event of this type (and predicate) from now on, or from `since` (an index) on. */
  next<T extends BridgeEvent['type']>(
    type: T,
    predicate: (e: Of<T>) => boolean = () => true,
    options: { since?: number; timeoutMs?: number } = {},
  ): Promise<Of<T>> {
    const test = (e: BridgeEvent) => e.type === type && predicate(e as Of<T>);
    const earlier = options.since === undefined ? undefined : this.events.slice(options.since).find(test);
    if (earlier) return Promise.resolve(earlier as Of<T>);
    // Generous: CI shares two cores with browser journeys and other servers.
    const timeoutMs = options.timeoutMs ?? 15_000;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.test !== test);
        reject(
          new Error(
            `no ${type} event within ${timeoutMs} ms; last events: ${JSON.stringify(this.events.slice(-5))}`,
          ),
        );
      }, timeoutMs);
      this.waiters.push({
        test,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e as Of<T>);
        },
      });
    });
  }

  get length() {
    return this.events.length;
  }
}
