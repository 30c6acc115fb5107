import type { Seat, Viewer } from '../../core/game.ts';
import { type IdentitySecrets, identitySecrets, knows } from '../../core/hidden.ts';
import { novaCard } from './cards/pool.ts';
import { novaKernel } from './kernel.ts';
import { resolvingNow } from './resolve.ts';
import type { NovaState } from './state.ts';
import { ZONES } from './state.ts';

/** Must hold after every decision: every card object is in exactly one place, and nothing is lost or duplicated. */
export function novaInvariants(s: NovaState, expectedCards?: number): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const note = (id: string, where: string) => {
    const before = seen.get(id);
    if (before) problems.push(`object ${id} is in both ${before} and ${where}`);
    seen.set(id, where);
  };
  for (const seat of ['p1', 'p2'] as Seat[]) {
    for (const zone of ZONES) for (const id of s.players[seat].zones[zone]) note(id, `${seat}.${zone}`);
  }
  for (const w of s.waiting) if (w.kind === 'card') note(w.objectId, 'waiting');
  // The item being resolved has left the waiting area's list but its card is still there (NOVA 804.3).
  const resolving = resolvingNow(s);
  if (resolving?.item.kind === 'card') note(resolving.item.objectId, 'resolving');
  for (const id of Object.keys(s.objects)) if (!seen.has(id)) problems.push(`object ${id} is in no zone`);
  for (const id of seen.keys()) if (!s.objects[id]) problems.push(`zone lists unknown object ${id}`);
  if (expectedCards !== undefined && seen.size !== expectedCards)
    problems.push(`card count ${seen.size}, expected ${expectedCards}`);
  for (const seat of ['p1', 'p2'] as Seat[]) {
    for (const [color, n] of Object.entries(s.players[seat].stock))
      if (n < 0) problems.push(`${seat} has ${n} ${color} energy`);
  }
  const frameAwaits = s.procedures.frames[s.procedures.frames.length - 1]?.awaiting !== undefined;
  if (!s.result && !frameAwaits) problems.push('the game is not over but no decision is pending');
  if (s.procedures.frames[0]?.kind !== 'nova-game') problems.push('the game is not the bottom frame of the stack');
  problems.push(...novaKernel.check(s));
  return problems;
}

/** NOVA hidden information (digest §13): hands and character decks from the opponent, main decks from everyone. */
export function novaHiddenObjectIds(s: NovaState, viewer: Viewer): string[] {
  if (viewer.kind === 'omniscient') return [];
  const hidden: string[] = [];
  for (const seat of ['p1', 'p2'] as Seat[]) {
    hidden.push(...s.players[seat].zones.deck); // NOVA 303.3: nobody, owner included
    const own = viewer.kind === 'player' && viewer.seat === seat;
    if (!own) hidden.push(...s.players[seat].zones.hand, ...s.players[seat].zones.charDeck); // NOVA 308.4, 304.2
  }
  // NOVA 303.3: main-deck cards their controller is looking at (Neris) are visible to that player only.
  const looking = lookedAtBy(s, viewer);
  return looking.length > 0 ? hidden.filter((id) => !looking.includes(id)) : hidden;
}

/** The main-deck cards this viewer is looking at right now (while choosing their order), if any. */
export function lookedAtBy(s: NovaState, viewer: Viewer): string[] {
  const looking = resolvingNow(s)?.looking;
  // The resolve frame waits for the looker to order them (resolve.ts).
  const awaiting = s.procedures.frames[s.procedures.frames.length - 1]?.awaiting;
  if (!looking || viewer.kind !== 'player' || awaiting?.decision !== 'order-deck' || awaiting.seat !== viewer.seat)
    return [];
  return looking;
}

/**
 * The cards this viewer may not know (core/hidden.ts): every object hidden from them (above) except the main-deck
 * cards their seat looked at and still knows (NOVA 303.3, 303.6: `known`). NOVA has no face-down objects on the
 * table; its hidden identities are all in hidden zones. Every other object's card is known to the viewer.
 */
export function novaHiddenIdentities(s: NovaState, viewer: Viewer): IdentitySecrets {
  // A card every player knows was revealed (NOVA 910.1), in public: a spectator saw it too.
  const remembered = (id: string) =>
    viewer.kind === 'player' ? knows(s.known, viewer.seat, id) : knows(s.known, 'p1', id) && knows(s.known, 'p2', id);
  const hidden = new Set(novaHiddenObjectIds(s, viewer).filter((id) => !remembered(id)));
  const secrets = identitySecrets(Object.values(s.objects), hidden, (card) => novaCard(card).name);
  // Waiting items and triggers name their source card, public even after the source has left (NOVA 311).
  const known = new Set(secrets.knownCards);
  for (const w of s.waiting) known.add(w.card);
  for (const t of s.pendingTriggers) known.add(t.card);
  return { hidden: secrets.hidden, knownCards: [...known] };
}
