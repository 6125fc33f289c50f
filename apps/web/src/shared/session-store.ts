import { LAST_SPACE_KEY_PREFIX, readStorage, TOKEN_KEY, writeStorage } from "./storage-keys";

/**
 * The authentication token (localStorage, fixed key) and the id of the signed-in user, observable by React through
 * useSyncExternalStore. Another tab changing the token is picked up through the `storage` event.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let token: string | null = readStorage("local", TOKEN_KEY);
let userId: string | null = null;

function emit() {
  for (const listener of listeners) listener();
}

if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key !== TOKEN_KEY && event.key !== null) return;
    const next = readStorage("local", TOKEN_KEY);
    if (next === token) return;
    token = next;
    if (!next) userId = null;
    emit();
  });
}

export function getToken(): string | null {
  return token;
}

export function setToken(next: string | null): void {
  if (next === token) return;
  token = next;
  if (!next) userId = null;
  writeStorage("local", TOKEN_KEY, next);
  emit();
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSessionUserId(): string | null {
  return userId;
}

export function setSessionUserId(id: string | null): void {
  userId = id;
}

export function getLastSpaceId(forUserId: string | null = userId): string | null {
  return forUserId ? readStorage("local", LAST_SPACE_KEY_PREFIX + forUserId) : null;
}

export function setLastSpaceId(spaceId: string | null, forUserId: string | null = userId): void {
  if (forUserId) writeStorage("local", LAST_SPACE_KEY_PREFIX + forUserId, spaceId);
}
