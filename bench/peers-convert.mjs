// The peers for the conversions: each benchmarked pair mapped by hand, as a competent user
// would write it for their own data (plain loops, no validation, no loss report), giving the
// same messages as our `convert(...).messages` on the fixtures (bench/convert.mjs checks that
// before timing). Our semantics, which these follow, are docs/CONVERSIONS.md "Decisions taken
// in the mappings" and src/convert/<format>.rs; where a mapping has a rule the fixtures never
// exercise (a file that is not an image, a tool result without a call id, ...), the hand-written
// one does not either. Each pair also comes with zod validation of the input first (the schemas
// of peers.mjs / peers-formats.mjs), as a user converting untrusted data would do: ours
// validates its input (and its output).

import * as z from 'zod';
import { monotonicFactory } from 'ulid';
import { zodKernel } from './peers.mjs';
import { zodOpenAI, zodBedrock, zodSwarm, zodAgens } from './peers-formats.mjs';

const toBase64 = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
const fromBase64 = (text) => {
  const b = Buffer.from(text, 'base64');
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
};
const ulid = monotonicFactory();
const toolText = (output) => (typeof output === 'string' ? output : JSON.stringify(output));

// ---- kernel -> openai ----------------------------------------------------------------------------

export function kernelToOpenAI(messages) {
  const out = [];
  for (const m of messages) {
    switch (m.type) {
      case 'system':
        out.push({ role: 'system', content: m.text });
        break;
      case 'input':
        if (m.files?.length) {
          const content = [];
          if (m.text !== undefined) content.push({ type: 'text', text: m.text });
          for (const f of m.files) content.push({ type: 'image_url', image_url: { url: `data:${f.mimeType};base64,${toBase64(f.data)}` } });
          out.push({ role: 'user', content });
        } else {
          out.push({ role: 'user', content: m.text });
        }
        break;
      case 'reply':
        out.push({ role: 'assistant', content: m.text });
        break;
      case 'tool-calls':
        out.push({
          role: 'assistant',
          content: null,
          tool_calls: m.calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.args ?? {}) } })),
        });
        break;
      case 'tool-results':
        for (const r of m.results) {
          let content = r.output === null && r.error ? '' : toolText(r.output);
          if (r.error) content = content ? `${content}\nError: ${r.error.message}` : `Error: ${r.error.message}`;
          out.push({ role: 'tool', tool_call_id: r.callId, content });
        }
        break;
      default:
        // reasoning and log have no OpenAI message
    }
  }
  return out;
}

// ---- openai -> kernel ----------------------------------------------------------------------------

export function openAIToKernel(messages) {
  const out = [];
  const names = new Map();
  const make = (type) => {
    const timestamp = Date.now();
    return { id: ulid(timestamp), timestamp, type };
  };
  let lastResults = null;
  for (const m of messages) {
    if (m.role !== 'tool') lastResults = null;
    switch (m.role) {
      case 'system':
      case 'developer': {
        const k = make('system');
        k.text = m.content;
        if (m.role === 'developer') k.agentMessages = { developer: true };
        out.push(k);
        break;
      }
      case 'user': {
        const k = make('input');
        if (typeof m.content === 'string') {
          k.text = m.content;
        } else {
          const files = [];
          for (const p of m.content) {
            if (p.type === 'text') {
              if (k.text === undefined) k.text = p.text;
            } else if (p.type === 'image_url') {
              const url = p.image_url.url;
              const comma = url.indexOf(',');
              files.push({ data: fromBase64(url.slice(comma + 1)), mimeType: url.slice(5, comma - 7) });
            }
          }
          if (files.length) k.files = files;
        }
        out.push(k);
        break;
      }
      case 'assistant': {
        if (m.content != null) {
          const k = make('reply');
          k.text = m.content;
          out.push(k);
        }
        if (m.tool_calls) {
          const k = make('tool-calls');
          k.calls = m.tool_calls.map((c) => {
            names.set(c.id, c.function.name);
            return { id: c.id, name: c.function.name, args: JSON.parse(c.function.arguments) };
          });
          if (m.content != null) k.agentMessages = { continues: true };
          else if (!('content' in m)) k.agentMessages = { no_content: true };
          out.push(k);
        }
        break;
      }
      case 'tool': {
        const r = { callId: m.tool_call_id, name: names.get(m.tool_call_id), output: m.content };
        if (lastResults) {
          lastResults.push(r);
        } else {
          const k = make('tool-results');
          k.results = lastResults = [r];
          out.push(k);
        }
        break;
      }
      default:
    }
  }
  return out;
}

// ---- bedrock -> openai ---------------------------------------------------------------------------

