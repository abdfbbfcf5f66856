import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { inlineScriptBodies } from '../server/src/serve-client.ts';

export interface BundleSizes {
  startupBytes: number;
  startupFiles: string[];
  allJsBytes: number;
}

const gzipSize = (file: string): number => gzipSync(readFileSync(file), { level: 9 }).length;

/** The JS and CSS files index.html loads at start-up: its module script, module preloads and styles. */
export function startupAssets(indexHtml: string): string[] {
  const assets = new Set<string>();
  const tag = /<(script|link)\b[^>]*>/g;
  for (const [element] of indexHtml.matchAll(tag)) {
    const attribute = (name: string) => element.match(new RegExp(`\\b${name}="([^"]+)"`))?.[1];
    const rel = attribute('rel');
    const url = element.startsWith('<script') ? attribute('src') : attribute('href');
    if (!url || /^https?:/.test(url)) continue;
    if (element.startsWith('<script') || rel === 'modulepreload' || rel === 'stylesheet') {
      if (/\.(m?js|css)$/.test(url)) assets.add(url.replace(/^\//, ''));
    }
  }
  return [...assets];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

export function measureBundle(distDir: string): BundleSizes {
  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const startupFiles = startupAssets(indexHtml);
  // Scripts written into the page itself (the inline starter) are start-up JS too.
  const inline = inlineScriptBodies(indexHtml).filter((body) => body.trim() !== '');
  const startupBytes =
    startupFiles.reduce((sum, file) => sum + gzipSize(path.join(distDir, file)), 0) +
    inline.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
  const allJsBytes = filesUnder(distDir)
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipSize(file), 0);
  return { startupBytes, startupFiles, allJsBytes };
}
