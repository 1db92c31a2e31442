// Runs in Chromium, not under Node: browser.test.mjs serves it as /formats.mjs to a page whose
// import map points `agent-messages` and its subpaths at pkg/*.browser.mjs. It exercises the
// four format namespaces (swarm, agens, bedrock, openai) through their subpath entries and
// reports plain JSON in window.__result; the assertions are in browser.test.mjs.
import {
  swarm, agens, bedrock, openai, kernel, ValidationError, openAIToKernel, kernelToOpenAI, convert, detectFormat, checkConversation,
  swarmToKernel, kernelToSwarm, agensToOpenAI, openAIToAgens, kernelRender, aiSdk,
} from 'agent-messages';
import * as S from 'agent-messages/swarm';
import * as G from 'agent-messages/agens';
import * as B from 'agent-messages/bedrock';
import * as O from 'agent-messages/openai';
import { brief, probe as probeWith } from './providers.cases.mjs';

// What a call threw: `null` if nothing, else whether it was a ValidationError and its issues.
const thrown = (fn) => {
  try { fn(); return null; } catch (e) {
    return { validationError: e instanceof ValidationError, issues: e.issues?.map(({ code, path }) => ({ code, path })) ?? String(e) };
  }
};
const sameExports = (entry, ns, names) => names.filter((n) => entry[n] !== ns[n]);
const bytesOf = (u) => (u instanceof Uint8Array ? Array.from(u) : `not a Uint8Array: ${Object.prototype.toString.call(u)}`);

const out = {};

// The subpath entries are the root namespaces, default export and named exports alike.
out.entries = {
  swarm: { same: S.default === swarm, frozen: Object.isFrozen(swarm), differing: sameExports(S, swarm, ['validate', 'validateMany', 'validateJson', 'is', 'assert', 'toJSON', 'fromJSON', 'createUserMessage', 'createToolCall', 'IModelMessage', 'ROLES']), message: S.Message === swarm.IModelMessage },
  agens: { same: G.default === agens, differing: sameExports(G, agens, ['validate', 'validateMany', 'validateJson', 'is', 'toJSON', 'fromJSON', 'createMessage', 'route', 'parseNext', 'Message']), message: G.AgensMessage === agens.Message },
  bedrock: { same: B.default === bedrock, differing: sameExports(B, bedrock, ['validate', 'validateMany', 'is', 'toJSON', 'fromJSON', 'createEvent', 'createChildEvent', 'buildEventTree', 'Event', 'EVENT_TYPES']) },
  openai: { same: O.default === openai, differing: sameExports(O, openai, ['validate', 'validateMany', 'is', 'toJSON', 'fromJSON', 'createUserMessage', 'createToolCall', 'parseArguments', 'createImagePart', 'ChatCompletionMessageToolCall', 'ROLES']) },
};

// ---- agent-swarm-kit ------------------------------------------------------------------------
{
  const user = S.createUserMessage({ agentName: 'triage', content: 'hi' });
  const call = S.createToolCall('search', { q: 'x' });
  const assistant = S.createAssistantMessage({ agentName: 'triage', content: '', tool_calls: [call] });
  const withCall = (args) => ({ role: 'assistant', agentName: 'a', content: '', mode: 'tool', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: args } }] });
  const r = {};
  r.user = { message: user, is: S.is(user) };
  r.call = { idOk: /^call_[0-9a-z]{9}$/.test(call.id), function: call.function, is: swarm.IToolCall.is(call) };
  r.good = brief(S.validate(assistant));
  r.noAgentName = thrown(() => S.createUserMessage({ content: 'hi' }));
  r.stringArgs = brief(S.validate(withCall('{"q":"x"}')));
  r.stringArgsCtor = thrown(() => S.createToolCall('f', '{"q":"x"}'));
  r.mixedImages = brief(swarm.validate({ ...user, images: [new Uint8Array([1]), 'aGk='] }));

  // Byte images survive the codec as Uint8Array, and so do bytes in free-form arguments.
  const msgs = [
    S.createUserMessage({ agentName: 'a', content: 'see', images: [new Uint8Array([0, 1, 254, 255]), new Uint8Array(0)] }),
    S.createAssistantMessage({ agentName: 'a', content: '', tool_calls: [S.createToolCall('upload', { file: new Uint8Array([7, 8]) })] }),
  ];
  const text = S.toJSON(msgs);
  const back = S.fromJSON(text);
  r.codec = {
    tagged: JSON.parse(text)[0].images,
    images: back[0].images.map(bytesOf),
    argBytes: bytesOf(back[1].tool_calls[0].function.arguments.file),
    reencoded: S.toJSON(back) === text,
    valid: S.validateMany(back).every((x) => x.ok),
  };
  out.swarm = r;
}

