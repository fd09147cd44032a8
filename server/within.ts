/**
 * Bounded waits: a promise raced with a timer, for answers that may never
 * come (a Redis that hangs, a storage that does not answer). The timer does
 * not keep the process alive, and is cleared once the promise settles.
 */

/** Settles as `promise` does, or as `late` does once `ms` have passed. */
function race<T, U>(promise: Promise<T>, ms: number, late: () => Promise<U>): Promise<T | U> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<U>((resolve, reject) => {
    timer = setTimeout(() => void late().then(resolve, reject), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** `promise`'s value, or undefined once `ms` have passed or if it fails: never a rejection. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return race(
    promise.catch(() => undefined),
    ms,
    () => Promise.resolve(undefined),
  );
}

/** As `promise`, or a rejection ("no answer in `ms` ms") once `ms` have passed. */
export function withinOrFail<T>(promise: Promise<T>, ms: number): Promise<T> {
  return race(promise, ms, () => Promise.reject<never>(new Error(`no answer in ${ms} ms`)));
}