export function bedrockToOpenAI(responses) {
  const out = [];
  for (const r of responses) {
    if (r.type === 'message') {
      out.push({ role: 'assistant', content: r.content });
    } else if (r.type === 'tool_call') {
      out.push({
        role: 'assistant',
        content: null,
        tool_calls: r.tool_calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.function.name, arguments: JSON.stringify(c.function.arguments) } })),
      });
    }
  }
  return out;
}

// ---- swarm -> openai -----------------------------------------------------------------------------

export function swarmToOpenAI(messages) {
  const out = [];
  for (const m of messages) {
    switch (m.role) {
      case 'system':
      case 'developer':
        out.push({ role: m.role, content: m.content });
        break;
      case 'user':
        if (m.images?.length) {
          const content = m.content ? [{ type: 'text', text: m.content }] : [];
          for (const img of m.images) {
            if (typeof img === 'string' && img.includes(':')) {
              content.push({ type: 'image_url', image_url: { url: img } });
              continue;
            }
            // Untyped bytes: an image part when they are a known image, else a file part.
            const data = typeof img === 'string' ? img : toBase64(img);
            const type = sniffImage(typeof img === 'string' ? fromBase64(img.slice(0, 16)) : img);
            if (type) content.push({ type: 'image_url', image_url: { url: `data:${type};base64,${data}` } });
            else content.push({ type: 'file', file: { file_data: `data:application/octet-stream;base64,${data}` } });
          }
          out.push({ role: 'user', content });
        } else {
          out.push({ role: 'user', content: m.content });
        }
        break;
      case 'assistant':
        if (m.tool_calls) {
          const tool_calls = m.tool_calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.function.name, arguments: JSON.stringify(c.function.arguments) } }));
          out.push({ role: 'assistant', content: m.content || null, tool_calls });
        } else {
          out.push({ role: 'assistant', content: m.content });
        }
        break;
      case 'tool':
        out.push({ role: 'tool', tool_call_id: m.tool_call_id, content: m.content });
        break;
      default:
        // flush and resque have no OpenAI message
    }
  }
  return out;
}

// ---- agens -> openai -----------------------------------------------------------------------------

export function agensToOpenAI(steps) {
  const out = [];
  let prevInput = '(no input)';
  let prevEndedInResults = false;
  for (const s of steps) {
    const hasCalls = Array.isArray(s.tool_calls) && s.tool_calls.length > 0;
    const hasResults = s.tool_results != null && Object.keys(s.tool_results).length > 0;
    const hasText = typeof s.system === 'string' || typeof s.user === 'string' || typeof s.result === 'string';
    if (typeof s.system === 'string') out.push({ role: 'system', content: s.system });
    // The input is shown again only where it tells something (Agens carries it forward).
    if (s.input !== prevInput || typeof s.user === 'string' || !(hasText || hasCalls || hasResults) || (prevEndedInResults && hasResults && !hasText && !hasCalls)) {
      out.push({ role: 'user', content: s.input });
    }
    if (typeof s.user === 'string') out.push({ role: 'user', content: s.user });
    if (typeof s.result === 'string') out.push({ role: 'assistant', content: s.result });
    if (hasCalls) {
      const tool_calls = s.tool_calls.map((c) => {
        const args = {};
        for (const a of c.arguments) args[a.key] = a.value;
        return { id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(args) } };
      });
      if (typeof s.result === 'string') out[out.length - 1].tool_calls = tool_calls;
      else out.push({ role: 'assistant', content: null, tool_calls });
    }
    if (hasResults) {
      for (const [id, output] of Object.entries(s.tool_results)) out.push({ role: 'tool', tool_call_id: id, content: toolText(output) });
    }
    prevInput = s.input;
    prevEndedInResults = hasResults;
  }
  return out;
}

// ---- openai -> swarm -----------------------------------------------------------------------------

export function openAIToSwarm(messages) {
  const out = [];
  for (const m of messages) {
    switch (m.role) {
      case 'system':
      case 'developer':
        out.push({ role: m.role, agentName: 'agent', content: m.content, mode: 'tool' });
        break;
      case 'user':
        if (typeof m.content === 'string') {
          out.push({ role: 'user', agentName: 'agent', content: m.content, mode: 'user' });
        } else {
          let content;
          const images = [];
          for (const p of m.content) {
            if (p.type === 'text') content ??= p.text;
            else if (p.type === 'image_url') images.push(p.image_url.url);
          }
          const u = { role: 'user', agentName: 'agent', content: content ?? '', mode: 'user' };
          if (images.length) u.images = images;
          out.push(u);
        }
        break;
      case 'assistant': {
        const a = { role: 'assistant', agentName: 'agent', content: m.content ?? '', mode: 'tool' };
        if (m.tool_calls) a.tool_calls = m.tool_calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.function.name, arguments: JSON.parse(c.function.arguments) } }));
        out.push(a);
        break;
      }
      case 'tool':
        out.push({ role: 'tool', agentName: 'agent', content: m.content, mode: 'tool', tool_call_id: m.tool_call_id });
        break;
      default:
    }
  }
  return out;
}

