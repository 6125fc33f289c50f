export function generateXer(activities: number, options?: { seed?: number }): { text: string; relations: number };
export function generateXerBytes(
  activities: number,
  options?: { seed?: number },
): { bytes: Uint8Array; relations: number };
