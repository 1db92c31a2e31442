'use strict';
// The conversion API under hostile input: for every ordered pair (A → A too), hostile values,
// valid messages carrying strange strings, and hostile options. Each call either returns
// messages valid in the target or throws a typed error with a message; the input is never
// changed; and after every case the package still converts (a dead wasm instance would not).
const test = require('node:test');
const assert = require('node:assert/strict');
const api = require('../../pkg/index.cjs');
const { convert, checkConversation, swarmHistory, kernelRender, detectFormat, ValidationError, AgentMessagesError } = api;

const FORMATS = ['kernel', 'openai', 'swarm', 'agens', 'bedrock'];
const TYPED = [TypeError, ValidationError, AgentMessagesError];

// One valid conversation per format (JS form).
const VALID = {
  kernel: () => [
    { id: 'k1', timestamp: 1, type: 'input', text: 'Look', files: [{ data: new Uint8Array([1, 2, 3]), mimeType: 'image/png' }] },
    { id: 'k2', timestamp: 2, type: 'tool-calls', calls: [{ id: 'c1', name: 'f', args: { a: 1 } }] },
    { id: 'k3', timestamp: 3, type: 'tool-results', results: [{ callId: 'c1', name: 'f', output: 'done' }] },
    { id: 'k4', timestamp: 4, type: 'reply', text: 'Done.' },
  ],
  openai: () => [
    { role: 'developer', content: 'Be brief.' },
    { role: 'user', content: [{ type: 'text', text: 'Look' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AQID' } }] },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"b":1}' } }] },
    { role: 'tool', tool_call_id: 'c1', content: 'done' },
  ],
  swarm: () => [
    { role: 'user', agentName: 'agent', content: 'Look', mode: 'user', images: [new Uint8Array([1, 2, 3])] },
    { role: 'assistant', agentName: 'agent', content: '', mode: 'tool', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: { b: 1 } } }] },
    { role: 'tool', agentName: 'agent', content: 'done', mode: 'tool', tool_call_id: 'c1' },
  ],
  agens: () => [
    { input: 'go', result: 'done' },
    { input: 'go', tool_calls: [{ id: 't1', name: 'f', server_name: 's', type: 'tool_call', arguments: [{ key: 'q', value: 'x' }] }], tool_results: { t1: 'ok' } },
  ],
  bedrock: () => [api.bedrock.createMessageResponse('hi')],
};

// The sentinel: the package still converts, with the expected result.
function assertAlive(label) {
  const { messages, losses } = api.openAIToSwarm([{ role: 'user', content: 'hi' }]);
  assert.deepEqual(messages, [{ role: 'user', agentName: 'agent', content: 'hi', mode: 'user' }], `alive after ${label}`);
  assert.deepEqual(losses, [], `alive after ${label}`);
}

// A copy to compare the input with afterwards, when the value can be copied at all (proxies,
// functions, symbols and throwing getters cannot).
function snapshot(value) {
  try {
    return { ok: true, copy: structuredClone(value) };
  } catch {
    return { ok: false };
  }
}

// fn() returns a conversion valid in `to` or throws a typed error; the input stays as it was.
function attempt(label, to, input, fn) {
  const before = snapshot(input);
  let r;
  try {
    r = fn();
  } catch (e) {
    assert.ok(TYPED.some((T) => e instanceof T), `${label}: untyped ${e && e.name}: ${e && e.message}`);
    assert.ok(typeof e.message === 'string' && e.message.length > 0, `${label}: an error without a message`);
    r = null;
  }
  if (r) {
    assert.ok(Array.isArray(r.messages) && Array.isArray(r.losses), label);
    r.messages.forEach((m, i) => {
      const v = api[to].validate(m);
      assert.ok(v.ok, `${label}: output ${i} invalid in ${to}: ${JSON.stringify(v.issues)}`);
    });
  }
  if (before.ok) assert.deepEqual(input, before.copy, `${label}: the input was changed`);
  assertAlive(label);
  return r;
}

