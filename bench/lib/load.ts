import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** A bounded load run against 127.0.0.1 only: fixed duration, fixed connections, then it stops. */
export async function load(
  url: string,
  options: { seconds: number; connections: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  if (!/^http:\/\/127\.0\.0\.1[:/]/.test(url))
    throw new Error(`load tests target 127.0.0.1 only, not ${url}`);
  const result = await autocannon({
    url,
    duration: options.seconds,
    connections: options.connections,
    headers: options.headers,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
