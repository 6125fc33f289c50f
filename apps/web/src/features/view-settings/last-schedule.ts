/**
 * Layout templates are shared by the whole space, but the server files every template change under a schedule the
 * user may edit (`/schedules/{id}/version-layout-template`). The page therefore remembers the schedule last opened.
 */
const key = (spaceId: string) => `planum.lastSchedule.${spaceId}`;

export function rememberSchedule(spaceId: string, scheduleId: string): void {
  try {
    localStorage.setItem(key(spaceId), scheduleId);
  } catch {
    // private mode without storage: the page then asks for a schedule link instead
  }
}

export function lastSchedule(spaceId: string): string | null {
  try {
    return localStorage.getItem(key(spaceId));
  } catch {
    return null;
  }
}
