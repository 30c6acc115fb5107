import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameId, GameModule } from '../../src/engine/core/game.ts';
import { openStore, type Store, type StoreOptions } from '../../src/store/store.ts';
import { toyGame } from './toy-game.ts';

/**
 * The timeout of a test that replays or spawns for a few seconds on a quiet machine: at load 17-22 these took 31 s
 * and more (past the 30 s default), isolated or sharing modules. A timeout only catches a hang; what they prove is
 * in their assertions.
 */
export const SLOW_UNDER_LOAD = 120_000;

/** Resolves only 'nova', to the toy game: the real games are not part of the store's tests. */
export function toyResolver(game: GameId): GameModule | undefined {
  return game === 'nova' ? (toyGame as unknown as GameModule) : undefined;
}

/** A temp directory removed by the returned cleanup. */
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-store-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function tempStore(options: StoreOptions & { snapshotEvery?: number } = {}): {
  store: Store;
  path: string;
  messages: string[];
  reopen: () => Store;
  cleanup: () => void;
} {
  const { dir, cleanup } = tempDir();
  const path = join(dir, 'arbiter.db');
  const messages: string[] = [];
  const open = () =>
    openStore({ path, snapshotEvery: options.snapshotEvery ?? 5 }, toyResolver, {
      log: (m) => messages.push(m),
      ...options,
    });
  const handle = { store: open(), path, messages, reopen: () => handle.store, cleanup: () => {} };
  handle.reopen = () => {
    handle.store.close();
    handle.store = open();
    return handle.store;
  };
  handle.cleanup = () => {
    if (handle.store.db.open) handle.store.close();
    cleanup();
  };
  return handle;
}
