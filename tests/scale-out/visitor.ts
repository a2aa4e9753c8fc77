// One person's browser, talking to whichever app process the load balancer picks: the test chooses the process
// per request, and plays the proxy (X-Forwarded-For, believed through TRUSTED_PROXY). Cookies are kept as a
// browser keeps them, whichever process set them.
import type { AppProcess } from "./app-process";

/** The public address of the site behind the proxy: every process has it as APP_URL, and browsers send it as Origin. */
export const PUBLIC_ORIGIN = "https://swapshed.test";

export type Answer = {
  status: number;
  location: string | null;
  headers: Headers;
  text: string;
  json: () => Record<string, unknown>;
};

let addresses = 0;

export class Visitor {
  private readonly cookies = new Map<string, string>();
  /** A documentation address (TEST-NET-2) of its own: per-address limits see each visitor apart, as behind a real proxy. */
  readonly ip = `198.51.100.${++addresses}`;

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** Another browser holding this one's cookies as they are now (a copied cookie, or the page still open elsewhere). */
  copy(): Visitor {
    const other = new Visitor();
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  get(app: AppProcess, path: string) {
    return this.send(app, path, { method: "GET" });
  }

  /** A JSON POST from our own pages' scripts. */
  postJson(app: AppProcess, path: string, body: unknown) {
    return this.send(app, path, { method: "POST", body: JSON.stringify(body), type: "application/json" });
  }

  /** A DELETE from our own pages' scripts. */
  delete(app: AppProcess, path: string) {
    return this.send(app, path, { method: "DELETE" });
  }

  /** A form submitted without JavaScript: a document POST, answered with the page (or a redirect). */
  postForm(app: AppProcess, path: string, fields: Record<string, string>) {
    return this.send(app, path, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      type: "application/x-www-form-urlencoded",
    });
  }

  private async send(
    app: AppProcess,
    path: string,
    { method, body, type }: { method: string; body?: string; type?: string },
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      accept: type === "application/json" || path.startsWith("/api/") ? "application/json" : "text/html",
      "user-agent": "SwapShed scale-out test",
      "x-forwarded-for": this.ip,
    };
    if (type) headers["content-type"] = type;
    if (method !== "GET") Object.assign(headers, { origin: PUBLIC_ORIGIN, "sec-fetch-site": "same-origin" });
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    app.requests++;
    const res = await fetch(`${app.url}${path}`, { method, headers, body, redirect: "manual" });
    this.keepCookies(res);
    const text = await res.text();
    return {
      status: res.status,
      location: res.headers.get("location"),
      headers: res.headers,
      text,
      json: () => JSON.parse(text) as Record<string, unknown>,
    };
  }

  private keepCookies(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";").map((s) => s.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attributes.some(
        (a) => /^max-age=(0|-)/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) <= Date.now()),
      );
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** Text as a page shows it: the few entities React writes in HTML, decoded. */
export function pageText(html: string): string {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