// ---- Agens ----------------------------------------------------------------------------------
{
  const m = G.createMessage({ input: 'hi', caller: '#PID<0.1.2>' });
  const r = {};
  r.message = { idOk: /^[0-9a-f]{32}$/.test(m.id), input: m.input, caller: m.caller, retries: m.retries, next: m.next, is: G.is(m) };
  r.good = brief(G.validate({ ...m, next: [G.route('b', 2), G.end()] }));
  r.emptyInputCtor = thrown(() => G.createMessage({ input: '' }));
  r.bad = brief(agens.validate({ input: '', caller: 'me' }));
  r.badInMany = agens.validateMany([m, { input: 'x', caller: 'pid' }]).map(brief);

  const msgs = [G.createMessage({ input: 'x', outputs: { raw: new Uint8Array([0, 1, 255]) }, next: [G.route('a', 2), G.retry('why')] })];
  const text = G.toJSON(msgs);
  const back = G.fromJSON(text);
  r.codec = {
    tagged: JSON.parse(text)[0].outputs.raw,
    bytes: bytesOf(back[0].outputs.raw),
    next: back[0].next,
    reencoded: G.toJSON(back) === text,
    valid: G.validateMany(back).every((x) => x.ok),
  };
  out.agens = r;
}

// ---- Bedrock Swarm --------------------------------------------------------------------------
{
  const parent = B.createEvent({ type: 'agent_start', agent_name: 'calc', run_id: 'r1', thread_id: 't1' });
  const child = B.createChildEvent(parent, 'tool_start', { tool_name: 'calculator' });
  const r = {};
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  r.parent = {
    idOk: UUID_V4.test(parent.id), timestampOk: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(parent.timestamp),
    parent_event_id: parent.parent_event_id, details: parent.details, metadata: parent.metadata, is: B.Event.is(parent),
  };
  r.child = {
    idOk: UUID_V4.test(child.id) && child.id !== parent.id, linked: child.parent_event_id === parent.id,
    names: [child.agent_name, child.run_id, child.thread_id], type: child.type, details: child.details, is: bedrock.Event.is(child),
  };
  r.badEventCtor = thrown(() => B.createEvent({ type: 'run_start' }));
  r.good = brief(B.validate(B.createToolCallResponse([B.createToolCall('calculator', { x: 5, y: 3 })])));
  r.badTimestamp = brief(B.Event.validate({ ...parent, timestamp: 'yesterday' }));
  r.badResponse = brief(bedrock.validate({ type: 'tool_call', content: 'x' }));

  const tree = B.buildEventTree([parent, child]);
  r.tree = { roots: tree.roots.map((e) => e.id === parent.id), isMap: tree.children instanceof Map, children: (tree.children.get(parent.id) ?? []).map((e) => e === child), issues: tree.issues };
  const orphan = { ...child, id: 'orphan', parent_event_id: 'gone' };
  const dangling = B.buildEventTree([parent, orphan, child]);
  r.dangling = { roots: dangling.roots.map((e) => e.id === parent.id ? 'parent' : e.id), issues: dangling.issues.map(({ code, path }) => ({ code, path })) };

  const responses = [B.createMessageResponse('8'), B.createToolCallResponse([B.createToolCall('f', { raw: new Uint8Array([0, 1, 255]) }, 'call_1')])];
  const text = B.toJSON(responses);
  const back = B.fromJSON(text);
  const ev = { ...parent, details: { blob: new Uint8Array([9]) } };
  const evBack = B.Event.fromJSON(B.Event.toJSON(ev));
  r.codec = {
    tagged: JSON.parse(text)[1].tool_calls[0].function.arguments.raw,
    bytes: bytesOf(back[1].tool_calls[0].function.arguments.raw),
    eventBytes: bytesOf(evBack.details.blob),
    reencoded: B.toJSON(back) === text,
    valid: B.validateMany(back).every((x) => x.ok) && B.Event.is(evBack),
  };
  out.bedrock = r;
}

