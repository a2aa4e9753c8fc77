import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { createS3Storage } from "./s3-storage";
import { createStorage } from "./create-storage";

const credentials = { accessKeyId: "AKIDTESTKEY", secretAccessKey: "test-secret-key" };
const region = "ap-southeast-2";

type Recorded = { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer };
let requests: Recorded[] = [];
let objects = new Map<string, { body: Buffer; contentType: string }>();
/** Status codes to answer with before behaving normally, e.g. [500, 500]. */
let failures: number[] = [];
let server: Server;
let endpoint: string;

// A stand-in S3 endpoint: keeps objects in memory and records every request it is sent.
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      const failure = failures.shift();
      if (failure) {
        res.writeHead(failure, { "content-type": "application/xml" }).end("<Error><Code>InternalError</Code></Error>");
        return;
      }
      if (recorded.method === "PUT") {
        objects.set(recorded.url, { body: recorded.body, contentType: String(req.headers["content-type"]) });
        res.writeHead(200).end();
      } else if (recorded.method === "GET") {
        const object = objects.get(recorded.url);
        if (!object)
          res.writeHead(404, { "content-type": "application/xml" }).end("<Error><Code>NoSuchKey</Code></Error>");
        else res.writeHead(200, { "content-type": object.contentType }).end(object.body);
      } else if (recorded.method === "DELETE") {
        objects.delete(recorded.url);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = [];
  objects = new Map();
  failures = [];
});

const storage = () => createS3Storage({ bucket: "swapshed-uploads", region, endpoint, ...credentials });
const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** Recomputes the AWS Signature V4 of a received request, independently of aws4fetch. */
function expectValidSignature(request: Recorded) {
  const authorization = String(request.headers.authorization);
  expect(authorization.startsWith("AWS4-HMAC-SHA256 ")).toBe(true);
  const match =
    /Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})/.exec(
      authorization,
    );
  expect(match).not.toBeNull();
  const [, accessKeyId, date, signedRegion, signedHeaderList, signature] = match as RegExpExecArray;
  expect(accessKeyId).toBe(credentials.accessKeyId);
  expect(signedRegion).toBe(region);

  const signedHeaders = signedHeaderList.split(";");
  expect(signedHeaders).toEqual(expect.arrayContaining(["host", "x-amz-content-sha256", "x-amz-date"]));
  const canonicalHeaders = signedHeaders
    .map((name) => `${name}:${String(request.headers[name]).trim().replace(/\s+/g, " ")}\n`)
    .join("");
  const canonicalRequest = [
    request.method,
    request.url,
    "",
    canonicalHeaders,
    signedHeaderList,
    String(request.headers["x-amz-content-sha256"]),
  ].join("\n");
  const amzDate = String(request.headers["x-amz-date"]);
  expect(amzDate.slice(0, 8)).toBe(date);
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date), region), "s3"), "aws4_request");
  expect(createHmac("sha256", signingKey).update(stringToSign).digest("hex")).toBe(signature);
}

