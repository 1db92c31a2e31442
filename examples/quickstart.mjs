// Quickstart: Kernel messages with the built package (run `bash scripts/main.sh` first, or it
// runs this for you). Node 20+.
import * as kernel from '../pkg/kernel.mjs';

// 1. Create messages: ids are monotonic ULIDs, timestamps the same clock reading.
const input = kernel.createInputMessage({
  text: 'What is in this picture?',
  files: [{ data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), filename: 'cat.png', mimeType: 'image/png' }],
});
const calls = kernel.createToolCallsMessage({ calls: [{ id: 'call_1', name: 'describe_image', args: { detail: 'high' } }] });
const results = kernel.createToolResultsMessage({
  results: [{ callId: 'call_1', name: 'describe_image', output: 'a cat on a sofa' }],
});
const reply = kernel.createReplyMessage({ text: 'A cat, sitting on a sofa.' });
const conversation = [input, calls, results, reply];
console.log('created:');
for (const m of conversation) console.log(`  ${m.id}  ${m.timestamp}  ${m.type}`);

// 2. Validate a good message and a bad one: every issue, with its path.
console.log('\nvalidate(reply):', kernel.validate(reply).ok ? 'ok' : 'invalid');
const bad = { id: 42, type: 'input', files: [{ data: 'not bytes', filename: 7 }] };
const verdict = kernel.validate(bad);
console.log(`validate(bad): ${verdict.issues.length} issues`);
for (const issue of verdict.issues) {
  console.log(`  ${issue.code.padEnd(13)} ${JSON.stringify(issue.path).padEnd(22)} ${issue.message}`);
}

// 3. JSON text straight from storage or the wire, checked without building objects first.
const text = '{"id":"01JD7Z8Q0000000000000000AB","timestamp":1732233600000,"type":"reply","text":"hi"}';
console.log('\nvalidateJson(text):', kernel.validateJson(text).ok ? 'ok' : 'invalid');
console.log('validateJson(broken):', kernel.validateJson('{"type": "reply",}').issues[0].message);

// 4. The lossless JSON codec: Uint8Array and Error survive the round trip.
const failed = kernel.createToolResultsMessage({
  results: [{ callId: 'call_2', output: null, error: new TypeError('image too large', { cause: 'limit 5 MB' }) }],
});
const json = kernel.toJSON([...conversation, failed]);
const back = kernel.fromJSON(json);
console.log(`\ntoJSON: ${json.length} characters; fromJSON gives back ${back.length} messages`);
console.log('  files[0].data is a Uint8Array again:', back[0].files[0].data instanceof Uint8Array, back[0].files[0].data);
console.log('  the error is a TypeError again:', back[4].results[0].error instanceof TypeError, `(${back[4].results[0].error.message}; cause: ${back[4].results[0].error.cause})`);
console.log('  plain JSON.stringify would have written:', JSON.stringify(input.files[0].data), 'and', JSON.stringify(failed.results[0].error));
