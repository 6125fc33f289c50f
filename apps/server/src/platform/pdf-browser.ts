import { type Browser, chromium, type Page } from "playwright-core";

/** CSS pixels in a millimetre (96 dpi). */
const PX_PER_MM = 96 / 25.4;

/**
 * The one headless Chromium of a process (Debian's, through playwright-core) that renders prints: started on the
 * first print, shared by all, closed when the server closes. A render gets a page of its own, closed after.
 */
export class PdfBrowser {
  private browser: Promise<Browser> | null = null;
  private closed = false;

  constructor(private readonly executablePath = process.env.PLANUM_CHROMIUM || "/usr/bin/chromium") {}

  private launch(): Promise<Browser> {
    if (this.closed) throw new Error("the print browser is closed");
    if (!this.browser) {
      const starting = chromium.launch({ executablePath: this.executablePath, headless: true, args: ["--no-sandbox"] });
      // a failed start (or a crash later) must not leave a dead browser for the next print
      const forget = () => {
        if (this.browser === starting) this.browser = null;
      };
      starting.then((browser) => browser.on("disconnected", forget), forget);
      this.browser = starting;
    }
    return this.browser;
  }

  private async withPage<T>(html: string, use: (page: Page) => Promise<T>): Promise<T> {
    const browser = await this.launch();
    const page = await browser.newPage();
    try {
      await page.setContent(html, { waitUntil: "load" });
      return await use(page);
    } finally {
      await page.close();
    }
  }

  /** The HTML as a PDF; its sheets are the document's `@page` size. */
  pdf(html: string): Promise<Buffer> {
    return this.withPage(html, (page) => page.pdf({ preferCSSPageSize: true, printBackground: true }));
  }

  /** A PNG of the first `.page` of the HTML at 96 dpi (a preview). */
  png(html: string, widthMm: number, heightMm: number): Promise<Buffer> {
    return this.withPage(html, async (page) => {
      await page.setViewportSize({ width: Math.ceil(widthMm * PX_PER_MM), height: Math.ceil(heightMm * PX_PER_MM) });
      return page.locator(".page").first().screenshot({ scale: "css" });
    });
  }

  async close() {
    this.closed = true;
    const running = this.browser;
    this.browser = null;
    if (running) await (await running.catch(() => null))?.close();
  }
}
