export interface GenerateOptions {
  seed?: number;
  /** Resources, one assignment per activity and activity codes (default true). */
  assignments?: boolean;
}
export function generateXer(activities: number, options?: GenerateOptions): { text: string; relations: number };
export function generateXerBytes(
  activities: number,
  options?: GenerateOptions,
): { bytes: Uint8Array; relations: number };