// ---- OpenAI Chat ----------------------------------------------------------------------------
{
  const user = O.createUserMessage('hi');
  const call = O.createToolCall('search', { q: 'rust' });
  const assistant = O.createAssistantMessage({ content: null, tool_calls: [call] });
  const r = {};
  r.user = { message: user, is: O.is(user) };
  r.call = { idOk: /^call_[0-9a-z]{9}$/.test(call.id), type: call.type, function: call.function, is: openai.ChatCompletionMessageToolCall.is(call) };
  r.args = brief(O.parseArguments(call));
  r.argsValue = O.parseArguments(call).value;
  r.good = brief(O.validate(assistant));
  r.brokenArgs = brief(O.validate({ role: 'assistant', tool_calls: [call, { ...call, function: { name: 'f', arguments: '{"q":' } }] }));
  r.brokenArgsCtor = thrown(() => O.createToolCall('f', '{broken'));
  r.ftpImage = brief(openai.validate({ role: 'user', content: [{ type: 'image_url', image_url: { url: 'ftp://x/cat.png' } }] }));
  r.ftpImageCtor = thrown(() => O.createImagePart('ftp://x/cat.png'));

  // OpenAI's own fields carry bytes as base64 data: URLs; custom properties keep Uint8Array.
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255]);
  const image = O.createImagePart(png);
  const msgs = [{ ...O.createUserMessage([{ type: 'text', text: 'see' }, image]), meta: { raw: new Uint8Array([0, 1, 255]) } }, assistant];
  const text = O.toJSON(msgs);
  const back = O.fromJSON(text);
  r.codec = {
    imageUrl: image.image_url.url,
    tagged: JSON.parse(text)[0].meta.raw,
    bytes: bytesOf(back[0].meta.raw),
    imageBack: back[0].content[1].image_url.url === image.image_url.url,
    arguments: back[1].tool_calls[0].function.arguments,
    reencoded: O.toJSON(back) === text,
    valid: O.validateMany(back).every((x) => x.ok),
  };
  out.openai = r;
}

