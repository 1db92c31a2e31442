// The progress bar (cli-progress) on a terminal: bytes read of the total, messages per
// second, time left. None when stdout is no terminal or with --quiet; lines written while it
// shows go above it.
import { once } from 'node:events';
import cliProgress from 'cli-progress';

/** Write a line to stdout; a promise when stdout is full (the caller waits: memory stays
 * bounded however many lines there are). */
function out(text) {
  return process.stdout.write(text) ? undefined : once(process.stdout, 'drain');
}

const mb = (bytes) => (bytes / 1e6).toFixed(1);

export function createProgress({ enabled, totalBytes }) {
  if (!enabled) {
    return { tick() {}, write: (line) => out(`${line}\n`), stop() {} };
  }
  const started = Date.now();
  let messages = 0;
  const bar = new cliProgress.SingleBar({
    stream: process.stdout,
    hideCursor: true,
    clearOnComplete: true,
    etaBuffer: 20,
    format: totalBytes
      ? '{bar} {percentage}% | {done}/{all} MB | {rate} msg/s | ETA {eta_formatted}'
      : '{done} MB | {rate} msg/s',
  }, cliProgress.Presets.shades_classic);
  bar.start(totalBytes || 1, 0, { done: '0.0', all: mb(totalBytes || 0), rate: 0 });
  let read = 0;
  return {
    tick(bytes, count) {
      read += bytes;
      messages += count;
      const seconds = Math.max((Date.now() - started) / 1000, 1e-3);
      bar.update(totalBytes ? read : 0, { done: mb(read), all: mb(totalBytes || 0), rate: Math.round(messages / seconds) });
    },
    write(line) {
      // Clear the bar's line, write, and let the next update draw it again.
      const wait = out(`\r\x1b[K${line}\n`);
      bar.render?.();
      return wait;
    },
    stop() {
      bar.stop();
    },
  };
}
