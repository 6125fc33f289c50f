import { type BrowserContext, chromium, type Page } from "playwright-core";

/** CSS pixels in a millimetre (96 dpi). */
const PX_PER_MM = 96 / 25.4;

/** Chromium's own page size when none is asked (what a PDF render is laid out in before its `@page`). */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };
/** Pages kept open between renders: two renders at once find one each. */
const IDLE_PAGES = 2;

/**
 * The one headless Chromium of a process (Debian's, through playwright-core) that renders prints: started on the
 * first print, shared by all, closed when the server closes. A render takes a page kept open from an earlier one
 * (or opens one when none is free) and gives it back; the content it sets replaces the page's whole document.
 * A new page per render was most of a preview's cost: a 1,000-row A3 page took 1.2–1.9 s of Chromium's CPU with a
 * page (and its renderer process) opened for it, 0.2 s in a kept one.
 */
export class PdfBrowser {
  private context: Promise<BrowserContext> | null = null;
  private idle: Page[] = [];
  private closed = false;

  constructor(private readonly executablePath = process.env.PLANUM_CHROMIUM || "/usr/bin/chromium") {}

  private launch(): Promise<BrowserContext> {
    if (this.closed) throw new Error("the print browser is closed");
    if (!this.context) {
      const starting = chromium
        .launch({ executablePath: this.executablePath, headless: true, args: ["--no-sandbox"] })
        .then((browser) => {
          browser.on("disconnected", forget);
          return browser.newContext({ viewport: DEFAULT_VIEWPORT });
        });
      // a failed start (or a crash later) must not leave a dead browser, nor its pages, for the next print
      const forget = () => {
        if (this.context !== starting) return;
        this.context = null;
        this.idle = [];
      };
      starting.catch(forget);
      this.context = starting;
    }
    return this.context;
  }

  private async withPage<T>(
    html: string,
    viewport: { width: number; height: number },
    use: (page: Page) => Promise<T>,
  ): Promise<T> {
    const context = await this.launch();
    let page = this.idle.pop();
    while (page?.isClosed()) page = this.idle.pop();
    page ??= await context.newPage();
    let done = false;
    try {
      // sized before the content, so the page is laid out once
      const size = page.viewportSize();
      if (size?.width !== viewport.width || size?.height !== viewport.height) await page.setViewportSize(viewport);
      await page.setContent(html, { waitUntil: "load" });
      const result = await use(page);
      done = true;
      return result;
    } finally {
      // a page whose render failed is not trusted again
      if (done && !this.closed && this.idle.length < IDLE_PAGES) this.idle.push(page);
      else await page.close().catch(() => undefined);
    }
  }

  /** The HTML as a PDF; its sheets are the document's `@page` size. */
  pdf(html: string): Promise<Buffer> {
    return this.withPage(html, DEFAULT_VIEWPORT, (page) =>
      page.pdf({ preferCSSPageSize: true, printBackground: true }),
    );
  }

  /** A PNG of the first `.page` of the HTML at 96 dpi (a preview): the sheet fills the viewport from its corner. */
  png(html: string, widthMm: number, heightMm: number): Promise<Buffer> {
    const size = { width: Math.ceil(widthMm * PX_PER_MM), height: Math.ceil(heightMm * PX_PER_MM) };
    return this.withPage(html, size, (page) => page.screenshot({ clip: { x: 0, y: 0, ...size } }));
  }

  async close() {
    this.closed = true;
    const running = this.context;
    this.context = null;
    this.idle = [];
    const context = await running?.catch(() => null);
    await context?.browser()?.close();
  }
}