function hostileValues() {
  let deep = {};
  const root = deep;
  for (let i = 0; i < 10000; i++) { deep.a = {}; deep = deep.a; }
  const deepArr = [];
  let d = deepArr;
  for (let i = 0; i < 10000; i++) { const n = []; d.push(n); d = n; }
  const cyc = { role: 'user', content: 'x' };
  cyc.self = cyc;
  const cycArr = [];
  cycArr.push(cycArr);
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return [
    ['undefined', undefined], ['null', null], ['number', 42], ['NaN', NaN], ['Infinity', -Infinity],
    ['BigInt', 10n], ['symbol', Symbol('s')], ['function', () => 1], ['string', 'hello'],
    ['empty array', []], ['deep object', root], ['deep array', deepArr], ['cycle', cyc], ['cyclic array', cycArr],
    ['huge string', 'x'.repeat(5_000_000)], ['lone surrogate', 'a\uD800b'],
    ['__proto__', JSON.parse('{"__proto__": {"polluted": true}, "role": "user", "content": "x", "input": "x"}')],
    ['revoked proxy', proxy],
    ['throwing trap', new Proxy({}, { ownKeys() { throw new Error('trap'); } })],
    ['throwing get trap', new Proxy({ role: 'user', content: 'x' }, { get() { throw new Error('get'); } })],
    ['throwing getter', { role: 'user', get content() { throw new Error('getter'); } }],
    ['Date', new Date(0)], ['Map', new Map([['role', 'user']])], ['typed array', new Uint8Array(4)],
    ['sparse array', [, , ,]], // eslint-disable-line no-sparse-arrays
    ['array with props', Object.assign([1], { role: 'user' })],
  ];
}

test('hostile values as the messages and as fields of valid messages, every pair', () => {
  const values = hostileValues();
  for (const from of FORMATS) {
    for (const to of FORMATS) {
      for (const [name, value] of values) {
        attempt(`${from}→${to} whole ${name}`, to, value, () => convert(value, { from, to }));
        attempt(`${from}→${to} item ${name}`, to, [value], () => convert([value], { from, to }));
      }
      // Each hostile value in each field of each message of a valid conversation.
      const base = VALID[from]();
      for (let i = 0; i < base.length; i++) {
        for (const key of Object.keys(base[i])) {
          for (const [name, value] of values) {
            if (name === 'huge string' && (from !== 'openai' || to !== 'kernel')) continue;
            const messages = VALID[from]();
            messages[i][key] = value;
            attempt(`${from}→${to} [${i}].${key} = ${name}`, to, messages, () => convert(messages, { from, to }));
          }
        }
      }
    }
  }
});

// Strange strings in every string slot the mappings read.
const STRANGE = [
  '', ' ', 'é日\u{1F600}', '\u{1F600}'.repeat(3), 'a\uD800b', '\uDC00', '\u0000', '\u2028\u2029', '\uFEFF',
  'data:', 'data:,', 'data:;base64,', 'data:image/png;base64,', 'data:image/png;base64', 'data:é;base64,AQID',
  'data:image/png;base64é,AQID', 'data:image/png;base64,é', 'data:\u{1F600};base64,\u{1F600}', 'data:image/png;base64,AQ=',
  'data:image/png;base64,!!!!', 'data:image/png,AQID', 'data:;base64,AQID', 'data:image/png;charset=x;base64,AQID',
  'data:image/png;base64,,', 'data:\uD800;base64,AQID', `data:image/png;base64,${'A'.repeat(400_000)}`,
  'https://', 'AQID', '====', '{', '[]', '{"a":1,"a":2}', '{"__proto__":{"x":1}}', `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'{"a":'.repeat(200)}1${'}'.repeat(200)}}`, '1e400', 'null', '"str"', '{"a":"\\uD800"}',
];

