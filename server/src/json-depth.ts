/**
 * How deeply JSON nests, measured without recursion (a deeply nested value would overflow the
 * stack of anything that walks it recursively: JSON.stringify, a merge, a renderer).
 */

/** Whether JSON text opens more than `max` objects or arrays inside one another. */
export function jsonTextNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/** Whether a parsed value holds objects or arrays more than `max` levels deep (itself is 1). */
export function valueNestsDeeperThan(value: unknown, max: number): boolean {
  const pending: [node: unknown, depth: number][] = [[value, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (!node || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(node)) {
      if (child && typeof child === 'object') pending.push([child, depth + 1]);
    }
  }
  return false;
}