// ---- with zod validation of the input --------------------------------------------------------------

// ---- openai -> anthropic -------------------------------------------------------------------------

/** A `data:<type>;base64,<data>` URL's parts. */
function dataUrl(url) {
  const comma = url.indexOf(',');
  return { data: url.slice(comma + 1), mediaType: url.slice(5, comma - 7) };
}

/** OpenAI chat messages as an Anthropic prompt: the leading system message is the `system`,
 * later system and developer messages stay system messages, tool messages in a row are one user
 * message of tool_result blocks, an assistant's tool calls tool_use blocks with parsed input. */
export function openAIToAnthropic(messages) {
  let system;
  const out = [];
  let results = null;
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    if (m.role !== 'tool') results = null;
    switch (m.role) {
      case 'system':
      case 'developer':
        if (i === 0 && m.role === 'system') system = m.content;
        else out.push({ role: 'system', content: m.content });
        break;
      case 'user':
        out.push({
          role: 'user',
          content: typeof m.content === 'string'
            ? m.content
            : m.content.map((p) => {
              if (p.type === 'text') return { type: 'text', text: p.text };
              const { mediaType, data } = dataUrl(p.image_url.url);
              return { type: 'image', source: { type: 'base64', media_type: mediaType, data } };
            }),
        });
        break;
      case 'assistant': {
        if (!m.tool_calls) {
          out.push({ role: 'assistant', content: m.content });
          break;
        }
        const content = [];
        if (m.content) content.push({ type: 'text', text: m.content });
        for (const c of m.tool_calls) content.push({ type: 'tool_use', id: c.id, name: c.function.name, input: JSON.parse(c.function.arguments) });
        out.push({ role: 'assistant', content });
        break;
      }
      case 'tool': {
        const block = { type: 'tool_result', tool_use_id: m.tool_call_id, content: m.content };
        if (results) results.push(block);
        else {
          results = [block];
          out.push({ role: 'user', content: results });
        }
        break;
      }
    }
  }
  return system === undefined ? { messages: out } : { system, messages: out };
}

// ---- openai -> ai-sdk ----------------------------------------------------------------------------

/** OpenAI chat messages as AI SDK `ModelMessage`s: a developer message is a system message
 * marked as one, image parts file parts of base64 data, tool calls tool-call parts with parsed
 * input, tool messages in a row one tool message of tool-result parts (named by their call). */
export function openAIToAiSdk(messages) {
  const out = [];
  const names = new Map();
  let results = null;
  for (const m of messages) {
    if (m.role !== 'tool') results = null;
    switch (m.role) {
      case 'system':
        out.push({ role: 'system', content: m.content });
        break;
      case 'developer':
        out.push({ role: 'system', content: m.content, agentMessages: { developer: true } });
        break;
      case 'user':
        out.push({
          role: 'user',
          content: typeof m.content === 'string'
            ? m.content
            : m.content.map((p) => (p.type === 'text' ? { type: 'text', text: p.text } : { type: 'file', ...dataUrl(p.image_url.url) })),
        });
        break;
      case 'assistant': {
        if (!m.tool_calls) {
          out.push({ role: 'assistant', content: m.content });
          break;
        }
        const content = [];
        if (m.content) content.push({ type: 'text', text: m.content });
        for (const c of m.tool_calls) {
          names.set(c.id, c.function.name);
          content.push({ type: 'tool-call', toolCallId: c.id, toolName: c.function.name, input: JSON.parse(c.function.arguments) });
        }
        out.push({ role: 'assistant', content });
        break;
      }
      case 'tool': {
        const part = { type: 'tool-result', toolCallId: m.tool_call_id, toolName: names.get(m.tool_call_id), output: { type: 'text', value: m.content } };
        if (results) results.push(part);
        else {
          results = [part];
          out.push({ role: 'tool', content: results });
        }
        break;
      }
    }
  }
  return out;
}

const zodLists = {
  kernel: z.array(zodKernel),
  openai: z.array(zodOpenAI),
  bedrock: z.array(zodBedrock),
  swarm: z.array(zodSwarm),
  agens: z.array(zodAgens),
};

/** `map` after zod has validated the input as a list of `format` messages; throws on bad input. */
export function withZod(format, map) {
  const schema = zodLists[format];
  return (messages) => {
    const r = schema.safeParse(messages);
    if (!r.success) throw new Error(`not a list of ${format} messages: ${r.error.issues[0].message}`);
    return map(r.data);
  };
}

/** The image type of bytes by their first bytes (PNG, JPEG, GIF, WebP), as ours reads it. */
function sniffImage(b) {
  if (b.length >= 4 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 4 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) return 'image/gif';
  if (b.length >= 12 && b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50) return 'image/webp';
  return null;
}
