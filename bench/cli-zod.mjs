#!/usr/bin/env node
// The peer of `agent-messages check --format openai`: the script a user would write around
// zod 4 instead. It streams the file, splits it into lines (Buffer.indexOf, no readline),
// JSON.parses each line and validates it with zod 4's OpenAI schema (bench/peers-formats.mjs,
// written as close to ours as zod allows), counting invalid lines and issues; it prints
// `{ lines, invalid, issues }`. No conversation checks, no line:column: less than ours does.
//   node bench/cli-zod.mjs FILE
import { createReadStream } from 'node:fs';
import { zodOpenAI } from './peers-formats.mjs';

const file = process.argv[2];
let lines = 0, invalid = 0, issues = 0;
const line = (text) => {
  if (text.length === 0) return;
  lines++;
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    invalid++;
    issues++;
    return;
  }
  const r = zodOpenAI.safeParse(value);
  if (!r.success) {
    invalid++;
    issues += r.error.issues.length;
  }
};
let rest = null;
for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
  const buf = rest ? Buffer.concat([rest, chunk]) : chunk;
  let start = 0;
  for (let nl = buf.indexOf(10); nl !== -1; nl = buf.indexOf(10, start)) {
    line(buf.toString('utf8', start, nl));
    start = nl + 1;
  }
  rest = start < buf.length ? buf.subarray(start) : null;
}
if (rest) line(rest.toString('utf8'));
console.log(JSON.stringify({ lines, invalid, issues }));
