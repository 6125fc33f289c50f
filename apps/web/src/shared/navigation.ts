/**
 * Lets code outside React (the API client, socket handlers) move the router. The app registers the router's own
 * navigate function at start; before that a full page load is the fallback.
 */
type NavigateFn = (to: string, options?: { replace?: boolean }) => void;
let navigateFn: NavigateFn | null = null;

export function registerNavigator(fn: NavigateFn): void {
  navigateFn = fn;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (typeof window !== "undefined" && currentPath() === to) return;
  if (navigateFn) navigateFn(to, options);
  else window.location.assign(to);
}

/** Path, query and hash of the page the user is on. */
export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return pathname + search + hash;
}

/** The space the open route belongs to; set by the space layout while it is mounted. */
let currentSpaceId: string | null = null;

export function getCurrentSpaceId(): string | null {
  return currentSpaceId;
}

export function setCurrentSpaceId(spaceId: string | null): void {
  currentSpaceId = spaceId;
}
