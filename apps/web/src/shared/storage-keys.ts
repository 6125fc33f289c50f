/** Fixed keys of the browser storage entries of spec §3; changing one signs every user out, so they never move. */
export const TOKEN_KEY = "planum.auth-token";
export const LANGUAGE_KEY = "planum.language";
export const LAST_SPACE_KEY_PREFIX = "planum.last-space.";
export const COLOR_SCHEME_KEY = "planum.color-scheme";
export const LAST_ACTIVITY_KEY = "planum.last-activity";
/** sessionStorage: the /disconnect countdown survives a reload of that tab only. */
export const DISCONNECT_DEADLINE_KEY = "planum.disconnect-deadline";
export const DISCONNECT_RETURN_KEY = "planum.disconnect-return";

/** Storage can be unavailable (private mode, blocked cookies): the app keeps working without persistence. */
export function readStorage(storage: "local" | "session", key: string): string | null {
  try {
    return (storage === "local" ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(storage: "local" | "session", key: string, value: string | null): void {
  try {
    const target = storage === "local" ? window.localStorage : window.sessionStorage;
    if (value === null) target.removeItem(key);
    else target.setItem(key, value);
  } catch {
    // nothing to do: the value simply is not remembered
  }
}
