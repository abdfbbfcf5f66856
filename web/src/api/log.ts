/**
 * The seam for "logged and skipped": every entity a parser cannot understand goes through here,
 * so the shell can later show or collect skips by replacing the sink.
 */
export type SkipSink = (entity: string, reason: string, raw: unknown) => void;

const consoleSink: SkipSink = (entity, reason, raw) => {
  console.warn(`[api] skipped ${entity}: ${reason}`, raw);
};

let sink: SkipSink = consoleSink;

export function logSkip(entity: string, reason: string, raw: unknown): void {
  sink(entity, reason, raw);
}

/** Replaces where skips go; returns a function that restores the previous sink. */
export function setSkipSink(next: SkipSink): () => void {
  const previous = sink;
  sink = next;
  return () => {
    sink = previous;
  };
}
