import { z } from 'zod';

/** Where one register's deliveries arrive: a folder the office (or a sync job) drops files into, or a URL. */
export type FeedSource = { kind: 'folder'; path: string } | { kind: 'url'; url: string };

export interface Feed {
  /** The register the deliveries are for (`EM`, `GB`, `US`…), as the batch list names the feed. */
  name: string;
  source: FeedSource;
}

/** Scheduled office deliveries (`TRADEMARK_FEEDS`, `TRADEMARK_FEED_MINUTES`). */
export interface FeedConfig {
  feeds: Feed[];
  /** Minutes between scans after the one at start-up; 0 scans at start-up only. */
  intervalMinutes: number;
  /** A file changed less than this long ago is still being written: it waits for the next scan. */
  settleSeconds: number;
}

export const DEFAULT_FEED_MINUTES = 15;
export const FEED_SETTLE_SECONDS = 60;

export const feedEnv = {
  TRADEMARK_FEEDS: z.string().max(4000).optional(),
  TRADEMARK_FEED_MINUTES: z.coerce.number().int().min(0).max(10_080).default(DEFAULT_FEED_MINUTES),
};

/**
 * `TRADEMARK_FEEDS=EM=/srv/feeds/em,GB=/srv/feeds/gb,US=https://example.org/daily/latest.xml.gz`: comma-separated
 * `REGISTER=folder-or-URL` entries. A bad entry throws, naming the variable and the entry.
 */
export function parseFeeds(value: string | undefined): Feed[] {
  if (!value?.trim()) return [];
  const feeds: Feed[] = [];
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z]{2,4})=(.+)$/.exec(entry);
    if (!match?.[1] || !match[2]) {
      throw new Error(`TRADEMARK_FEEDS: "${entry}" is not REGISTER=folder-or-URL (e.g. EM=/srv/feeds/em)`);
    }
    const name = match[1].toUpperCase();
    const target = match[2].trim();
    if (feeds.some((feed) => feed.name === name)) throw new Error(`TRADEMARK_FEEDS: ${name} is named twice`);
    if (/^https?:\/\//i.test(target)) {
      try {
        new URL(target);
      } catch {
        throw new Error(`TRADEMARK_FEEDS: "${target}" is not a valid URL`);
      }
      feeds.push({ name, source: { kind: 'url', url: target } });
    } else {
      feeds.push({ name, source: { kind: 'folder', path: target } });
    }
  }
  return feeds;
}

export function toFeedConfig(env: { TRADEMARK_FEEDS?: string | undefined; TRADEMARK_FEED_MINUTES: number }) {
  return {
    feeds: parseFeeds(env.TRADEMARK_FEEDS),
    intervalMinutes: env.TRADEMARK_FEED_MINUTES,
    settleSeconds: FEED_SETTLE_SECONDS,
  } satisfies FeedConfig;
}