// ---- Hostile values, for each format --------------------------------------------------------
// The foundation's hostile cases, each put where the format reads a typed value (a cycle or a
// revoked Proxy in a free-form field such as swarm's payload is a valid JS value): a message
// that holds itself, a revoked Proxy (at the root and inside), a getter that throws, BigInt,
// NaN and a 5 MB string. Each must give issues without throwing, through validate, is and
// validateMany; toJSON and fromJSON (of the value as a JSON form) must refuse it, and the
// result says how (a ValidationError, or the other error's text).
const BIG = 'x'.repeat(5 * 1024 * 1024);
const throwingGetter = (m, key) => Object.defineProperty({ ...m }, key, { enumerable: true, get() { throw new Error('getter says no'); } });
const selfIn = (m, key) => { const o = { ...m }; o[key] = [o]; return o; };
const { proxy: revoked, revoke } = Proxy.revocable({}, {});
revoke();
const FORMATS = {
  swarm: {
    ns: S, good: () => ({ role: 'user', agentName: 'triage', content: 'hi', mode: 'user' }),
    hostile: (g) => ({
      cyclic: selfIn(g, 'tool_calls'), revokedInside: { ...g, images: [revoked] }, throwingGetter: throwingGetter(g, 'content'),
      bigint: { ...g, mode: 10n }, nan: { ...g, content: NaN },
      bigString: { ...g, role: 'assistant', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: BIG } }] },
    }),
    bigOk: (g) => ({ ...g, content: BIG }),
    bad: () => S.validate({ ...out.swarm.user.message, images: ['a', new Uint8Array(1)] }),
  },
  agens: {
    ns: G, good: () => ({ input: 'x', caller: '#PID<0.1.2>' }),
    hostile: (g) => ({
      cyclic: selfIn(g, 'next'), revokedInside: { ...g, next: [revoked] }, throwingGetter: throwingGetter(g, 'input'),
      bigint: { ...g, retries: 1n }, nan: { ...g, retries: NaN }, bigString: { ...g, caller: BIG },
    }),
    bigOk: (g) => ({ ...g, input: BIG }),
    bad: () => G.validate({ input: '' }),
  },
  bedrock: {
    ns: B, good: () => ({ type: 'message', content: 'hi' }),
    hostile: (g) => ({
      cyclic: selfIn({ type: 'tool_call' }, 'tool_calls'), revokedInside: { type: 'tool_call', tool_calls: [revoked] },
      throwingGetter: throwingGetter(g, 'content'), bigint: { ...g, content: 10n }, nan: { ...g, content: NaN }, bigString: { ...g, type: BIG },
    }),
    bigOk: (g) => ({ ...g, content: BIG }),
    bad: () => B.Event.validate({ ...B.createEvent({ type: 'error', agent_name: 'a', run_id: 'r', thread_id: 't' }), timestamp: '2024-02-30T25:00:00' }),
    // Events too: the timestamp is where a 5 MB string, NaN and BigInt go wrong (an Event has
    // no typed nested field, so a cycle in it is only in free-form details, which is valid).
    events: () => {
      const ev = B.createEvent({ type: 'error', agent_name: 'a', run_id: 'r', thread_id: 't' });
      return {
        good: ev,
        cases: {
          revokedProxy: revoked, revokedInside: { ...ev, details: revoked }, throwingGetter: throwingGetter(ev, 'timestamp'),
          bigint: { ...ev, timestamp: 10n }, nan: { ...ev, timestamp: NaN }, bigString: { ...ev, timestamp: BIG },
        },
      };
    },
  },
  openai: {
    ns: O, good: () => ({ role: 'user', content: 'hi' }),
    hostile: (g) => ({
      cyclic: selfIn(g, 'content'), revokedInside: { ...g, content: [revoked] }, throwingGetter: throwingGetter(g, 'content'),
      bigint: { ...g, content: 10n }, nan: { ...g, content: NaN },
      bigString: { ...g, content: [{ type: 'image_url', image_url: { url: `ftp://${BIG}` } }] },
    }),
    bigOk: (g) => ({ ...g, content: BIG }),
    bad: () => O.validate({ role: 'assistant', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: `{${BIG}` } }] }),
  },
};

// The hostile probe the provider formats' page uses too (providers.cases.mjs).
const probe = (v, value, good) => probeWith(v, value, good, ValidationError);

out.hostile = {};
for (const [name, f] of Object.entries(FORMATS)) {
  const g = f.good();
  const cases = { revokedProxy: revoked, ...f.hostile(g) };
  const h = {};
  for (const [k, value] of Object.entries(cases)) h[k] = probe(f.ns, value, g);
  if (f.events) {
    const { good, cases: evCases } = f.events();
    for (const [k, value] of Object.entries(evCases)) h[`event.${k}`] = probe(f.ns.Event, value, good);
  }
  // A 5 MB string where a string belongs is valid; the module keeps answering afterwards.
  h.bigOk = f.ns.validate(f.bigOk(g)).ok;
  h.afterwards = { good: f.ns.validate(g).ok, is: f.ns.is(f.good()), bad: brief(f.bad()) };
  out.hostile[name] = h;
}
// buildEventTree never throws: hostile events in the list, or a hostile list, are issues.
{
  const ev = B.createEvent({ type: 'error', agent_name: 'a', run_id: 'r', thread_id: 't' });
  const cyclic = { ...ev, id: 'cyc' };
  cyclic.details = { self: cyclic };
  const list = [
    revoked, throwingGetter(ev, 'id'), { ...ev, id: 'b', parent_event_id: 10n }, { ...ev, id: NaN },
    { ...ev, id: BIG }, { ...ev, id: 's', parent_event_id: 's' }, cyclic,
  ];
  const tree = (events) => {
    try {
      const t = B.buildEventTree(events);
      return { roots: t.roots.length, issues: t.issues.map(({ code, path }) => ({ code, path })), issueBytes: JSON.stringify(t.issues).length };
    } catch (e) { return { threw: String(e) }; }
  };
  out.hostile.bedrock.tree = { list: tree(list), revokedList: tree(revoked), bigString: tree(BIG) };
}

