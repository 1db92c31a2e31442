// Where `convert` writes: a file given with -o (or --losses) is written to a temporary file
// beside it and renamed at the end, so that nothing is ever written half; otherwise stdout.
import { open, rename, rm } from 'node:fs/promises';
import { once } from 'node:events';

/** Opens the output (a file that cannot be created throws here, before any work). */
export async function openOutput(file) {
  if (!file || file === '-') {
    return {
      write: async (text) => {
        if (!process.stdout.write(text)) await once(process.stdout, 'drain');
      },
      commit: async () => {},
      discard: async () => {},
    };
  }
  const tmp = `${file}.tmp-${process.pid}`;
  const handle = await open(tmp, 'w');
  const stream = handle.createWriteStream();
  const closed = new Promise((resolve, reject) => {
    stream.on('close', resolve);
    stream.on('error', reject);
  });
  return {
    async write(text) {
      if (!stream.write(text)) await once(stream, 'drain');
    },
    async commit() {
      stream.end();
      await closed;
      await rename(tmp, file);
    },
    async discard() {
      stream.destroy();
      await closed.catch(() => {});
      await rm(tmp, { force: true });
    },
  };
}
