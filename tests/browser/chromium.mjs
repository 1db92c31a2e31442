// Debian's Chromium for the browser tests: headless, with the flags DEVELOPERS.md names, in a
// throwaway profile. `close()` closes the browser, then removes its profile.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function launchChromium({ viewport } = {}) {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'am-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      ...(viewport ? { viewport } : {}),
      args: FLAGS,
    });
  } catch (e) {
    await rm(userDataDir, { recursive: true, force: true });
    throw e;
  }
  return {
    context,
    async close() {
      try { await context.close(); } finally { await rm(userDataDir, { recursive: true, force: true }); }
    },
  };
}
