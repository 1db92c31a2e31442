// node:test entry for the AI SDK type test: tsc on ai-sdk.types.ts (its own program, see
// ai-sdk.tsconfig.json) must pass, and each mutant (one side of a pair changed by a field) must fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const tsc = resolve(here, '../../node_modules/typescript/bin/tsc');
const source = readFileSync(join(here, 'ai-sdk.types.ts'), 'utf8');
const config = readFileSync(join(here, 'ai-sdk.tsconfig.json'), 'utf8');

function check(text) {
  // In this directory (module resolution of `ai` and the paths), under a name of its own.
  const dir = mkdtempSync(join(here, '.ai-sdk-mutant-'));
  try {
    writeFileSync(join(dir, 'ai-sdk.types.ts'), text);
    writeFileSync(join(dir, 'tsconfig.json'), config.replaceAll('../../pkg/', '../../../pkg/'));
    return spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('ai-sdk types: ours and ai\'s ModelMessage types are assignable both ways', () => {
  const run = spawnSync(process.execPath, [tsc, '-p', join(here, 'ai-sdk.tsconfig.json')], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stdout + run.stderr);
});

test('ai-sdk types: the unmutated copy passes (the harness itself is sound)', () => {
  const run = check(source);
  assert.equal(run.status, 0, run.stdout + run.stderr);
});

const MUTANTS = [
  ['a field dropped', 'Same<Ours.ToolApprovalResponse, Ai.ToolApprovalResponse>', 'Same<Ours.ToolApprovalResponse, Omit<Ai.ToolApprovalResponse, "providerExecuted">>'],
  ['a field made required', 'Same<Ours.FilePart, Ai.FilePart>', 'Same<Ours.FilePart, Ai.FilePart & { filename: string }>'],
  ['a field retyped', 'Same<Ours.TextPart, Ai.TextPart>', 'Same<Ours.TextPart, Omit<Ai.TextPart, "text"> & { text: number }>'],
  ['a field added', 'Same<Ours.CustomPart, PU.CustomPart>', 'Same<Ours.CustomPart, PU.CustomPart & { extra?: string }>'],
  ['an output variant dropped', 'Same<Ours.ToolResultOutput, PU.ToolResultOutput>', 'Same<Ours.ToolResultOutput, Exclude<PU.ToolResultOutput, { type: "json" }>>'],
  ['a negative case that holds', "export const n3: Ours.CustomPart = { type: 'custom', kind: 'nodot' };", "export const n3: Ours.CustomPart = { type: 'custom', kind: 'a.b' };"],
];
for (const [name, from, to] of MUTANTS) {
  test(`ai-sdk types: a mutant fails (${name})`, () => {
    assert.ok(source.includes(from), from);
    const run = check(source.replace(from, to));
    assert.notEqual(run.status, 0, `tsc accepted the mutant: ${name}`);
  });
}
