/**
 * What a part starts and must stop again (subscriptions, timers, coalesced work), kept together
 * and stopped at once, in the reverse order of adding. A stop that throws does not keep the
 * others from running; one added after `dispose()` is stopped at once.
 */

export type Stop = () => void;

export class Disposables {
  private stops: Stop[] = [];
  private disposed = false;

  /** Keeps `stops` to run on `dispose()`. */
  add(...stops: Stop[]): void {
    if (this.disposed) {
      for (const stop of stops) runQuietly(stop);
      return;
    }
    this.stops.push(...stops);
  }

  dispose(): void {
    this.disposed = true;
    for (const stop of this.stops.splice(0).reverse()) runQuietly(stop);
  }
}

function runQuietly(stop: Stop): void {
  try {
    stop();
  } catch {
    // One stop failing must not keep the others running.
  }
}