// Valid-shaped messages of `from` with `s` in one slot each.
function slotted(from, s) {
  switch (from) {
    case 'kernel':
      return [
        [{ id: s, timestamp: 1, type: 'reply', text: s, author: s }],
        [{ id: 'a', timestamp: 1, type: 'input', text: s, files: [{ data: new Uint8Array([1]), mimeType: s, filename: s }] }],
        [{ id: 'a', timestamp: 1, type: 'tool-calls', calls: [{ id: s, name: s, args: { [s]: s } }] }],
        [{ id: 'a', timestamp: 1, type: 'tool-results', results: [{ callId: s, name: s, output: s }] }],
        [{ id: 'a', timestamp: 1, type: 'system', text: s }],
      ];
    case 'openai':
      return [
        [{ role: 'user', content: s, name: s }],
        [{ role: 'user', content: [{ type: 'image_url', image_url: { url: s } }] }],
        [{ role: 'user', content: [{ type: 'file', file: { file_data: s, filename: s } }] }],
        [{ role: 'user', content: [{ type: 'input_audio', input_audio: { data: s, format: 'wav' } }] }],
        [{ role: 'assistant', content: null, tool_calls: [{ id: s, type: 'function', function: { name: s, arguments: s } }] }, { role: 'tool', tool_call_id: s, content: s }],
        [{ role: 'system', content: s }, { role: 'developer', content: [{ type: 'text', text: s }] }],
      ];
    case 'swarm':
      return [
        [{ role: 'user', agentName: s, content: s, mode: 'user', images: [s] }],
        [{ role: 'assistant', agentName: 'a', content: s, mode: 'tool', tool_calls: [{ id: s, type: 'function', function: { name: s, arguments: { [s]: s } } }] },
          { role: 'tool', agentName: 'a', content: s, mode: 'tool', tool_call_id: s }],
        [{ role: 'system', agentName: 'a', content: s, mode: 'tool' }],
      ];
    case 'agens':
      return [
        [{ input: s, result: s, system: s, user: s }],
        [{ input: s, next: s }],
        [{ input: 'go', tool_calls: [{ id: s, name: s, server_name: s, type: 'tool_call', arguments: [{ key: s, value: s }, { key: s, value: 1 }] }], tool_results: { [s]: s } }],
      ];
    case 'bedrock':
      return [
        [{ type: 'message', content: s }],
        [api.bedrock.createMessageResponse('x'), { ...api.bedrock.createMessageResponse('y'), content: s }],
      ];
    default:
      throw new Error(from);
  }
}

test('valid messages carrying strange strings, every pair', () => {
  for (const from of FORMATS) {
    for (const to of FORMATS) {
      for (const s of STRANGE) {
        for (const messages of slotted(from, s)) {
          const label = `${from}→${to} ${JSON.stringify(s.slice(0, 40))} in ${JSON.stringify(messages).slice(0, 80)}`;
          const r = attempt(label, to, messages, () => convert(messages, { from, to }));
          // A valid source converts: the target is never invalid, so never a ValidationError.
          if (messages.every((m) => api[from].validate(m).ok)) assert.ok(r, `${label}: a valid source was refused`);
          // Nothing silently changed: without a loss, the way back gives the source exactly.
          // (Known design question, as in tests/native/gen.rs: a swarm image data URL that is
          // not image/* reads as a file, and swarm writes no files.)
          const knownInexact = from === 'swarm' && s.startsWith('data:');
          if (r && r.losses.length === 0 && !knownInexact) {
            const back = attempt(`${label} and back`, from, r.messages, () => convert(r.messages, { from: to, to: from }));
            if (back) assert.deepEqual(back.messages, messages, `${label}: changed without a loss`);
          }
        }
      }
    }
  }
});

test('kernelRender: valid Kernel messages carrying strange strings render valid model messages', () => {
  for (const s of STRANGE) {
    for (const messages of slotted('kernel', s)) {
      const label = `kernelRender ${JSON.stringify(s.slice(0, 40))} in ${JSON.stringify(messages).slice(0, 80)}`;
      let r = null;
      try {
        r = kernelRender(messages);
      } catch (e) {
        assert.ok(e instanceof ValidationError, `${label}: ${e && e.message}`);
        assert.ok(!messages.every((m) => api.kernel.validate(m).ok), `${label}: a valid source was refused`);
      }
      if (r) r.messages.forEach((m, i) => assert.ok(api.aiSdk.validate(m).ok, `${label}: output ${i} invalid`));
      assertAlive(label);
    }
  }
});

