// The provider formats' cases (and the hostile probe every format's page uses), run twice: in Chromium by providers.page.mjs (the namespaces of
// the browser entries) and in Node by browser.test.mjs (pkg/index.mjs), which then asserts
// that the page answers exactly as Node does, and that every hostile value gives small issues
// without a throw. Plain JSON out; no imports, so that both sides can load it as it is.

const BIG = 'x'.repeat(5 * 1024 * 1024);

export const brief = (r) => (r.ok ? { ok: true } : { ok: false, issues: r.issues.map(({ code, path }) => ({ code, path })) });

// What validate, is, validateMany, toJSON and fromJSON make of a value: never a throw from the
// first three; the codec refuses a bad value with a ValidationError. (formats.page.mjs probes
// the seed formats with it.)
export function probe(v, value, good, ValidationError) {
  const res = {};
  try {
    const r = v.validate(value);
    Object.assign(res, brief(r), { issueBytes: r.ok ? 0 : JSON.stringify(r.issues).length });
  } catch (e) { res.threw = `validate: ${e}`; return res; }
  try { res.is = v.is(value); } catch (e) { res.threw = `is: ${e}`; }
  try { res.many = v.validateMany([value, good]).map((r) => r.ok); } catch (e) { res.threw = `validateMany: ${e}`; }
  for (const verb of ['toJSON', 'fromJSON']) {
    try { v[verb](value); res[verb] = 'no error'; } catch (e) { res[verb] = e instanceof ValidationError ? 'ValidationError' : String(e); }
  }
  return res;
}

/** `run({ anthropic, aiSdk, ValidationError })`: every case's outcome, by format and name. */
export function run({ anthropic, aiSdk, ValidationError }) {
  const throwingGetter = (m, key) => Object.defineProperty({ ...m }, key, { enumerable: true, get() { throw new Error('getter says no'); } });
  const selfIn = (m, key) => { const o = { ...m }; o[key] = [o]; return o; };
  const { proxy: revoked, revoke } = Proxy.revocable({}, {});
  revoke();

  // Each format: a good value, hostile values put where the format reads a typed value, a
  // 5 MB string where a string belongs (valid), and the format's own broken cases.
  const FORMATS = {
    anthropic: {
      v: anthropic, good: { role: 'user', content: 'hi' },
      hostile: (g) => ({
        revokedProxy: revoked, cyclic: selfIn(g, 'content'), revokedInside: { ...g, content: [revoked] },
        throwingGetter: throwingGetter(g, 'content'), bigint: { ...g, content: 10n }, nan: { ...g, content: NaN },
        bigString: { ...g, role: BIG },
      }),
      bigOk: (g) => ({ ...g, content: BIG }),
      broken: {
        toolResultAfterText: { role: 'user', content: [{ type: 'text', text: 'here' }, { type: 'tool_result', tool_use_id: 'toolu_1', content: 'done' }] },
        unsignedThinking: { role: 'assistant', content: [{ type: 'thinking', thinking: 'hmm' }] },
        bmpImage: { role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/bmp', data: 'Qk0=' } }] },
      },
    },
    'ai-sdk': {
      v: aiSdk, good: { role: 'user', content: 'hi' },
      hostile: (g) => ({
        revokedProxy: revoked, cyclic: selfIn(g, 'content'), revokedInside: { ...g, content: [revoked] },
        throwingGetter: throwingGetter(g, 'content'), bigint: { ...g, content: 10n }, nan: { ...g, content: NaN },
        bigString: { ...g, role: BIG },
      }),
      bigOk: (g) => ({ ...g, content: BIG }),
      broken: {
        callWithoutInput: { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'f' }] },
        systemParts: { role: 'system', content: [{ type: 'text', text: 'x' }] },
        bareOutput: { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'f', output: 'sunny' }] },
      },
    },
    'ai-sdk-ui': {
      v: aiSdk.UIMessage, good: { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'hi' }] },
      hostile: (g) => ({
        revokedProxy: revoked, cyclic: selfIn(g, 'parts'), revokedInside: { ...g, parts: [revoked] },
        throwingGetter: throwingGetter(g, 'parts'), bigint: { ...g, id: 10n }, nan: { ...g, id: NaN },
        bigString: { ...g, role: BIG },
      }),
      bigOk: (g) => ({ ...g, parts: [{ type: 'text', text: BIG }] }),
      broken: {
        outputWithoutOutput: { id: 'm1', role: 'assistant', parts: [{ type: 'tool-weather', toolCallId: 'c1', state: 'output-available', input: {} }] },
        unknownPart: { id: 'm1', role: 'assistant', parts: [{ type: 'video', url: 'x' }] },
        noParts: { id: 'm1', role: 'user', parts: [] },
      },
    },
  };

  const out = {};
  for (const [name, f] of Object.entries(FORMATS)) {
    const cases = {};
    for (const [k, value] of Object.entries(f.hostile(f.good))) cases[k] = probe(f.v, value, f.good, ValidationError);
    const broken = {};
    for (const [k, value] of Object.entries(f.broken)) broken[k] = brief(f.v.validate(value));
    out[name] = {
      good: brief(f.v.validate(f.good)),
      hostile: cases,
      broken,
      bigOk: f.v.validate(f.bigOk(f.good)).ok,
      afterwards: { good: f.v.validate(f.good).ok, is: f.v.is(f.good) },
    };
  }
  return out;
}
