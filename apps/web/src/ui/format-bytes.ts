export const BYTE_UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

/** Bytes as people read them: 1.5 MB (units in the interface's language). */
export function formatBytes(bytes: number, unit: (key: (typeof BYTE_UNITS)[number]) => string): string {
  let value = bytes;
  let index = 0;
  while (value >= 1024 && index < BYTE_UNITS.length - 1) {
    value /= 1024;
    index++;
  }
  const digits = index === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${unit(BYTE_UNITS[index])}`;
}
