/**
 * One CSV cell, safe to open in a spreadsheet: a value starting with =, +, -, @, tab or carriage
 * return would be read as a formula, so it gets a leading ' (as OWASP advises); a value holding a
 * comma, a quote or a line break is quoted, its quotes doubled (RFC 4180).
 */
export function csvCell(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

/** A CSV line of cells, without its line break. */
export function csvRow(cells: readonly string[]): string {
  return cells.map(csvCell).join(',');
}
