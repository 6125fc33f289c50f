import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChatMarkdown, safeUrl } from "./chat-markdown";

const render = (text: string) =>
  renderToStaticMarkup(
    <MantineProvider>
      <ChatMarkdown text={text} />
    </MantineProvider>,
  );

describe("chat Markdown", () => {
  it("never turns a message into markup: tags and handlers come out as the characters typed", () => {
    const html = render('<script>alert(1)</script> <img src=x onerror="alert(2)"> **<b>bold</b>**');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=");
    expect(html).toContain("<strong>&lt;b&gt;bold&lt;/b&gt;</strong>");
  });

  it("keeps only http(s) and mailto links", () => {
    expect(safeUrl("javascript:alert(1)")).toBeNull();
    expect(safeUrl("data:text/html,<script>")).toBeNull();
    expect(safeUrl("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    const html = render("[click](javascript:alert(1)) and [site](https://example.com)");
    expect(html).not.toContain('href="javascript');
    expect(html).toContain("[click](javascript:alert(1))");
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it("renders emphasis, code, lists and mentions", () => {
    const html = render("Бетон *завтра* в `8:00`\n\n- опалубка\n- арматура\n\n@Petrova Anna, ~~нет~~");
    expect(html).toContain("<em>завтра</em>");
    expect(html).toMatch(/<code[^>]*>8:00<\/code>/);
    expect(html).toMatch(/<ul[^>]*>.*опалубка.*арматура.*<\/ul>/s);
    expect(html).toContain("@Petrova Anna");
    expect(html).toContain("<s>нет</s>");
  });
});
