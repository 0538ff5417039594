import http from 'node:http';

export interface PacedLoadResult {
  latencies: number[];
  /** The latencies by request path, to tell which query a slow percentile comes from. */
  latenciesByPath: Map<string, number[]>;
  errors: number;
  sent: number;
  seconds: number;
}

/**
 * An open-loop load at an even rate: request i is due at start + i / rate and its latency counts from that moment,
 * so a slow server cannot hide its queue by slowing the sender down (coordinated omission). autocannon's rate
 * option sends each second's quota in one burst at the start of the second, which measures a burst of 200
 * concurrent requests rather than 200 requests a second.
 */
export async function pacedLoad(options: {
  baseUrl: string;
  paths: string[];
  rate: number;
  seconds: number;
  headers: Record<string, string>;
}): Promise<PacedLoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const latenciesByPath = new Map(options.paths.map((path) => [path, [] as number[]]));
  let errors = 0;
  let finished = 0;
  const start = performance.now() + 50;
  await new Promise<void>((resolve) => {
    let next = 0;
    const fire = () => {
      const now = performance.now();
      while (next < total && start + next * interval <= now) {
        const due = start + next * interval;
        const path = options.paths[next % options.paths.length] as string;
        next += 1;
        const request = http.get(
          `${options.baseUrl}${path}`,
          { agent, headers: options.headers },
          (response) => {
            response.resume();
            response.on('end', () => {
              if (response.statusCode === 200) latenciesByPath.get(path)?.push(performance.now() - due);
              else errors += 1;
              finished += 1;
              if (finished === total) resolve();
            });
          },
        );
        request.on('error', () => {
          errors += 1;
          finished += 1;
          if (finished === total) resolve();
        });
      }
      if (next < total) setTimeout(fire, Math.max(0, start + next * interval - performance.now()));
    };
    setTimeout(fire, 50);
  });
  agent.destroy();
  const latencies = [...latenciesByPath.values()].flat();
  return { latencies, latenciesByPath, errors, sent: total, seconds: options.seconds };
}
