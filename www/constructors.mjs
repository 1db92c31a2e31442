// The "build a Kernel message" forms: for each Kernel type, its constructor and the fields its
// form asks for, and how the filled-in values become the constructor's argument. No DOM here.
//
// A field: { name, label, kind: 'text' | 'line' | 'json' | 'file', optional, value (default) }.
// Empty optional fields are left out; a required field is passed as typed (an empty required
// JSON field is left out too, so the package reports it missing).

export const KERNEL_FORMS = [
  { type: 'input', ctor: 'createInputMessage', fields: [
    { name: 'text', label: 'Text', kind: 'text', optional: true, value: 'What is in this picture?' },
    { name: 'file', label: 'File attachment', kind: 'file', optional: true },
  ] },
  { type: 'reply', ctor: 'createReplyMessage', fields: [
    { name: 'text', label: 'Text', kind: 'text', value: 'A cat on a sofa.' },
  ] },
  { type: 'reasoning', ctor: 'createReasoningMessage', fields: [
    { name: 'title', label: 'Title', kind: 'line', value: 'Plan' },
    { name: 'summary', label: 'Summary', kind: 'text', value: 'Look at the image, then answer.' },
  ] },
  { type: 'tool-calls', ctor: 'createToolCallsMessage', fields: [
    { name: 'id', label: 'Call id', kind: 'line', value: 'call_1' },
    { name: 'name', label: 'Tool name', kind: 'line', value: 'describe_image' },
    { name: 'args', label: 'Arguments (JSON)', kind: 'json', optional: true, value: '{ "detail": "high" }' },
  ] },
  { type: 'tool-results', ctor: 'createToolResultsMessage', fields: [
    { name: 'callId', label: 'Call id', kind: 'line', optional: true, value: 'call_1' },
    { name: 'name', label: 'Tool name', kind: 'line', optional: true, value: 'describe_image' },
    { name: 'output', label: 'Output (JSON)', kind: 'json', value: '"a cat on a sofa"' },
    { name: 'error', label: 'Error message (makes an Error)', kind: 'line', optional: true, value: '' },
  ] },
  { type: 'system', ctor: 'createSystemMessage', fields: [
    { name: 'text', label: 'Text', kind: 'text', value: 'You describe images.' },
  ] },
  { type: 'log', ctor: 'createLogMessage', fields: [
    { name: 'text', label: 'Text', kind: 'text', value: 'tool describe_image took 812 ms' },
  ] },
  { type: 'tool-call', ctor: 'createToolCallMessage', fields: [
    { name: 'name', label: 'Tool name', kind: 'line', value: 'search' },
    { name: 'args', label: 'Arguments (JSON)', kind: 'json', optional: true, value: '{ "q": "cats" }' },
  ] },
  { type: 'tool-result', ctor: 'createToolResultMessage', fields: [
    { name: 'callId', label: 'Call id', kind: 'line', value: 'call_1' },
    { name: 'result', label: 'Result (JSON)', kind: 'json', value: '{ "hits": 3 }' },
    { name: 'error', label: 'Error (text)', kind: 'line', optional: true, value: '' },
  ] },
];

/** The constructor's argument from the form's values (`values[name]`: a string, or for a file
 * `{ name, type, bytes: Uint8Array }` or null). Throws a SyntaxError naming the field whose JSON
 * does not parse. */
export function initFrom(form, values) {
  const got = {};
  for (const f of form.fields) {
    const v = values[f.name];
    if (f.kind === 'file') {
      if (v) got[f.name] = v;
      continue;
    }
    if (v === '' && (f.optional || f.kind === 'json')) continue;
    if (f.kind === 'json') {
      try {
        got[f.name] = JSON.parse(v);
      } catch (e) {
        throw new SyntaxError(`${f.label}: not JSON (${e.message})`);
      }
    } else {
      got[f.name] = v;
    }
  }
  switch (form.type) {
    case 'input': {
      const init = {};
      if ('text' in got) init.text = got.text;
      if (got.file) {
        const file = { data: got.file.bytes, filename: got.file.name };
        if (got.file.type) file.mimeType = got.file.type;
        init.files = [file];
      }
      return init;
    }
    case 'tool-calls': {
      const { id, name, args } = got;
      const call = { id, name };
      if ('args' in got) call.args = args;
      return { calls: [call] };
    }
    case 'tool-results': {
      const result = {};
      for (const k of ['callId', 'name', 'output']) if (k in got) result[k] = got[k];
      if ('error' in got) result.error = new Error(got.error);
      return { results: [result] };
    }
    default:
      return got;
  }
}
