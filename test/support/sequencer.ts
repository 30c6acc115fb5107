import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds of the files that took 5 s or more in CI's run of stop 27 (clean clone of a2b1d60c, quiet, two workers).
 * Only an order: a file missing here or slower now is still run, just not first.
 */
const KNOWN_SECONDS: Record<string, number> = {
  'test/mtg/duel.test.ts': 64.8,
  'test/store/crash-bot.test.ts': 63.4,
  'test/ai/bot-ai-games.test.ts': 52.8,
  'test/ops/two-shards.test.ts': 50.9,
  'test/aqa/duel.test.ts': 43.2,
  'test/ai/ai.test.ts': 38.4,
  'test/bot/seat-names.test.ts': 37.2,
  'test/nova/fuzz.test.ts': 35.6,
  'test/sandbox/fow.test.ts': 34.7,
  'test/toy/registered.test.ts': 33.8,
  'test/mtg/sandbox.test.ts': 32.3,
  'test/mtg/fuzz.test.ts': 27.8,
  'test/sandbox/ai-search.test.ts': 26.1,
  'test/fow/duel.test.ts': 26.0,
  'test/sandbox/sandbox.e2e.test.ts': 22.1,
  'test/mtg/sandbox-every-decision.test.ts': 21.9,
  'test/sandbox/aqa.test.ts': 21.9,
  'test/sandbox/ai.test.ts': 19.4,
  'test/fow/fuzz.test.ts': 19.0,
  'test/engine/in-place.test.ts': 19.0,
  'test/toy/toy.test.ts': 17.4,
  'test/pmv/duel.test.ts': 15.4,
  'test/bot/full-match.test.ts': 14.8,
  'test/ai/bot-ai-search.test.ts': 13.1,
  'test/ops/observed-match.test.ts': 12.9,
  'test/bot/bounded-maps.test.ts': 12.7,
  'test/sandbox/pmv.test.ts': 12.7,
  'test/store/crash.test.ts': 12.3,
  'test/mtg/assign-split-timeout.test.ts': 11.9,
  'test/store/contract.test.ts': 11.9,
  'test/nova/search.test.ts': 11.9,
  'test/ops/npm-start.test.ts': 11.8,
  'test/bot/select.test.ts': 11.5,
  'test/ops/sigterm.test.ts': 10.9,
  'test/ai/bot-ai.test.ts': 10.8,
  'test/league/swiss.test.ts': 10.6,
  'test/store/contract-processes.test.ts': 8.8,
  'test/bot/prompt-situation.test.ts': 8.6,
  'test/render/table-hidden.test.ts': 7.1,
  'test/bot/resilience.test.ts': 7.0,
  'test/fake-discord/conformance.test.ts': 7.0,
  'test/bot/card-details.test.ts': 6.7,
  'test/store/backup-postgres.test.ts': 6.0,
  'test/fuzz/search-hooks.test.ts': 5.6,
  'test/fake-discord/shards.test.ts': 5.5,
  'test/cli/cli-errors.test.ts': 5.5,
  'test/mtg/scenarios.test.ts': 5.2,
  'test/league/league-simulation.test.ts': 5.0,
};

/**
 * Longest files first inside each project, so that the two workers end together. Vitest's own order puts a file
 * without a recorded duration (every file of a clean clone, as in CI) by its size, which ran the fuzz files, small
 * and long, last: one worker played `test/mtg/fuzz.test.ts` (28 s) alone at the end. A duration that this machine
 * recorded (vitest's cache) comes before the table's; projects, their order and failed-first stay vitest's (a
 * project whose files share modules must stay one block: a worker drops its modules when the next file is not).
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const block = new Map<string, number>();
    for (const [i, file] of base.entries()) if (!block.has(this.blockOf(file))) block.set(this.blockOf(file), i);
    const position = new Map(base.map((file, i) => [file, i]));
    const rank = (file: TestSpecification) => block.get(this.blockOf(file)) ?? 0;
    return base.toSorted(
      (a, b) =>
        rank(a) - rank(b) ||
        Number(this.failed(b)) - Number(this.failed(a)) ||
        this.seconds(b) - this.seconds(a) ||
        (position.get(a) ?? 0) - (position.get(b) ?? 0),
    );
  }

  private blockOf(file: TestSpecification): string {
    return `${file.project.config.sequence.groupOrder}:${file.project.name}`;
  }

  private key(file: TestSpecification): string {
    return `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`;
  }

  private failed(file: TestSpecification): boolean {
    return this.ctx.cache.getFileTestResults(this.key(file))?.failed === true;
  }

  private seconds(file: TestSpecification): number {
    const recorded = this.ctx.cache.getFileTestResults(this.key(file))?.duration;
    if (recorded !== undefined) return recorded / 1000;
    return KNOWN_SECONDS[relative(this.ctx.config.root, file.moduleId)] ?? 0;
  }
}