test('strange numbers: timestamps -0, huge, fractional; ids empty', () => {
  for (const timestamp of [-0, 0, 1e308, 1.5, 2 ** 53, Number.MIN_VALUE, Number.MAX_SAFE_INTEGER + 2]) {
    const messages = [{ id: '', timestamp, type: 'reply', text: 'x' }, { id: '', timestamp, type: 'reply', text: 'y' }];
    for (const to of FORMATS) attempt(`kernel→${to} timestamp ${timestamp}`, to, messages, () => convert(messages, { from: 'kernel', to }));
    attempt(`checkConversation timestamp ${timestamp}`, 'kernel', messages, () => {
      const f = checkConversation(messages, { format: 'kernel' });
      assert.ok(Array.isArray(f));
      return null;
    });
  }
});

test('hostile options: throwing getters, proxies, bad now/newId/agentName', () => {
  const chat = [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'yo' }];
  const throwing = (key) => Object.defineProperty({ from: 'openai', to: 'kernel' }, key, { enumerable: true, get() { throw new TypeError(`${key} getter`); } });
  let reentered = 0;
  const options = [
    ['getter from', throwing('from')], ['getter to', throwing('to')], ['getter now', throwing('now')],
    ['getter strict', throwing('strict')], ['getter maxDepth', throwing('maxDepth')],
    ['proxy options', new Proxy({ from: 'openai', to: 'kernel' }, {})],
    ['throwing proxy', new Proxy({}, { ownKeys() { throw new TypeError('keys'); }, get() { throw new TypeError('get'); } })],
    ['now NaN', { now: () => NaN }], ['now Infinity', { now: () => Infinity }], ['now string', { now: () => '5' }],
    ['now -0', { now: () => -0 }], ['now 1.5', { now: () => 1.5 }], ['now 2^48', { now: () => 2 ** 48 }],
    ['now throws', { now: () => { throw new TypeError('clock'); } }],
    ['now BigInt', { now: () => 5n }],
    ['newId throws', { newId: () => { throw new TypeError('ids'); } }],
    ['newId number', { newId: () => 7 }], ['newId object', { newId: () => ({ toString: () => 'x' }) }],
    ['newId same', { newId: () => 'same' }], ['newId empty', { newId: () => '' }],
    ['newId surrogate', { newId: () => '\uDFFF' }], ['newId huge', { newId: () => 'x'.repeat(1_000_000) }],
    ['newId reenters', { newId: () => { reentered++; return api.openAIToKernel([{ role: 'user', content: 'inner' }], { newId: () => 'inner' }).messages[0].id + reentered; } }],
    ['now reenters', { now: () => api.openAIToKernel([{ role: 'user', content: 'inner' }]).messages[0].timestamp }],
    ['agentName number', { agentName: 7 }], ['agentName surrogate', { agentName: 'a\uD800' }],
    ['agentName object', { agentName: { toString: () => 'x' } }], ['agentName empty', { agentName: '' }],
    ['agentName huge', { agentName: 'é'.repeat(100_000) }],
    ['maxDepth NaN', { maxDepth: NaN }], ['maxDepth -1', { maxDepth: -1 }], ['maxDepth huge', { maxDepth: 1e9 }],
    ['maxIssues 0', { maxIssues: 0 }], ['strict string', { strict: 'yes' }],
  ];
  for (const to of FORMATS) {
    for (const from of ['openai', 'agens']) {
      const source = from === 'openai' ? chat : VALID.agens();
      for (const [name, o] of options) {
        const opts = name.startsWith('getter') || name.includes('proxy') ? o : { ...o, from, to };
        const useTo = name.startsWith('getter') || name.includes('proxy') ? 'kernel' : to;
        const r = attempt(`${from}→${to} option ${name}`, useTo, source, () => convert(source, opts));
        if (r && name.startsWith('newId') && useTo === 'kernel') {
          // newId's ids are the ones used (or the call was refused).
          assert.ok(r.messages.every((m) => typeof m.id === 'string'));
        }
        for (const short of [`${from === 'openai' ? 'openAI' : from}To${to === 'openai' ? 'OpenAI' : to[0].toUpperCase() + to.slice(1)}`]) {
          if (!api[short] || name.startsWith('getter') || name.includes('proxy')) continue;
          attempt(`${short} option ${name}`, to, source, () => api[short](source, o));
        }
      }
    }
  }
  // An agentName with a lone surrogate cannot make a valid swarm message: refused, typed.
  assert.throws(() => api.openAIToSwarm(chat, { agentName: 'a\uD800' }), (e) => TYPED.some((T) => e instanceof T));
  assertAlive('options');
});

