// The command line: `agent-messages <command>`. Arguments are parsed by commander; each
// command is a function here over the shared pieces (sources, the pool of workers, the two
// stages, the report). Exit codes: 0 all valid, 1 issues found (or a file could not be read),
// 2 a usage error.
import { availableParallelism } from 'node:os';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { glue } from './wasm.mjs';
import { expand } from './sources.mjs';
import { createPool } from './pool.mjs';
import { runLog } from './log.mjs';
import { createProgress } from './progress.mjs';
import { byCount, fileIssue, issueJson, issueText, pathText, summaryJson, summaryText } from './report.mjs';
import { openOutput } from './output.mjs';
import { accumulateSources } from './accumulate.mjs';

const described = glue.describe();
/** The formats the command line reads and writes: those the package converts. */
export const FORMATS = described.formats.filter((f) => f.convertible).map((f) => f.name);
export const STREAMED = described.formats.filter((f) => f.convertible && f.stream).map((f) => f.name);
const LIMITS = described.numbers.limit;

/** 3: the command itself failed (a bug: please report it). */
export const EXIT = { OK: 0, ISSUES: 1, USAGE: 2, FAILED: 3 };

function positive(name) {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${name} must be a whole number of at least 1.`);
    return n;
  };
}

const collect = (value, list) => [...list, value];

/** The options every log command takes (`convert` names the source format --from). */
function logOptions(cmd, { from = false } = {}) {
  const format = from
    ? new Option('--from <format>', 'the format of every source message (default: detected per conversation)')
    : new Option('-f, --format <format>', 'the format of every message (default: detected per conversation)');
  cmd.addOption(format.choices(FORMATS));
  if (!from) cmd.option('--strict', 'report properties a format does not name');
  return cmd
    .option('-g, --group-by <field>', 'split single-message JSONL into conversations by this top-level field (thread_id, run_id, ...)')
    .option('--kernel-type <type>', 'a Kernel message type registered besides the built-in ones (repeatable)', collect, [])
    .option('-j, --jobs <n>', 'worker threads, each with its own wasm instance', positive('--jobs'), availableParallelism())
    .option('--json', 'write JSON lines for machines instead of text')
    .option('-q, --quiet', 'no progress bar')
    .option('--max-issues <n>', 'issues reported per message at most', positive('--max-issues'), LIMITS.DEFAULT_MAX_ISSUES)
    .option('--max-depth <n>', 'the deepest nesting read', positive('--max-depth'), LIMITS.DEFAULT_MAX_DEPTH);
}

function stageConfig(o) {
  return {
    format: o.format ?? o.from,
    groupBy: o.groupBy,
    // `convert --strict` is about losses; the source is read as `check` reads it.
    strict: o.to ? false : Boolean(o.strict),
    maxIssues: o.maxIssues,
    maxDepth: Math.min(o.maxDepth, LIMITS.DEPTH_CEILING),
    kernelTypes: o.kernelType,
    to: o.to,
    now: o.now,
    agentName: o.agentName,
  };
}

/** Run the two stages over `files`, with a progress bar on a terminal. */
async function scan(files, o, hooks) {
  const sources = await expand(files.length ? files : ['-']);
  const progress = createProgress({
    enabled: !o.quiet && process.stdout.isTTY === true,
    totalBytes: sources.reduce((sum, s) => sum + (s.size ?? 0), 0),
  });
  const pool = createPool(o.jobs, stageConfig(o));
  const summary = { files: 0, failedFiles: 0, errors: 0, warnings: 0, byCode: {}, stats: null };
  try {
    summary.stats = await runLog(sources, pool, stageConfig(o), {
      issue(source, i) {
        if (i.severity === 'warning') summary.warnings++;
        else summary.errors++;
        summary.byCode[i.code] = (summary.byCode[i.code] ?? 0) + 1;
        return hooks.issue?.(source, i, progress.write);
      },
      conversation: hooks.conversation && ((source, c) => hooks.conversation(source, c, progress.write)),
      file(source, error) {
        summary.files++;
        if (error) {
          summary.failedFiles++;
          summary.errors++;
          summary.byCode.unreadable_file = (summary.byCode.unreadable_file ?? 0) + 1;
          hooks.issue?.(source, fileIssue(source.name, error), progress.write);
        }
      },
      progress: (bytes, messages) => progress.tick(bytes, messages),
      converted: hooks.converted,
      loss: hooks.loss && ((source, l) => hooks.loss(source, l, progress.write)),
    });
  } finally {
    progress.stop();
    await pool.close();
  }
  return summary;
}

async function check(files, o) {
  const summary = await scan(files, o, {
    issue: (source, i, write) => write(o.json ? issueJson(source.name, i) : issueText(source.name, i, { formatGiven: Boolean(o.format) })),
  });
  process.stdout.write(`${o.json ? summaryJson(summary) : `\n${summaryText(summary)}`}\n`);
  const failing = summary.errors + (o.failOn === 'warning' ? summary.warnings : 0);
  return failing > 0 ? EXIT.ISSUES : EXIT.OK;
}

async function convert(files, o) {
  const say = (line) => process.stderr.write(`${line}\n`);
  let out, losses;
  try {
    out = await openOutput(o.output);
    losses = o.losses ? await openOutput(o.losses) : null;
  } catch (e) {
    await out?.discard();
    say(`agent-messages: cannot write ${e.path ?? 'the output'} (${e.code ?? e.message})`);
    return EXIT.ISSUES;
  }
  const byCode = {};
  let lost = 0, stoppedAt = null;
  let summary;
  try {
    summary = await scan(files, { ...o, quiet: o.quiet || !o.output }, {
      issue: (source, i) => say(issueText(source.name, i, { formatGiven: Boolean(o.from) })),
      converted: (source, text) => out.write(text),
      loss(source, l) {
        lost++;
        byCode[l.code] = (byCode[l.code] ?? 0) + 1;
        const p = losses?.write(`${JSON.stringify({ file: source.name, ...l })}\n`);
        if (o.strict) {
          stoppedAt = `${source.name}:${l.line}:${l.column} ${l.code} ${pathText(l.path)} ${l.detail}`;
          return false;
        }
        return p;
      },
    });
  } catch (e) {
    await out.discard();
    await losses?.discard();
    throw e;
  }
  if (stoppedAt) {
    await out.discard();
    await losses?.discard();
    say(`stopped at the first loss (--strict), nothing written:\n${stoppedAt}`);
    return EXIT.ISSUES;
  }
  await out.commit();
  await losses?.commit();
  const n = (x) => x.toLocaleString('en-US');
  const s = summary.stats;
  say(`converted ${n(s.converted)} ${o.to} message(s) from ${n(s.messages)} message(s) in ${n(summary.files)} file(s); ${n(summary.errors)} issue(s) (not converted), ${n(lost)} loss(es)`);
  for (const [code, count] of byCount(byCode)) say(`  ${code.padEnd(24)} ${n(count)}`);
  return summary.errors > 0 ? EXIT.ISSUES : EXIT.OK;
}

async function accumulate(files, o) {
  const say = (line) => process.stderr.write(`${line}\n`);
  let out;
  try {
    out = await openOutput(o.output);
  } catch (e) {
    say(`agent-messages: cannot write ${e.path ?? 'the output'} (${e.code ?? e.message})`);
    return EXIT.ISSUES;
  }
  const sources = await expand(files.length ? files : ['-']);
  const failing = await accumulateSources(sources, o.format, described, o, (text) => out.write(text), say);
  await out.commit();
  return failing > 0 ? EXIT.ISSUES : EXIT.OK;
}

async function detect(files, o) {
  const summary = await scan(files, o, {
    conversation(source, c, write) {
      if (o.json) return write(JSON.stringify({ type: 'conversation', file: source.name, ...c }));
      const where = `${source.name}:${c.line}${c.key !== undefined ? ` (${o.groupBy} ${JSON.stringify(c.key)})` : ''}`;
      const ranked = c.given ? `${c.format} (given)` : c.detected.length
        ? c.detected.map((d) => `${d.format} ${(d.confidence * 100).toFixed(0)}%`).join(', ')
        : 'no format';
      write(`${where} ${c.messages} message(s): ${ranked}`);
    },
  });
  const unknown = summary.stats.messages - Object.values(summary.stats.formats).reduce((a, b) => a + b, 0);
  return summary.failedFiles > 0 || unknown > 0 ? EXIT.ISSUES : EXIT.OK;
}

async function stats(files, o) {
  const summary = await scan(files, { ...o }, {});
  const s = summary.stats;
  if (o.json) {
    process.stdout.write(`${JSON.stringify({ type: 'stats', files: summary.files, failedFiles: summary.failedFiles, ...s })}\n`);
  } else {
    const n = (x) => x.toLocaleString('en-US');
    const rows = [
      ['files', n(summary.files)],
      ['conversations', n(s.conversations)],
      ['messages', `${n(s.messages)} (${n(s.invalid)} invalid, ${n(s.unreadable)} unreadable, ${n(s.blank)} blank line(s))`],
      ['formats', Object.entries(s.formats).map(([f, c]) => `${f} ${n(c)}`).join(', ') || '-'],
      ['kinds', Object.entries(s.kinds).map(([k, c]) => `${k} ${n(c)}`).join(', ') || '-'],
      ['tool calls', n(s.toolCalls)],
      ['tool results', n(s.toolResults)],
      ['bytes', `${n(s.bytes)} (largest message ${n(s.maxBytes)}, mean ${n(Math.round(s.bytes / Math.max(s.messages, 1)))})`],
    ];
    for (const [k, v] of rows) process.stdout.write(`${k.padEnd(14)}${v}\n`);
  }
  return summary.failedFiles > 0 ? EXIT.ISSUES : EXIT.OK;
}

export function program() {
  const p = new Command('agent-messages')
    .description('Check, convert and inspect logs of agent messages (JSON, JSONL, directories of them, or - for stdin).')
    .version(described.version ?? 'unknown')
    .showHelpAfterError()
    .exitOverride();
  logOptions(p.command('check').argument('[files...]', 'files, directories, or - for stdin'))
    .description('validate every message and check each conversation (tool pairing, order, ids)')
    .addOption(new Option('--fail-on <severity>', 'the least severity that makes the exit code 1').choices(['error', 'warning']).default('error'))
    .addHelpText('after', `
Issues are printed as  file:line:column code path message.

Examples:
  $ agent-messages check logs/
  $ agent-messages check --format openai --group-by thread_id chats.jsonl
  $ cat chats.jsonl | agent-messages check --json - > issues.jsonl`)
    .action(async (files, o) => (process.exitCode = await check(files, o)));
  logOptions(p.command('convert').argument('[files...]', 'files, directories, or - for stdin'), { from: true })
    .description('convert every conversation into another format, with a report of what the target cannot carry')
    .addOption(new Option('-t, --to <format>', 'the target format').choices(FORMATS).makeOptionMandatory())
    .option('-o, --output <file>', 'write the converted JSONL here (written whole or not at all); default stdout')
    .option('--losses <file>', 'write each loss here as a JSON line (file, line, column, index, path, code, detail)')
    .option('--strict', 'stop at the first loss, print where it is, and write nothing')
    .option('--now <ms>', 'the clock for ids and timestamps the target needs (default: now); the same clock repeats a run exactly', positive('--now'), Date.now())
    .option('--agent-name <name>', 'the agentName of swarm messages whose source names no author')
    .addHelpText('after', `
One conversation per line stays one per line; single messages stay one per line, each
conversation's together (a file, or a --group-by group, is converted as one conversation).

Examples:
  $ agent-messages convert --to anthropic chats.jsonl -o chats.anthropic.jsonl --losses losses.jsonl
  $ agent-messages convert --from openai --to ai-sdk-ui --group-by thread_id logs/ > ui.jsonl
  $ agent-messages convert --to kernel --strict conversation.json`)
    .action(async (files, o) => (process.exitCode = await convert(files, o)));
  p.command('accumulate')
    .argument('[files...]', 'recorded streams (server-sent events or chunk JSON lines), or - for stdin')
    .description("fold a model's streamed answer into its message, checking every chunk")
    .addOption(new Option('-f, --format <format>', 'the stream\'s format').choices(STREAMED).makeOptionMandatory())
    .option('-o, --output <file>', 'write the messages here (written whole or not at all); default stdout')
    .option('--json', 'write one JSON line per stream: { ok, messages, responses, issues }')
    .option('--max-issues <n>', 'issues reported per chunk at most', positive('--max-issues'), LIMITS.DEFAULT_MAX_ISSUES)
    .option('--max-depth <n>', 'the deepest nesting read', positive('--max-depth'), LIMITS.DEFAULT_MAX_DEPTH)
    .addHelpText('after', `
Writes each response's message as a JSON line (a stream may hold several responses); issues go
to stderr as  file: chunk N code path message.

Examples:
  $ agent-messages accumulate --format anthropic response.sse
  $ curl -sN https://api.openai.com/v1/chat/completions ... | agent-messages accumulate --format openai -
  $ agent-messages accumulate --format ai-sdk-ui --json recorded/*.jsonl`)
    .action(async (files, o) => (process.exitCode = await accumulate(files, o)));
  logOptions(p.command('detect').argument('[files...]', 'files, directories, or - for stdin'))
    .description('the formats of each conversation, with the share of messages each matches')
    .addHelpText('after', `
Examples:
  $ agent-messages detect logs/
  $ agent-messages detect --group-by run_id --json events.jsonl`)
    .action(async (files, o) => (process.exitCode = await detect(files, o)));
  logOptions(p.command('stats').argument('[files...]', 'files, directories, or - for stdin'))
    .description('counts of messages, kinds, tool calls and sizes')
    .addHelpText('after', `
Examples:
  $ agent-messages stats logs/
  $ agent-messages stats --json chats.jsonl`)
    .action(async (files, o) => (process.exitCode = await stats(files, o)));
  return p;
}

export async function main(argv) {
  // A reader that stops reading (`| head`) ends the run, quietly.
  process.stdout.on('error', (e) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(process.exitCode ?? EXIT.OK);
  });
  try {
    await program().parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) {
      process.exitCode = e.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
      return;
    }
    process.stderr.write(`agent-messages: ${e?.stack ?? e}\n`);
    process.exitCode = EXIT.FAILED;
  }
}
