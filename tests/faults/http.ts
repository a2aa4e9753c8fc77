// HTTP for the fault suite: one connection per request (never a pooled socket to a process that has since
// been killed), and an answer counts only once its whole body has arrived.
import http from "node:http";

export type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

export function send(
  url: string,
  {
    method = "GET",
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        headers: { ...headers, ...(body ? { "content-length": String(Buffer.byteLength(body)) } : {}) },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          // A body cut short by the kill ends without `complete`: not an answer.
          if (!res.complete) return reject(new Error("the answer was cut short"));
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** A multipart form as a browser would send it: the body and its Content-Type with the boundary. */
export async function multipart(form: FormData): Promise<{ body: Buffer; type: string }> {
  const request = new Request("http://form.invalid/", { method: "POST", body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get("content-type") as string };
}

/**
 * The one-time message a redirect carries: react-router's signed `flash` cookie, base64 of the JSON, a dot and the
 * signature (the app process's secret signs it; reading it here needs no check).
 */
export function flashOf(answer: Answer): { type: string; message: string } | null {
  for (const line of answer.headers["set-cookie"] ?? []) {
    const match = /^flash=([^;]*)/.exec(line);
    if (!match?.[1]) continue;
    const [value] = decodeURIComponent(match[1]).split(".");
    const decoded = Buffer.from(value, "base64").toString("utf8");
    return JSON.parse(decoded) as { type: string; message: string };
  }
  return null;
}
