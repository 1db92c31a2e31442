// How the command line writes what it found: an issue as `file:line:column code path
// message`, or as a JSON line; the summary as a table, or as a JSON line.

/** A path as `$.content[0].text` (`$` is the message, or the line's conversation). */
export function pathText(path) {
  let out = '$';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(seg)) out += `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

export function issueText(file, i, { formatGiven }) {
  const where = `${file}:${i.line}:${i.column}`;
  const tail = i.severity === 'warning' ? ' (warning)' : '';
  const format = formatGiven || !i.format ? '' : ` [${i.format}]`;
  return `${where} ${i.code} ${pathText(i.path)} ${i.message}${tail}${format}`;
}

export function issueJson(file, i) {
  return JSON.stringify({ type: 'issue', file, ...i });
}

/** The problem with a file that could not be read, as an issue of its own. */
export function fileIssue(file, error) {
  return { line: 0, column: 0, code: 'unreadable_file', path: [], message: `cannot read the file (${error})`, severity: 'error' };
}

const n = (x) => x.toLocaleString('en-US');

/** Entries, most first (ties by name). */
export const byCount = (counts) => Object.entries(counts).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));

/** The summary table: one row per figure, then the issues by code. */
export function summaryText(s) {
  const rows = [
    ['files', `${n(s.files)}${s.failedFiles ? ` (${n(s.failedFiles)} could not be read)` : ''}`],
    ['conversations', n(s.stats.conversations)],
    ['messages', `${n(s.stats.messages)}${s.stats.invalid ? ` (${n(s.stats.invalid)} invalid)` : ''}${s.stats.unreadable ? `, ${n(s.stats.unreadable)} unreadable line(s)` : ''}`],
    ['formats', byCount(s.stats.formats).map(([f, c]) => `${f} ${n(c)}`).join(', ') || '-'],
    ['issues', `${n(s.errors)} error(s), ${n(s.warnings)} warning(s)`],
  ];
  const width = Math.max(...rows.map((r) => r[0].length), ...Object.keys(s.byCode).map((c) => c.length + 2));
  const lines = rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`);
  for (const [code, count] of byCount(s.byCode)) {
    lines.push(`  ${code.padEnd(width - 2)}  ${n(count)}`);
  }
  return lines.join('\n');
}

export function summaryJson(s) {
  return JSON.stringify({ type: 'summary', files: s.files, failedFiles: s.failedFiles, errors: s.errors, warnings: s.warnings, issuesByCode: s.byCode, ...s.stats });
}
