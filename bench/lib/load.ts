import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  connections: number;
  /** How long to drive load, in seconds. */
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Changes each request before it is sent (a fresh body, id or signature per request). */
  setupRequest?: (request: { body?: string; headers?: Record<string, string> }) => {
    body?: string;
    headers?: Record<string, string>;
  };
}

/** What a load run measured. Latencies in milliseconds. */
export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Responses that were not 2xx, and connection errors or timeouts: a valid run has none. */
  failures: number;
}

/** Drives HTTP load with autocannon and returns its throughput and latency figures. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    ...(options.setupRequest
      ? { requests: [{ setupRequest: options.setupRequest as autocannon.Request['setupRequest'] }] }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
