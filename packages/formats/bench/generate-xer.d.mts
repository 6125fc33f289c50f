export interface GenerateOptions {
  seed?: number;
  /** Resources, one assignment per activity and activity codes (default true). */
  assignments?: boolean;
  /** Relations per activity on average (default about 1.5). */
  relationsPerActivity?: number;
}
export function generateXer(activities: number, options?: GenerateOptions): { text: string; relations: number };
export function generateXerBytes(
  activities: number,
  options?: GenerateOptions,
): { bytes: Uint8Array; relations: number };