describe("S3 storage", () => {
  test("put sends one signed PUT to /bucket/key with the body, its hash and its content type", async () => {
    const body = Buffer.from([0x52, 0x49, 0x46, 0x46, 0, 1, 2, 3, 0xff, 0xfe]);
    await storage().put("listings/m1/1700000000000-0a1b2c3d-320.webp", body, "image/webp");

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.method).toBe("PUT");
    expect(request.url).toBe("/swapshed-uploads/listings/m1/1700000000000-0a1b2c3d-320.webp");
    expect(request.body.equals(body)).toBe(true);
    expect(request.headers["content-type"]).toBe("image/webp");
    expect(request.headers["x-amz-content-sha256"]).toBe(sha256(body));
    expect(request.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
    expect(String(request.headers.authorization)).toContain("content-type");
    expectValidSignature(request);
  });

  test("get returns the stored bytes and content type", async () => {
    const s3 = storage();
    const body = Buffer.from("webp bytes");
    await s3.put("listings/m1/a-640.webp", body, "image/webp");
    const found = await s3.get("listings/m1/a-640.webp");

    expect(found?.contentType).toBe("image/webp");
    expect(found?.body.equals(body)).toBe(true);
    const get = requests[1];
    expect(get.method).toBe("GET");
    expect(get.url).toBe("/swapshed-uploads/listings/m1/a-640.webp");
    expect(get.headers["x-amz-content-sha256"]).toBe(sha256(""));
    expectValidSignature(get);
  });

  test("get returns null when the store answers 404", async () => {
    expect(await storage().get("listings/m1/missing-320.webp")).toBeNull();
    expect(requests).toHaveLength(1);
  });

  test("delete sends one signed DELETE per key", async () => {
    const keys = ["listings/m1/a-320.webp", "listings/m1/a-640.webp", "listings/m1/a-1200.webp"];
    await storage().delete(keys);

    expect(requests.map((request) => request.method)).toEqual(["DELETE", "DELETE", "DELETE"]);
    expect(requests.map((request) => request.url).sort()).toEqual(keys.map((key) => `/swapshed-uploads/${key}`).sort());
    for (const request of requests) expectValidSignature(request);
  });

  test("a store that keeps failing makes put throw after a couple of retries", async () => {
    failures = [500, 500, 500];
    await expect(storage().put("listings/m1/a-320.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(/500/);
    expect(requests).toHaveLength(3);
  });

  test("a refused GET is an error, not a missing file", async () => {
    failures = [403];
    await expect(storage().get("listings/m1/a-320.webp")).rejects.toThrow(/403/);
  });

  test("a failed DELETE is reported after the other keys were still deleted", async () => {
    failures = [403];
    await expect(storage().delete(["listings/m1/a-320.webp", "listings/m1/a-640.webp"])).rejects.toThrow(
      "S3 DELETE failed for 1 key(s)",
    );
    expect(requests).toHaveLength(2);
  });

  test("unsafe keys are refused before any request is sent", async () => {
    const s3 = storage();
    await expect(s3.put("../other-bucket/x", Buffer.from("x"), "image/webp")).rejects.toThrow("Unsafe storage key");
    await expect(s3.get("/listings/x")).rejects.toThrow("Unsafe storage key");
    await expect(s3.delete(["listings/ok.webp", "a\\b"])).rejects.toThrow("Unsafe storage key");
    expect(requests).toHaveLength(0);
  });

  test("an endpoint with a path prefix keeps it before the bucket", async () => {
    await createS3Storage({ bucket: "b", region, endpoint: `${endpoint}/storage/`, ...credentials }).put(
      "k.webp",
      Buffer.from("x"),
      "image/webp",
    );
    expect(requests[0].url).toBe("/storage/b/k.webp");
    expectValidSignature(requests[0]);
  });

  test("createStorage with the s3 driver talks to the configured endpoint", async () => {
    const s3 = createStorage({ driver: "s3", bucket: "swapshed-uploads", region, endpoint, ...credentials });
    await s3.put("listings/m3/c-320.webp", Buffer.from("c"), "image/webp");
    expect(requests[0].url).toBe("/swapshed-uploads/listings/m3/c-320.webp");
  });

  test("without an endpoint, requests go to the bucket's virtual host at AWS in the region", async () => {
    // No network here: capture the signed request instead of sending it.
    const sent: Request[] = [];
    vi.stubGlobal("fetch", async (request: Request) => {
      sent.push(request);
      return new Response(null, { status: 200 });
    });
    try {
      await createS3Storage({ bucket: "swapshed-uploads", region, ...credentials }).put(
        "listings/m1/a-320.webp",
        Buffer.from("x"),
        "image/webp",
      );
    } finally {
      vi.unstubAllGlobals();
    }
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe("https://swapshed-uploads.s3.ap-southeast-2.amazonaws.com/listings/m1/a-320.webp");
    expect(sent[0].headers.get("authorization")).toContain(`/${region}/s3/aws4_request`);
  });

  test("forcePathStyle puts the bucket in the path at AWS too", async () => {
    const sent: Request[] = [];
    vi.stubGlobal("fetch", async (request: Request) => {
      sent.push(request);
      return new Response(null, { status: 200 });
    });
    try {
      await createS3Storage({ bucket: "swapshed-uploads", region, forcePathStyle: true, ...credentials }).put(
        "k.webp",
        Buffer.from("x"),
        "image/webp",
      );
    } finally {
      vi.unstubAllGlobals();
    }
    expect(sent[0].url).toBe("https://s3.ap-southeast-2.amazonaws.com/swapshed-uploads/k.webp");
  });
});
