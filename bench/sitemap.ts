// The sitemaps at the bench's listing count (decision 092): /sitemap.xml and every listings page it names, read
// as a crawler reads them, timed, with the process's peak memory while they stream. The app runs in this process,
// so the growth of its resident set above what it was before the first request is the sitemaps' cost; the bodies
// are counted as they arrive and never kept.
import { log } from "./log";
import { check } from "./targets";

type PageFigure = { path: string; ms: number; bytes: number; urls: number };

/** Asks the app for a path: over HTTP in the full run, through `app.request` in the sitemap-only run. */
export type Ask = (path: string) => Promise<Response>;

async function readCounting(ask: Ask, path: string): Promise<Omit<PageFigure, "path">> {
  const start = performance.now();
  const response = await ask(path);
  if (response.status !== 200 || !response.body) throw new Error(`${path} answered ${response.status}`);
  const decoder = new TextDecoder();
  let bytes = 0;
  let urls = 0;
  let carry = "";
  for await (const chunk of response.body) {
    bytes += chunk.length;
    const text = carry + decoder.decode(chunk, { stream: true });
    urls += text.split("<loc>").length - 1;
    // A tag cut between two chunks is counted with the next one.
    carry = text.slice(-5);
    urls -= carry.split("<loc>").length - 1;
  }
  urls += carry.split("<loc>").length - 1;
  return { ms: performance.now() - start, bytes, urls };
}

export async function measureSitemap(ask: Ask) {
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 10);
  const started = performance.now();
  try {
    const indexStart = performance.now();
    const index = await (await ask("/sitemap.xml")).text();
    const indexMs = performance.now() - indexStart;
    const locs = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const pages: PageFigure[] = [];
    // What stays after each page once garbage is collected (with --expose-gc): the cost that would grow with the
    // listings if rows were kept. The peak above also counts garbage not yet collected.
    let retained = 0;
    for (const path of locs) {
      pages.push({ path, ...(await readCounting(ask, path)) });
      if (global.gc) {
        global.gc();
        retained = Math.max(retained, process.memoryUsage().heapUsed - before.heapUsed);
      }
    }
    const totalMs = performance.now() - started;
    const listingPages = pages.filter((p) => p.path.startsWith("/sitemaps/listings-"));
    const figures = {
      indexMs,
      totalMs,
      listingUrls: listingPages.reduce((sum, p) => sum + p.urls, 0),
      listingPages: listingPages.length,
      slowestPageMs: Math.max(0, ...pages.map((p) => p.ms)),
      largestPageUrls: Math.max(0, ...pages.map((p) => p.urls)),
      peakRssGrowthMb: (peakRss - before.rss) / 2 ** 20,
      peakHeapGrowthMb: (peakHeap - before.heapUsed) / 2 ** 20,
      /** Null without --expose-gc (the full run): then only the peaks are known. */
      retainedHeapGrowthMb: global.gc ? retained / 2 ** 20 : null,
      pages,
    };
    log(
      `sitemaps: ${figures.listingUrls.toLocaleString("en-AU")} listing addresses on ${figures.listingPages} pages in ${(totalMs / 1000).toFixed(1)} s (slowest page ${figures.slowestPageMs.toFixed(0)} ms), peak memory +${figures.peakRssGrowthMb.toFixed(1)} MB resident, +${figures.peakHeapGrowthMb.toFixed(1)} MB heap${figures.retainedHeapGrowthMb === null ? "" : `, +${figures.retainedHeapGrowthMb.toFixed(1)} MB heap kept after collection`}`,
    );
    return figures;
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Memory must not grow with the listings: a million listings stream in the same few batches as a thousand. The
 * page limit is the protocol's.
 */
export function sitemapTargets(figures: Awaited<ReturnType<typeof measureSitemap>>) {
  return [
    // Garbage collected late is not memory held: the binding figure is what stays after collection (measured by
    // `npm run bench:sitemap`, which runs with --expose-gc); the peak is reported beside it.
    ...(figures.retainedHeapGrowthMb === null
      ? []
      : [
          check(
            "Sitemaps, every page read: heap kept after garbage collection",
            "≤ 16 MB",
            figures.retainedHeapGrowthMb,
            (v) => v <= 16,
            "bench:sitemap (every run)",
          ),
        ]),
    check(
      "Sitemaps, every page read: peak resident memory growth (garbage included)",
      "≤ 256 MB",
      figures.peakRssGrowthMb,
      (v) => v <= 256,
      "every run",
    ),
    check(
      "Sitemaps: addresses on the largest page",
      "≤ 50,000",
      figures.largestPageUrls,
      (v) => v <= 50_000,
      "every run",
    ),
  ];
}
