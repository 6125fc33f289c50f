/**
 * P6 keeps notebook topics as HTML (XER TASKMEMO.task_memo, P6 XML ActivityNote/Note), with line breaks inside an XER
 * field written as DEL characters (0x7F). The model keeps notes as plain text: paragraphs and breaks become new lines,
 * other tags go, the common entities are decoded.
 */
export function noteText(html: string): string {
  const text = html
    // a break P6 writes after a tag is the tag's own line break
    .replace(/(<[^>]+>)\x7f\x7f?/g, "$1")
    .replace(/\x7f\x7f|\x7f/g, "\n")
    .replace(/<\s*br\s*\/?>/gi, "\n")
    .replace(/<\/\s*(p|div|li|h[1-6]|tr)\s*>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/gi, " ")
    .replace(/&lt;/gi, "<")
    .replace(/&gt;/gi, ">")
    .replace(/&quot;/gi, '"')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(Number.parseInt(n, 16)))
    .replace(/&amp;/gi, "&");
  return text
    .split("\n")
    .map((line) => line.replace(/[ \t\r]+$/g, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Several topics of one activity as one text: each under its topic's name when there are several. */
export function joinNotes(topics: { topic?: string; text: string }[]): string | undefined {
  const kept = topics.filter((t) => t.text !== "");
  if (kept.length === 0) return undefined;
  if (kept.length === 1) return kept[0].text;
  return kept.map((t) => (t.topic ? `${t.topic}\n${t.text}` : t.text)).join("\n\n");
}
