/** ISO-8601 durations as MSPDI writes them ("PT8H0M0S", "-PT4H0M0S", "P1DT2H") ↔ minutes. */
export function parseIsoDuration(s: string): number | undefined {
  const m =
    /^(-)?P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
      s.trim(),
    );
  if (!m) return undefined;
  const n = (i: number) => (m[i] ? Number(m[i]) : 0);
  const minutes = n(4) * 1440 + n(5) * 60 + n(6) + n(7) / 60;
  return Math.round(m[1] ? -minutes : minutes);
}

export function formatIsoDuration(minutes: number): string {
  const neg = minutes < 0;
  const m = Math.abs(Math.round(minutes));
  return `${neg ? "-" : ""}PT${Math.floor(m / 60)}H${m % 60}M0S`;
}
