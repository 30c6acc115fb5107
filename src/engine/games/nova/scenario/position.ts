import { InvalidData } from '../../../core/errors.ts';
import type { Seat } from '../../../core/game.ts';
import { pushFrame } from '../../../core/procedure.ts';
import { novaCard, novaCardByName, registerCustomCards } from '../cards/pool.ts';
import type { Color } from '../cards/schema.ts';
import { advance } from '../engine.ts';
import { blankNovaState } from '../setup.ts';
import type { TargetRef } from '../state.ts';
import { type NovaState, PHASES, type Phase } from '../state.ts';
import { SCRIPTS } from '../turn.ts';
import { novaGame } from '../turn-procedure.ts';
import { newObject } from '../zones.ts';
import type { PlacedCard, PlayerSetup, Scenario, WaitingSetup } from './format.ts';

/** Colour words accepted in a scenario's energy list, each standing for a vanilla card of that colour. */
const ENERGY_BY_COLOR: Record<string, string> = {
  red: 'ember-whelp',
  green: 'mossback-tortoise',
  white: 'dawnguard-recruit',
  blue: 'tidewatch-sentry',
  black: 'barrowmoss-acolyte',
  colorless: 'runebound-colossus',
};

const FILLER_DECK = Array<string>(20).fill('mossback-tortoise');

export function cardIdByName(name: string): string {
  const card = novaCardByName(name);
  if (!card) throw new InvalidData(`Unknown card "${name}" in the scenario.`);
  return card.id;
}

/** A scenario's position and the object each label names (`label:` on a placed card). */
export interface NovaPosition {
  state: NovaState;
  labels: Record<string, string>;
}

/**
 * Builds the scenario's position: cards placed straight into zones, the turn at the first priority window of the
 * named phase or step, with the setup procedure (NOVA 007) already behind it.
 */
export function buildNovaPosition(sc: Scenario): NovaState {
  return buildLabelledPosition(sc).state;
}

/** As buildNovaPosition, with the labels the setup gave to copies. */
export function buildLabelledPosition(sc: Scenario): NovaPosition {
  registerCustomCards(sc.cards);
  const phase = sc.setup.phase as Phase;
  if (!PHASES.includes(phase))
    throw new InvalidData(`Unknown phase "${sc.setup.phase}" (one of ${PHASES.join(', ')}).`);
  const s = blankNovaState(sc.seed, 2000);
  s.setup = { stage: 'done', firstPlayer: 'p1', mulligans: { p1: false, p2: false } };
  s.turn = {
    number: sc.setup.turn,
    active: sc.setup.active,
    phase,
    op: SCRIPTS[phase].indexOf('pp'),
    attackDeclaredThisTurn: false,
    startingPlayer: 'p1',
    // A position after the turn's first attack declaration step has begun has had its start abilities (NOVA 405.4.1).
    ...(PHASES.indexOf(phase) > PHASES.indexOf('attackDeclare') ? { attackDeclarationStarted: true } : {}),
  };
  const attachments: { id: string; hostName: string }[] = [];
  const labels: Record<string, string> = {};
  for (const seat of ['p1', 'p2'] as const) placePlayer(s, seat, sc.setup[seat], attachments, labels);
  for (const a of attachments) {
    const host = Object.values(s.objects).find((o) => o.zone === 'field' && novaCard(o.card).name.en === a.hostName);
    if (!host) throw new InvalidData(`attachedTo "${a.hostName}": no such card on either field.`);
    const item = s.objects[a.id];
    if (item) item.attachedTo = host.id;
  }
  for (const w of sc.setup.waiting) placeWaiting(s, w, labels);
  pushFrame(s, novaGame, { start: 'turn', first: null }); // the game's root frame, at the turn
  advance(s);
  return { state: s, labels };
}

/** "p2", a label, "Name" or "Name@p2": a player or a card on a field, as a target. */
export function setupTarget(s: NovaState, ref: string, labels: Record<string, string>): TargetRef {
  if (ref === 'p1' || ref === 'p2') return { kind: 'player', seat: ref };
  const labelled = labels[ref];
  if (labelled) return { kind: 'object', id: labelled };
  const [name, seat] = ref.split('@');
  const o = Object.values(s.objects).find(
    (x) => x.zone === 'field' && novaCard(x.card).name.en === name && (!seat || x.controller === seat),
  );
  if (!o) throw new InvalidData(`target "${ref}": no such card on either field.`);
  return { kind: 'object', id: o.id };
}