test('checkConversation, swarmHistory, kernelRender and detectFormat under hostile values', () => {
  const values = hostileValues();
  for (const [name, value] of values) {
    for (const format of FORMATS) {
      for (const input of [value, [value]]) {
        attempt(`checkConversation ${format} ${name}`, format, input, () => {
          const f = checkConversation(input, { format });
          assert.ok(Array.isArray(f));
          return null;
        });
      }
    }
    attempt(`swarmHistory ${name}`, 'swarm', [value], () => {
      const r = swarmHistory([value]);
      assert.ok(Array.isArray(r.messages) && Array.isArray(r.findings));
      return null;
    });
    attempt(`kernelRender ${name}`, 'kernel', [value], () => {
      const r = kernelRender([value]);
      assert.ok(Array.isArray(r.messages) && Array.isArray(r.findings));
      for (const m of r.messages) assert.ok(api.aiSdk.is(m), `kernelRender ${name}: a valid ModelMessage`);
      return null;
    });
    assert.doesNotThrow(() => detectFormat(value), name);
    assert.doesNotThrow(() => detectFormat([value, value]), name);
    assertAlive(`detectFormat ${name}`);
  }
  for (const format of [undefined, null, 'x', 7, { toString: () => 'openai' }]) {
    assert.throws(() => checkConversation([], { format }), TypeError);
  }
  assert.throws(() => checkConversation([], new Proxy({}, { get() { throw new TypeError('opt'); } })), TypeError);
  assertAlive('checkConversation options');
});

test('a getter that calls back into the package mid-conversion cannot change the result', () => {
  const sneaky = {
    role: 'user',
    get content() {
      api.openAIToKernel([{ role: 'user', content: 'inner'.repeat(1000) }]);
      checkConversation([{ role: 'user', content: 'x' }], { format: 'openai' });
      return 'outer';
    },
  };
  const { messages } = api.openAIToSwarm([sneaky, { role: 'assistant', content: 'yo' }]);
  assert.deepEqual(messages.map((m) => m.content), ['outer', 'yo']);
  assertAlive('reentrant getter');
});

