// `npm run store -- copy --to postgres://… [--from <file.db>]`: copies a SQLite store (ARBITER_DB by default) into an
// empty PostgreSQL database, every table, checked before it commits (src/store/copy-to-postgres.ts). Stop the bot
// first; the rules index is not copied (each process keeps its own). The URL's password is never printed.
import { storeConfigFromEnv } from '../src/store/config.ts';
import { copyToPostgres, withoutPassword } from '../src/store/copy-to-postgres.ts';
import { oneLineErrors } from './cli.ts';

oneLineErrors('store');
const USAGE = 'usage: npm run store -- copy --to postgres://user:password@host/database [--from path/to/arbiter.db]';
const [command, ...rest] = process.argv.slice(2);
if (command !== 'copy') throw new Error(command ? `unknown command "${command}"; ${USAGE}` : USAGE);
const options = new Map<string, string>();
for (let i = 0; i < rest.length; i += 2) {
  const name = rest[i] ?? '';
  const value = rest[i + 1];
  if (!['--to', '--from'].includes(name) || value === undefined) throw new Error(`"${name}" not understood; ${USAGE}`);
  options.set(name, value);
}
const url = options.get('--to') ?? process.env.ARBITER_DATABASE_URL?.trim() ?? '';
if (!/^postgres(ql)?:\/\//.test(url)) throw new Error(`--to must be a postgres:// URL; ${USAGE}`);
const from = options.get('--from') ?? storeConfigFromEnv().path;
try {
  const report = await copyToPostgres(from, url, (line) => console.log(`  ${line}`));
  const rows = report.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `copied ${from} to ${withoutPassword(url)}: ${rows} row(s) in ${report.tables.length} tables, ` +
      `${report.matchesChecked} match(es) checked, ${report.ms.toFixed(0)} ms`,
  );
} catch (error) {
  // node-postgres' errors can quote the connection string; the message is said without the password.
  throw new Error((error as Error).message.replaceAll(url, withoutPassword(url)));
}
