/**
 * The response protocol (ruling G19), one module behind one interface so another reading can be chosen by a match
 * setting (`options.responseProtocol`) without touching the rest. The summary fixes only fragments: a response
 * answers a declaration (§4-1), later responses resolve first (§10-2, §11-2), a declaration made while resolving
 * opens its own window (§3-1-b, §4-1-a), nobody responds before step e (§17-4, §17-5).
 */
import { opponentOf, type Seat } from '../../core/game.ts';
import type { ProtocolId } from './state.ts';

export type Round = { holder: Seat; passes: number };

export interface ResponseProtocol {
  id: ProtocolId;
  /** Who may respond first to a declaration made by `declarer`. */
  firstResponder(declarer: Seat): Seat;
  /** After the holder passes: the next holder, or every player has passed in a row. */
  afterPass(round: Round): Round | 'all-passed';
  /** When everyone passed: resolve the whole chain down to the window's declaration, or only the top item. */
  resolves: 'whole-chain' | 'top-item';
}

/**
 * Ruling G19 (default, "chain"): the other player first, the declarer last (so the declarer may answer its own
 * declaration when the opponent passes); a response starts a new round; when both pass in a row the whole chain
 * resolves last-in-first-out, each nested declaration in its own window.
 */
export const CHAIN_PROTOCOL: ResponseProtocol = {
  id: 'chain',
  firstResponder: (declarer) => opponentOf(declarer),
  afterPass: (round) =>
    round.passes + 1 >= 2 ? 'all-passed' : { holder: opponentOf(round.holder), passes: round.passes + 1 },
  resolves: 'whole-chain',
};

/** The alternative reading ("item"): as above, but only the top item resolves, then a new round opens. */
export const ITEM_PROTOCOL: ResponseProtocol = { ...CHAIN_PROTOCOL, id: 'item', resolves: 'top-item' };

export const PROTOCOLS: Record<ProtocolId, ResponseProtocol> = { chain: CHAIN_PROTOCOL, item: ITEM_PROTOCOL };