test('regressions: data that is not base64 is never sent as bytes; odd swarm image strings', () => {
  // A data: URL whose data is not padded base64 is read as a URL, not as bytes.
  const chat = [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:;base64,A' } }] }];
  const k = api.openAIToKernel(chat);
  // (Kernel holds nothing of that message: it is one loss, and not written.)
  assert.deepEqual(k.messages, []);
  assert.deepEqual(k.losses.map((l) => [l.code, l.path.length]), [['unsupported_message', 0]]);
  assert.deepEqual(api.openAIToSwarm(chat).messages[0].images, ['data:;base64,A']);
  // A swarm image string that is neither base64 nor an http(s) URL is a loss for OpenAI.
  const history = [{ role: 'user', agentName: 'a', content: 'x', mode: 'user', images: ['{"a":1}', 'not base64'] }];
  const o = api.swarmToOpenAI(history);
  assert.deepEqual(o.messages, [{ role: 'user', content: 'x' }]);
  assert.deepEqual(o.losses.map((l) => `${l.index} ${l.code} ${l.path.join('.')}`).filter((x) => x.includes('images')), ['0 dropped_field images.0', '0 dropped_field images.1']);
  // An empty swarm agentName is valid swarm and comes back as itself.
  const empty = [{ role: 'user', agentName: '', content: 'x', mode: 'user' }];
  assert.deepEqual(convert(empty, { from: 'swarm', to: 'swarm' }).messages, empty);
  assert.deepEqual(api.kernelToSwarm(api.swarmToKernel(empty).messages).messages, empty);
  // A lone surrogate in agentName would reach the messages as U+FFFD: refused.
  assert.throws(() => api.openAIToSwarm([{ role: 'user', content: 'hi' }], { agentName: 'a\uD800' }), { name: 'TypeError', message: /agentName must be a well-formed string/ });
  // A format that is an object naming a format is refused before the wasm sees it.
  assert.throws(() => checkConversation([], { format: { toString: () => 'openai' } }), TypeError);
  // A __proto__ argument stays an own property and pollutes nothing.
  const args = api.openAIToSwarm([{ role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{"__proto__":{"polluted":1}}' } }] }]).messages[0].tool_calls[0].function.arguments;
  assert.ok(Object.hasOwn(args, '__proto__'));
  assert.equal(Object.getPrototypeOf(args), Object.prototype);
  assert.equal({}.polluted, undefined);
  assertAlive('regressions');
});

// A property a format does not name is reported when it sits on a message (dropped_field, or
// carried), and inside a message's items too (it used to be dropped there without a loss).
test('an unknown property inside a message item is a loss, not silently dropped', () => {
  const cases = [
    ['kernel', [{ id: 'a', timestamp: 1, type: 'input', text: 'x', files: [{ data: new Uint8Array([1]), mimeType: 'image/png', zz: 1 }] }]],
    ['kernel', [{ id: 'a', timestamp: 1, type: 'tool-calls', calls: [{ id: 'c', name: 'f', args: {}, zz: 1 }] }]],
    ['kernel', [{ id: 'a', timestamp: 1, type: 'tool-results', results: [{ callId: 'c', name: 'f', output: 1, zz: 1 }] }]],
    ['openai', [{ role: 'user', content: [{ type: 'text', text: 'x', zz: 1 }, { type: 'image_url', image_url: { url: 'https://a', zz: 1 } }] }]],
    ['openai', [{ role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}', zz: 1 }, zz: 1 }] }]],
    ['swarm', [{ role: 'assistant', agentName: 'a', content: '', mode: 'tool', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: {}, zz: 1 }, zz: 1 }] }]],
    ['agens', [{ input: 'x', tool_calls: [{ id: 'c', name: 'f', arguments: [{ key: 'k', value: 'v', zz: 1 }], server_name: 's', type: 'tool_call', zz: 1 }] }]],
  ];
  for (const [from, messages] of cases) {
    for (const to of FORMATS) {
      if (to === from) continue;
      const r = convert(messages, { from, to });
      const kept = JSON.stringify(r.messages).includes('"zz"');
      assert.ok(kept || r.losses.some((l) => l.path.includes('zz') || /zz/.test(l.detail)), `${from}→${to}: zz dropped silently`);
    }
  }
});

test('an array too long to ever fit is too large at once, not walked hole by hole', () => {
  const { kernel } = api;
  const huge = new Array(2 ** 32 - 1);
  const tooLarge = (e) => e instanceof ValidationError && e.issues.some((i) => i.code === 'too_large');
  assert.throws(() => convert(huge, { from: 'openai', to: 'kernel' }), tooLarge);
  assert.throws(() => checkConversation(huge, { format: 'openai' }), tooLarge);
  const r = kernel.validate({ id: 'k', timestamp: 1, type: 'input', text: 'x', files: huge });
  assert.equal(r.ok, false);
  assert.deepEqual(r.issues.map((i) => i.code), ['too_large']);
  // A long array inside a message of a list: the same, and the package still works after.
  assert.deepEqual(kernel.validateMany([{ id: 'k', timestamp: 1, type: 'input', files: huge }]).map((r) => r.issues[0].code), ['too_large']);
  assert.throws(() => kernel.validateMany(huge), RangeError, 'no result per item for a list that long');
  assert.equal(kernel.validate(kernel.createReplyMessage({ text: 'still alive' })).ok, true);
  // An ordinary sparse array below the limit is still read item by item (holes are undefined).
  const sparse = new Array(3);
  sparse[1] = { role: 'user', content: 'hi' };
  assert.throws(() => convert(sparse, { from: 'openai', to: 'kernel' }), (e) => e instanceof ValidationError && e.issues.every((i) => i.code !== 'too_large'));
});

// detectFormat as the validators say it, item by item: a format matches an item that one of its
// stored types (`STORED`, else its message type) accepts, exactly when one accepts it strictly;
// the confidence is the share of items matched and matched exactly, averaged. (The facade asked
// the validators so until it asked the wasm once for the whole list.)
function detectByValidators(value) {
  let list;
  try {
    list = Array.isArray(value) ? [...value] : [value];
  } catch {
    list = [value];
  }
  const described = require('../../pkg/node/agent_messages.js').describe();
  const found = [];
  for (const { name, convertible, lists } of described.formats) {
    if (!convertible) continue;
    const types = lists.STORED ?? [described.schemas.find(([format]) => format === name)[1]];
    const validators = types.map((t) => api[described.formats.find((f) => f.name === name).namespace][t]);
    let matched = 0, exact = 0;
    for (const item of list) {
      if (!validators.some((v) => v.is(item))) continue;
      matched++;
      if (validators.some((v) => v.validate(item, { strict: true, abortEarly: true, maxIssues: 1 }).ok)) exact++;
    }
    if (matched > 0) found.push({ format: name, confidence: (matched + exact) / (2 * list.length), matched, exact, total: list.length });
  }
  return found.sort((a, b) => b.confidence - a.confidence);
}

test('detectFormat says what the validators say, for messages of every format, mixed lists and hostile values', () => {
  const formats = require('../../pkg/node/agent_messages.js').describe().formats.filter((f) => f.convertible).map((f) => f.name);
  // Messages of every format: the valid conversations, and each converted into every format.
  const messages = [];
  for (const from of FORMATS) {
    messages.push(...VALID[from]());
    for (const to of formats) messages.push(...convert(VALID[from](), { from, to }).messages);
  }
  // Each with a property no format names (valid, not strictly), and without its first property.
  const variants = messages.flatMap((m) => {
    const [first, ...rest] = Object.keys(m);
    return first === undefined ? [] : [{ ...m, zz: 1 }, Object.fromEntries(rest.map((k) => [k, m[k]]))];
  });
  const hostile = hostileValues().map(([, v]) => v);
  // An item too large to write (an array longer than the walker writes inside it) among items
  // that are told apart: it matches nothing, and the others still count.
  const huge = { role: 'user', content: Object.assign([], { length: 2 ** 26 + 1 }) };
  const inputs = [
    [...messages.slice(0, 20), huge, ...messages.slice(20, 40)], [huge], [huge, huge],
    ...messages, ...variants, ...hostile,
    messages, variants, hostile, [...messages, ...variants, ...hostile],
    ...formats.map((f, i) => messages.filter((_, j) => j % formats.length === i)),
  ];
  let compared = 0;
  const seen = new Set();
  for (const input of inputs) {
    const want = detectByValidators(input);
    assert.deepEqual(detectFormat(input), want);
    for (const d of want) seen.add(d.format);
    compared++;
  }
  // Every format was found somewhere, and some inputs matched none, or only loosely.
  assert.deepEqual([...seen].sort(), [...formats].sort());
  assert.ok(inputs.some((v) => detectFormat(v).length === 0));
  assert.ok(inputs.some((v) => detectFormat(v).some((d) => d.exact < d.matched)));
  assert.ok(compared > 300, `${compared} inputs`);
  // The list with the item too large: its 40 others matched, out of 41.
  assert.ok(detectFormat(inputs[0]).some((d) => d.total === 41 && d.matched > 0));
  assert.deepEqual(detectFormat(Object.assign([], { length: 2 ** 32 - 1 })), []);
  assertAlive('detectFormat');
});