out.afterwards = {
  swarm: S.is(S.createUserMessage({ agentName: 'a', content: 'still here' })),
  agens: G.is(G.createMessage({ input: 'still here' })),
  bedrock: B.Event.is(B.createChildEvent(B.createEvent({ type: 'run_start', agent_name: 'a', run_id: 'r', thread_id: 't' }), 'agent_start')),
  openai: O.is(O.createUserMessage('still here')),
};

// Conversions in the page: OpenAI → Kernel → OpenAI with an image, losses named.
{
  const chat = [
    { role: 'user', content: [{ type: 'text', text: 'Look' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AQID' } }] },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }] },
    { role: 'tool', tool_call_id: 'c1', content: 'done' },
  ];
  const toKernel = openAIToKernel(chat);
  const back = kernelToOpenAI(toKernel.messages);
  const lossy = convert([kernel.createReasoningMessage({ title: 't', summary: 's' })], { from: 'kernel', to: 'openai' });
  out.convert = {
    kernelTypes: toKernel.messages.map((m) => m.type),
    kernelValid: toKernel.messages.every((m) => kernel.is(m)),
    bytes: bytesOf(toKernel.messages[0].files[0].data),
    lossesIn: toKernel.losses.length,
    backEqual: JSON.stringify(back.messages) === JSON.stringify(chat),
    lossyCodes: lossy.losses.map((l) => l.code),
    detected: detectFormat(chat)[0]?.format,
    findings: checkConversation(chat.slice(0, 2), { format: 'openai' }).map((f) => f.code),
  };
  // The Kernel's own rendering for a model: AI SDK model messages.
  const rendered = kernelRender(toKernel.messages);
  out.convert.rendered = {
    roles: rendered.messages.map((m) => m.role),
    valid: rendered.messages.every((m) => aiSdk.is(m)),
    output: rendered.messages[2].content[0].output,
    findings: rendered.findings.map((f) => f.code),
  };
}

// swarm and Agens in the page: swarm → Kernel (bytes, options) → swarm, Agens ⇄ OpenAI.
{
  const history = [
    { role: 'user', agentName: 'agent', content: 'Look', mode: 'user', images: [new Uint8Array([4, 5])] },
    { role: 'assistant', agentName: 'agent', content: 'Seen.', mode: 'tool' },
  ];
  let n = 0;
  const toKernel = swarmToKernel(history, { now: () => 7, newId: () => `p${++n}` });
  const back = kernelToSwarm(toKernel.messages);
  const run = [{ input: 'go', result: 'done' }];
  const chat = agensToOpenAI(run);
  let refused = null;
  try {
    swarmToKernel([{ role: 'flush', agentName: 'agent', content: '', mode: 'tool' }], { strict: true });
  } catch (e) {
    refused = e.code;
  }
  let badOption = null;
  try {
    kernelToSwarm(toKernel.messages, { agentName: 3 });
  } catch (e) {
    badOption = e.name;
  }
  out.convertMore = {
    kernel: toKernel.messages.map((m) => `${m.id} ${m.timestamp} ${m.type}`),
    bytes: bytesOf(toKernel.messages[0].files[0].data),
    swarmBack: back.messages.map((m) => (m.images ? { ...m, images: m.images.map(bytesOf) } : m)),
    swarmLosses: back.losses.map((l) => `${l.index} ${l.code}`),
    chat: chat.messages,
    agensBack: openAIToAgens(chat.messages).messages,
    refused,
    badOption,
  };
}

window.__result = out;
