// `npm run scenario -- <file> [more files or folders]`: runs scenario files; exit 0 when every expectation holds.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadScenario, runScenario } from '../src/engine/scenario/runner.ts';
import { oneLineErrors } from './cli.ts';

oneLineErrors('scenario');

function collect(path: string): string[] {
  if (!existsSync(path)) throw new Error(`${path} does not exist: give scenario .yaml files or folders of them`);
  if (statSync(path).isDirectory()) {
    return readdirSync(path)
      .sort()
      .flatMap((f) => collect(join(path, f)));
  }
  return /\.ya?ml$/.test(path) ? [path] : [];
}

const paths = process.argv.slice(2).filter((a) => a !== '--');
if (paths.length === 0) {
  console.error('usage: npm run scenario -- <scenario.yaml | folder> ...');
  process.exit(2);
}
const files = paths.flatMap(collect);
if (files.length === 0) throw new Error(`no .yaml scenario files in ${paths.join(', ')}`);
let failed = 0;
let passed = 0;
for (const file of files) {
  try {
    const result = runScenario(loadScenario(readFileSync(file, 'utf8'), file));
    if (result.ok) {
      passed += 1;
      console.log(`ok    ${file}  (${result.rule})`);
    } else {
      failed += 1;
      console.log(`FAIL  ${file}  (${result.rule})`);
      for (const f of result.failures) console.log(`      - ${f}`);
    }
  } catch (err) {
    failed += 1;
    console.log(`ERROR ${file}: ${(err as Error).message}`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
