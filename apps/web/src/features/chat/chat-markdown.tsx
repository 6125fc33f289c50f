import type { ReactNode } from "react";

/**
 * A message's Markdown as React elements — never as HTML: every piece of text goes through React, which escapes it,
 * so `<script>` or `<img onerror>` in a message is shown as the characters typed. Links keep only http(s) and
 * mailto addresses (a `javascript:` link stays text). Supported: paragraphs, line breaks, `-`/`*` and `1.` lists,
 * **bold**, *italic*, ~~strike~~, `code`, ``` blocks ```, [text](url), bare URLs and @mentions. Plain elements styled
 * by chat.css (`.chat-text`): a long chat parses and renders rows while scrolling.
 */
const SAFE_URL = /^(https?:\/\/|mailto:)[^\s<>"']+$/i;
const INLINE =
  /(`[^`\n]+`)|(\*\*[^*\n]+\*\*)|(~~[^~\n]+~~)|(\*[^*\n]+\*|_[^_\n]+_)|(\[[^\]\n]+\]\([^)\s]+\))|(https?:\/\/[^\s<>"')]+)|(@[\p{L}\p{N}_.-]+(?: [\p{Lu}][\p{L}]+)?)/gu;

export function safeUrl(url: string): string | null {
  return SAFE_URL.test(url) ? url : null;
}

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const [whole, code, bold, strike, italic, link, url, mention] = match;
    const k = `${key}-${index++}`;
    if (code) out.push(<code key={k}>{code.slice(1, -1)}</code>);
    else if (bold) out.push(<strong key={k}>{inline(bold.slice(2, -2), k)}</strong>);
    else if (strike) out.push(<s key={k}>{inline(strike.slice(2, -2), k)}</s>);
    else if (italic) out.push(<em key={k}>{inline(italic.slice(1, -1), k)}</em>);
    else if (link) {
      const close = link.indexOf("](");
      const label = link.slice(1, close);
      const href = safeUrl(link.slice(close + 2, -1));
      out.push(
        href ? (
          <a key={k} href={href} target="_blank" rel="noopener noreferrer nofollow">
            {label}
          </a>
        ) : (
          whole
        ),
      );
    } else if (url)
      out.push(
        <a key={k} href={url} target="_blank" rel="noopener noreferrer nofollow">
          {url}
        </a>,
      );
    else if (mention)
      out.push(
        <span key={k} className="chat-mention">
          {mention}
        </span>,
      );
    last = at + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** The lines of a paragraph with breaks between them (keys by line number: a rendered text never reorders). */
function withBreaks(lines: string[], key: string): ReactNode[] {
  const out: ReactNode[] = [];
  lines.forEach((line, n) => {
    const lineKey = `${key}-${n}`;
    if (n > 0) out.push(<br key={`${lineKey}-br`} />);
    out.push(...inline(line, lineKey));
  });
  return out;
}

/**
 * Parsed messages by their text: a row scrolled out and back (or re-rendered when a page loads) reuses its elements
 * instead of parsing again. Bounded: the oldest entries go first.
 */
const parsed = new Map<string, ReactNode>();
const PARSED_MAX = 2_000;

export function ChatMarkdown({ text }: { text: string }) {
  let nodes = parsed.get(text);
  if (nodes === undefined) {
    nodes = parse(text);
    if (parsed.size >= PARSED_MAX) parsed.delete(parsed.keys().next().value as string);
    parsed.set(text, nodes);
  }
  return <>{nodes}</>;
}

function parse(text: string): ReactNode[] {
  const blocks: ReactNode[] = [];
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const key = `b${i}`;
    if (line.startsWith("```")) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i].startsWith("```")) body.push(lines[i++]);
      i++;
      blocks.push(
        <pre key={key}>
          <code>{body.join("\n")}</code>
        </pre>,
      );
    } else if (/^\s*([-*]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: string[] = [];
      while (i < lines.length && /^\s*([-*]|\d+\.)\s+/.test(lines[i]))
        items.push(lines[i++].replace(/^\s*([-*]|\d+\.)\s+/, ""));
      const List = ordered ? "ol" : "ul";
      blocks.push(
        <List key={key}>
          {items.map((item, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the items of a rendered text never reorder
            <li key={n}>{inline(item, `${key}-${n}`)}</li>
          ))}
        </List>,
      );
    } else if (line.trim() === "") i++;
    else {
      const paragraph: string[] = [];
      while (
        i < lines.length &&
        lines[i].trim() !== "" &&
        !lines[i].startsWith("```") &&
        !/^\s*([-*]|\d+\.)\s+/.test(lines[i])
      )
        paragraph.push(lines[i++]);
      blocks.push(<p key={key}>{withBreaks(paragraph, key)}</p>);
    }
  }
  return blocks;
}
