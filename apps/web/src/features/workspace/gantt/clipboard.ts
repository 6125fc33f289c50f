/**
 * Cell blocks on the clipboard as tab-separated text, the format spreadsheets exchange: rows end with a newline and
 * a cell holding a tab, newline or quote is wrapped in double quotes with inner quotes doubled.
 */
export function formatBlock(rows: string[][]): string {
  return rows
    .map((row) => row.map((cell) => (/[\t\n\r"]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join("\t"))
    .join("\n");
}

/** Parses tab-separated text (as copied from a spreadsheet or from this grid) into rows of cells. */
export function parseBlock(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let k = 0;
  const s = text.replace(/\r\n?/g, "\n");
  while (k < s.length) {
    const ch = s[k];
    if (quoted) {
      if (ch === '"' && s[k + 1] === '"') {
        cell += '"';
        k += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else cell += ch;
      k++;
      continue;
    }
    if (ch === '"' && cell === "") quoted = true;
    else if (ch === "\t") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
    k++;
  }
  // A trailing newline (spreadsheets always add one) does not make an empty last row.
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
