/**
 * A value this tab keeps in sessionStorage (it survives a reload, not the tab), read and written without throwing
 * where the browser refuses storage (a private window's quota, storage blocked): then nothing is kept.
 */

/** The value kept under `key`, or null. */
export function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keep `value` under `key`, or, with null, forget it. */
export function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Refused: nothing is kept, and the page works on without it.
  }
}
