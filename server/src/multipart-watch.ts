import type { IncomingMessage } from 'node:http';

/**
 * Watches a multipart body as it arrives, before and beside the parser: busboy keeps scanning a
 * body to its end after a limit is hit (300,000 empty parts cost seconds of CPU), so the body is
 * cut off here as soon as it holds too many parts or too many bytes.
 */

export type Overrun = 'parts' | 'bytes';

export interface MultipartWatch {
  /** Settles when the body runs over a limit (never otherwise). */
  overrun: Promise<Overrun>;
  /** Stops watching (the body was read within the limits). */
  stop(): void;
}

const BOUNDARY = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i;

export function boundaryOf(contentType: string): string | null {
  const match = BOUNDARY.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/**
 * Counts part delimiters (CRLF--boundary) in the raw body; past `maxParts` parts or `maxBytes`
 * bytes it unpipes the body from its parser, throws the rest away unread and settles `overrun`.
 */
export function watchMultipart(
  raw: IncomingMessage,
  limits: { maxParts: number; maxBytes: number },
): MultipartWatch {
  const boundary = boundaryOf(String(raw.headers['content-type'] ?? ''));
  let settle: (overrun: Overrun) => void = () => undefined;
  const overrun = new Promise<Overrun>((resolve) => (settle = resolve));
  if (!boundary) return { overrun, stop: () => undefined };

  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter opens the body without a CRLF before it.
  let carry = Buffer.from('\r\n');
  let delimiters = 0;
  let bytes = 0;
  const onData = (chunk: Buffer) => {
    bytes += chunk.length;
    const data = Buffer.concat([carry, chunk]);
    for (
      let at = data.indexOf(delimiter);
      at !== -1;
      at = data.indexOf(delimiter, at + delimiter.length)
    ) {
      delimiters++;
    }
    carry = data.subarray(Math.max(0, data.length - (delimiter.length - 1)));
    // n parts take n + 1 delimiters (the last one closes the body).
    const over: Overrun | null =
      delimiters > limits.maxParts + 1 ? 'parts' : bytes > limits.maxBytes ? 'bytes' : null;
    if (over) {
      stop();
      raw.unpipe();
      raw.resume();
      settle(over);
    }
  };
  const stop = () => raw.removeListener('data', onData);
  raw.on('data', onData);
  return { overrun, stop };
}