/** NOVA 311: a card already played, waiting with its targets (one per targeting effect). */
function placeWaiting(s: NovaState, w: WaitingSetup, labels: Record<string, string>): void {
  const card = cardIdByName(w.card);
  const o = newObject(s, card, w.controller, 'waiting');
  s.nextId += 1;
  s.waiting.push({
    id: `w${s.nextId}`,
    kind: 'card',
    objectId: o.id,
    card,
    controller: w.controller,
    abilityIndex: null,
    targets: w.targets.map((ref) => [setupTarget(s, ref, labels)]),
    causeObject: null,
  });
}

function placePlayer(
  s: NovaState,
  seat: Seat,
  p: PlayerSetup,
  attachments: { id: string; hostName: string }[],
  labels: Record<string, string>,
): void {
  const player = s.players[seat];
  if (p.life !== undefined) player.life = p.life;
  // Life already at or below a threshold counts as released (NOVA 507.1), so the position is consistent:
  // `limitLevel` is the base level, and each release already behind the position adds one to it.
  player.released1500 = player.life <= 1500;
  player.released1000 = player.life <= 1000;
  player.limitLevel =
    (p.limitLevel ?? player.limitLevel) + (player.released1500 ? 1 : 0) + (player.released1000 ? 1 : 0);
  if (p.energySetThisTurn) player.energySetThisTurn = true;
  if (p.charactersPlayedThisTurn !== undefined) player.charactersPlayedThisTurn = p.charactersPlayedThisTurn; // NOVA 202.2
  for (const [color, n] of Object.entries(p.stock ?? {})) player.stock[color as Color] = n; // NOVA 005.6.4
  const place = (zone: 'hand' | 'field' | 'energy', entry: PlacedCard) => {
    const spec = typeof entry === 'string' ? { card: entry } : entry;
    const id =
      zone === 'energy' && ENERGY_BY_COLOR[spec.card]
        ? (ENERGY_BY_COLOR[spec.card] as string)
        : cardIdByName(spec.card);
    const o = newObject(s, id, seat, zone);
    player.zones[zone].push(o.id);
    if ('owner' in spec && spec.owner) {
      if (zone !== 'field') throw new InvalidData(`"${spec.card}": only a card on the field has another owner.`);
      o.owner = spec.owner; // its controller is the player whose field it is on (NOVA 301.9.1)
    }
    if ('label' in spec && spec.label) {
      if (labels[spec.label]) throw new InvalidData(`label "${spec.label}" is given twice.`);
      labels[spec.label] = o.id;
    }
    if (zone === 'field') {
      s.timestamp += 1;
      o.enteredAt = s.timestamp;
      o.sinceTurnStart = spec.sinceTurnStart ?? true;
    }
    if ('frozen' in spec && spec.frozen !== undefined) o.frozen = spec.frozen;
    if ('damage' in spec && spec.damage !== undefined) o.damage = spec.damage;
    if ('counters' in spec && spec.counters) o.counters = { ...spec.counters };
    if ('destroyed' in spec && spec.destroyed) o.destroyed = true;
    if ('attachedTo' in spec && spec.attachedTo) attachments.push({ id: o.id, hostName: spec.attachedTo });
  };
  for (const c of p.hand) place('hand', c);
  for (const c of p.field) place('field', c);
  for (const c of p.energy) place('energy', c);
  for (const name of p.deck ?? FILLER_DECK)
    player.zones.deck.push(newObject(s, name in ENERGY_BY_COLOR ? name : cardIdByName(name), seat, 'deck').id);
  for (const name of p.charDeck) player.zones.charDeck.push(newObject(s, cardIdByName(name), seat, 'charDeck').id);
  for (const name of p.graveyard) player.zones.graveyard.push(newObject(s, cardIdByName(name), seat, 'graveyard').id);
  for (const name of p.retired) player.zones.retired.push(newObject(s, cardIdByName(name), seat, 'retired').id);
}
