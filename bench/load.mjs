// The load generator, in its own process so it does not share an event loop (or a core's worth of
// JIT and GC) with the servers it measures. Input: one JSON argument; output: one JSON line on stdout.
import autocannon from "autocannon";

// `headers`: sent with every request (the benchmark's rendered home page sends a cookie).
const { url, connections, duration, warmup, headers } = JSON.parse(process.argv[2]);

function run(seconds) {
  return new Promise((resolve, reject) => {
    const options = { url, connections, duration: seconds, ...(headers ? { headers } : {}) };
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

if (warmup > 0) await run(warmup);
const r = await run(duration);
process.stdout.write(
  `${JSON.stringify({
    requestsPerSec: r.requests.average,
    requestsTotal: r.requests.total,
    latencyP50: r.latency.p50,
    latencyP90: r.latency.p90,
    latencyP99: r.latency.p99,
    latencyAvg: r.latency.average,
    latencyMax: r.latency.max,
    throughputBytesPerSec: r.throughput.average,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  })}\n`,
);
