/**
 * The lines of successive matches of `pattern` (a global RegExp), one per call, counting newlines only once over the
 * whole text (elements are read in document order, so the k-th record is the k-th match): finding each record's
 * line from the file's start would rescan it 20,000 times.
 */
export function lineWalker(text: string, pattern: RegExp) {
  let line = 1;
  let from = 0;
  return () => {
    const match = pattern.exec(text);
    if (!match) return line;
    for (let p = text.indexOf("\n", from); p >= 0 && p < match.index; p = text.indexOf("\n", p + 1)) line++;
    from = match.index;
    return line;
  };
}
