// Force of Will CR 8.01: one test per enforced rule, named after it. Each asserts what a wrong engine would break.
import { describe, expect, it } from 'vitest';
import { IllegalAction } from '../../src/engine/core/errors.ts';
import { stateHash } from '../../src/engine/core/hash.ts';
import { fow } from '../../src/engine/games/fow/index.ts';
import { characteristics, type FowState, objectOf } from '../../src/engine/games/fow/state.ts';
import {
  AURELLE,
  choose,
  deck,
  declaration,
  declare,
  giveWill,
  NERISSA,
  noReveal,
  optionIds,
  passUntil,
  pending,
  pick,
  put,
  start,
  startP1,
} from './helpers.ts';

/** p1 holds priority at main timing of turn `turn`. */
const mainOf = (s: FowState) =>
  passUntil(
    s,
    (x) =>
      x.turn.phase === 'main' &&
      pending(x).kind === 'priority' &&
      pending(x).player === x.turn.active &&
      x.chase.length === 0,
  );

describe('403 preparation', () => {
  it('403.3, 403.5: 4000 life and five cards each; 403.4: either player may go first', () => {
    const firsts = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const s = start(`seed-${i}`);
      expect(s.players.p1.life).toBe(4000);
      expect(s.players.p1.hand).toHaveLength(5);
      expect(s.players.p2.hand).toHaveLength(5);
      firsts.add(s.firstPlayer);
    }
    expect([...firsts].sort()).toEqual(['p1', 'p2']);
  });

  it('403.5: an exchange puts the chosen cards on the bottom and draws as many; the opponent sees only the count', () => {
    let s = fow.setup({ game: 'fow', decks: { p1: deck(AURELLE, []), p2: deck(NERISSA, []) } }, 'exchange');
    const first = s.firstPlayer;
    s = choose(s, 'exchange');
    s = choose(s, 'keep');
    expect(pending(s).kind).toBe('exchange-cards');
    const hand = [...s.players[first].hand];
    const [a, b] = hand;
    if (!a || !b) throw new Error('no hand');
    s = choose(s, `card:${a}`, `card:${b}`);
    expect(s.players[first].hand).toHaveLength(5);
    expect(s.players[first].main.slice(-2)).toEqual([a, b]);
    expect(s.players[first].hand).not.toContain(a);
    const other = first === 'p1' ? 'p2' : 'p1';
    const log = fow
      .log(s, { kind: 'player', seat: other })
      .map((l) => l.text.en)
      .join('\n');
    expect(log).toContain('exchanges 2 card');
  });

  it('1119.2, 1122.2a: Aurelle second gets a will coin; Aurelle starts with two mana counters', () => {
    for (let i = 0; i < 20; i++) {
      const s = start(`coin-${i}`, deck(AURELLE, []), deck(AURELLE, []));
      const second = s.firstPlayer === 'p1' ? 'p2' : 'p1';
      expect(s.players[second].coins).toHaveLength(1);
      expect(s.players[s.firstPlayer].coins).toHaveLength(0);
      expect(objectOf(s, s.players.p1.ruler).counters.mana).toBe(2);
    }
  });
});

describe('500 the turn', () => {
  it('502.3, 503.1: the first player does not draw on turn 1; nobody has a recovery phase on their first turn', () => {
    let s = startP1();
    expect(s.players.p1.hand).toHaveLength(5);
    s = mainOf(s);
    expect(s.players.p1.hand).toHaveLength(5);
    const phases: string[] = [];
    while (!(s.turn.number === 3 && s.turn.phase === 'main')) {
      const before = s.turn.phase;
      s = choose(s, 'pass');
      if (s.turn.phase !== before) phases.push(`${s.turn.number}:${s.turn.phase}`);
    }
    expect(phases).toContain('2:draw');
    expect(phases).not.toContain('2:recovery');
    expect(phases).toContain('3:recovery');
    expect(s.players.p2.hand).toHaveLength(6);
  });

  it('503.4, 505.5c: will stays through the main phase and a battle, and empties at the end of the turn', () => {
    let s = mainOf(startP1());
    giveWill(s, 'p1', 'RR');
    s = choose(s, 'pass'); // p2 gets priority, the pool is still there
    expect(s.players.p1.pool).toHaveLength(2);
    s = passUntil(s, (x) => x.turn.number === 2);
    expect(s.players.p1.pool).toHaveLength(0);
  });

  it('505.5d: the turn player discards down to seven at the end of the turn', () => {
    let s = mainOf(startP1());
    for (let i = 0; i < 4; i++) put(s, 'p1', 'flare-lance', 'hand');
    s = passUntil(s, (x) => pending(x).kind === 'discard');
    expect(pick(s).min).toBe(2);
    s = choose(
      s,
      ...pick(s)
        .options.slice(0, 2)
        .map((o) => o.id),
    );
    expect(s.players.p1.hand).toHaveLength(7);
  });
});

describe('700 player actions', () => {
  it('710.1: calling a magic stone rests the ruler, puts the top stone onto the field, once per turn', () => {
    let s = mainOf(startP1());
    const top = s.players.p1.stones[0];
    s = choose(s, 'call');
    expect(objectOf(s, s.players.p1.ruler).rested).toBe(true);
    expect(s.field).toContain(top);
    expect(optionIds(s)).not.toContain('call');
  });

  it('705.1–705.3, 803.3a: Judgment pays its cost, flips on resolution, and the J-ruler can attack that turn', () => {
    let s = mainOf(startP1());
    giveWill(s, 'p1', 'RRR');
    expect(optionIds(s)).toContain('judgment');
    s = choose(s, 'judgment');
    expect(s.players.p1.pool).toHaveLength(0);
    expect(s.chase.map((i) => i.kind)).toEqual(['judgment']);
    expect(optionIds(s)).not.toContain('call'); // 710.1: not in a turn with Judgment
    s = choose(s, 'pass');
    s = choose(s, 'pass');
    const ruler = objectOf(s, s.players.p1.ruler);
    expect(ruler.zone).toBe('field');
    expect(ruler.face).toBe('back');
    expect(characteristics(s, ruler.id).atk).toBe(800);
    expect(optionIds(s)).toContain('battle');
  });

  it('903.2.j: a play cancelled at payment is rewound to exactly the state before it', () => {
    let s = mainOf(startP1());
    const lance = put(s, 'p1', 'flare-lance', 'hand');
    put(s, 'p2', 'skyveil-kite', 'field');
    const stone = put(s, 'p1', 'fire-magic-stone', 'field');
    put(s, 'p1', 'fire-magic-stone', 'field');
    const rules = (x: FowState) => stateHash({ ...x, version: 0, log: [], procedures: { frames: [], nextFrameId: 0 } });
    const before = rules(s);
    s = choose(s, `play:${lance}`);
    expect(pending(s).kind).toBe('target');
    s = choose(s, pick(s).options[0]?.id ?? '');
    expect(pending(s).kind).toBe('pay');
    s = choose(s, `will:${stone}:0:R`); // one source at a time (907.2)
    expect(objectOf(s, stone).rested).toBe(true);
    expect(pending(s).kind).toBe('pay');
    s = choose(s, 'cancel');
    expect(objectOf(s, stone).rested).toBe(false);
    expect(pending(s).kind).toBe('priority');
    expect(rules(s)).toBe(before);
    expect(s.players.p1.hand).toContain(lance);
  });

  it('706.1: a card set in the standby area costs {2} and is face down to the opponent', () => {
    let s = mainOf(startP1());
    giveWill(s, 'p1', 'RR');
    const card = s.players.p1.hand[0] ?? '';
    s = choose(s, 'standby');
    s = choose(s, `card:${card}`);
    expect(s.players.p1.standby).toEqual([card]);
    expect(s.players.p1.pool).toHaveLength(0);
    const theirs = fow.view(s, { kind: 'player', seat: 'p2' }).players.p1.standby[0];
    expect(theirs).toEqual({ id: card, faceDown: true, owner: 'p1', controller: 'p1' });
    const mine = fow.view(s, { kind: 'player', seat: 'p1' }).players.p1.standby[0];
    expect(mine && 'card' in mine ? mine.card : null).toBe(objectOf(s, card).card);
  });

  it('712.2: the turn player cannot pass at main timing while a Bloodlust J/resonator can attack', () => {
    const s = mainOf(startP1());
    put(s, 'p1', 'cinderhorn-charger', 'field');
    expect(optionIds(s)).not.toContain('pass');
    expect(optionIds(s)).toContain('battle');
  });

  it('1111, 604.1c: only Quickcast cards are offered outside main timing', () => {
    let s = mainOf(startP1());
    const denial = put(s, 'p2', 'rippling-insight', 'hand');
    const kite = put(s, 'p2', 'skyveil-kite', 'hand');
    giveWill(s, 'p2', 'UUUG');
    s = choose(s, 'pass');
    expect(pending(s).player).toBe('p2');
    expect(optionIds(s)).toContain(`play:${denial}`);
    expect(optionIds(s)).not.toContain(`play:${kite}`);
  });
});

describe('600 the chase', () => {
  it('605.1b: the last thing put on the chase resolves first; 1012 cancel removes a spell', () => {
    let s = mainOf(startP1());
    const lance = put(s, 'p1', 'flare-lance', 'hand');
    const kite = put(s, 'p2', 'skyveil-kite', 'field');
    const denial = put(s, 'p2', 'quicksilver-denial', 'hand');
    giveWill(s, 'p1', 'RR');
    giveWill(s, 'p2', 'UU');
    s = choose(s, `play:${lance}`);
    s = choose(s, `obj:${kite}`);
    s = noReveal(s); // ruling F-REVEAL: the opponent holds cards
    s = choose(s, 'pass');
    s = choose(s, `play:${denial}`);
    s = choose(s, pick(s).options.find((o) => o.id.startsWith('item:'))?.id ?? '');
    s = noReveal(s); // ruling F-REVEAL: the opponent holds cards
    expect(s.chase.map((i) => i.card)).toEqual(['flare-lance', 'quicksilver-denial']);
    s = choose(s, 'pass');
    s = choose(s, 'pass');
    expect(s.chase).toHaveLength(0);
    expect(s.players.p1.graveyard).toContain(lance);
    expect(objectOf(s, kite).zone).toBe('field'); // the lance never resolved
  });

  it('903.3a: a spell whose target has gone still resolves (no fizzle) and goes to the graveyard', () => {
    let s = mainOf(startP1());
    const lance = put(s, 'p1', 'flare-lance', 'hand');
    const kite = put(s, 'p2', 'skyveil-kite', 'field');
    giveWill(s, 'p1', 'RR');
    s = choose(s, `play:${lance}`);
    s = choose(s, `obj:${kite}`);
    s = noReveal(s); // ruling F-REVEAL: the opponent holds cards
    objectOf(s, kite); // the kite leaves before the lance resolves
    s.field = s.field.filter((id) => id !== kite);
    s.players.p2.graveyard.push(kite);
    const o = objectOf(s, kite);
    o.zone = 'graveyard';
    o.inc += 1;
    s = choose(s, 'pass');
    s = choose(s, 'pass');
    expect(s.players.p1.graveyard).toContain(lance);
    expect(s.players.p2.life).toBe(4000);
  });
});

describe('1200 rule processing', () => {
  it('1204.1: a J/resonator with damage at least its DEF is destroyed', () => {
    let s = mainOf(startP1());
    const lance = put(s, 'p1', 'flare-lance', 'hand');
    const golem = put(s, 'p2', 'bastion-golem', 'field');
    const kite = put(s, 'p2', 'skyveil-kite', 'field');
    giveWill(s, 'p1', 'RR');
    s = choose(s, `play:${lance}`);
    s = choose(s, `obj:${kite}`);
    s = noReveal(s); // ruling F-REVEAL: the opponent holds cards
    s = choose(s, 'pass');
    s = choose(s, 'pass');
    expect(objectOf(s, kite).zone).toBe('graveyard');
    expect(objectOf(s, golem).zone).toBe('field');
  });

  it('1203.1, 1204.2: +100/+100 and -100/-100 counters cancel; DEF 0 or less is destroyed', () => {
    let s = mainOf(startP1());
    const curse = put(s, 'p1', 'wither-curse', 'hand');
    const squire = put(s, 'p2', 'star-sworn-squire', 'field');
    objectOf(s, squire).counters['+100/+100'] = 2;
    giveWill(s, 'p1', 'BB');
    const kite = put(s, 'p2', 'verdant-larva', 'field'); // 100/300
    objectOf(s, kite).counters['+100/+100'] = 1;
    s = choose(s, `play:${curse}`);
    expect(optionIds(s)).not.toContain(`obj:${squire}`); // 1120.2: the squire has Barrier
    s = choose(s, `obj:${kite}`);
    s = noReveal(s); // ruling F-REVEAL: the opponent holds cards
    s = choose(s, 'pass');
    s = choose(s, 'pass');
    // 200/400 with one +, three −: one − remains after 1203 → 000/200 … then DEF 200 > 0 survives.
    expect(objectOf(s, kite).counters).toEqual({ '+100/+100': 0, '-100/-100': 2 });
    expect(characteristics(s, kite).def).toBe(100);
  });

  it('1205.1: life not a multiple of 100 rounds up (Halving Hex: 2100 → 1050 → 1100)', () => {
    let s = mainOf(startP1());
    const hex = put(s, 'p1', 'halving-hex', 'hand');
    s.players.p2.life = 2100;
    giveWill(s, 'p1', 'BBBB');
    s = choose(s, `play:${hex}`);
    s = choose(s, 'player:p2');
    s = noReveal(s); // ruling F-REVEAL: the opponent holds cards
    s = choose(s, 'pass');
    s = choose(s, 'pass');
    expect(s.players.p2.life).toBe(1100);
  });

  it('1202.1, 103.3: both players at 0 life lose at once: a draw', () => {
    let s = mainOf(startP1());
    s.players.p1.life = 0;
    s.players.p2.life = 0;
    s = choose(s, 'pass');
    expect(s.result).toEqual({ kind: 'draw', reason: 'both-lost', rule: '103.3' });
  });

  it('1202.2: an empty deck loses only when the draw phase needs a card', () => {
    let s = mainOf(startP1());
    s.players.p2.main = [];
    for (const o of Object.values(s.objects)) if (o.zone === 'main' && o.owner === 'p2') o.zone = 'removed';
    s.players.p2.removed.push(
      ...Object.values(s.objects)
        .filter((o) => o.owner === 'p2' && o.zone === 'removed' && !s.players.p2.removed.includes(o.id))
        .map((o) => o.id),
    );
    s = choose(s, 'pass');
    expect(s.result).toBeNull();
    s = passUntil(s, (x) => x.result !== null);
    expect(s.result).toMatchObject({ kind: 'win', winner: 'p1', reason: 'deck-out', rule: '1202.2' });
    expect(s.turn.phase).toBe('draw');
  });

  it('1010.1a: a destroyed J-ruler returns astral and loses Judgment; 1108: Imperishable keeps it', () => {
    for (const [ruler, astral] of [
      [NERISSA, true],
      [AURELLE, false],
    ] as const) {
      let s = mainOf(startP1(deck(ruler, []), deck(AURELLE, ['flare-lance'])));
      const r = objectOf(s, s.players.p1.ruler);
      r.face = 'back';
      r.zone = 'field';
      s.field.push(r.id);
      r.damage = 2000;
      s = choose(s, 'pass');
      expect(objectOf(s, r.id).zone).toBe('ruler');
      expect(objectOf(s, r.id).damage).toBe(0);
      expect(s.players.p1.lostJudgment).toBe(astral);
      expect((objectOf(s, r.id).counters.astral ?? 0) > 0).toBe(astral);
    }
  });
});

describe('800 battle', () => {
  /** p1 starts a battle and attacks with `attacker` at `target` (option id suffix). */
  const attack = (s0: FowState, attacker: string, target: string) => {
    let s = choose(s0, 'battle');
    s = passUntil(s, (x) => pending(x).kind === 'attack');
    return choose(s, `atk:${attacker}:${target}`);
  };

  it('805, 1104.2: an attacker with First Strike destroys its blocker before it strikes back; a blocker gains nothing', () => {
    let s = mainOf(startP1());
    const golem = put(s, 'p1', 'bastion-golem', 'field'); // 500/1100 first strike, mobilize {1}
    const kite = put(s, 'p2', 'cinderhorn-charger', 'field'); // 600/400
    giveWill(s, 'p1', 'R');
    s = attack(s, golem, 'player:p2');
    expect(objectOf(s, golem).rested).toBe(true);
    expect(s.players.p1.pool).toHaveLength(0); // 1129.2: Mobilize paid
    s = passUntil(s, (x) => pending(x).kind === 'block');
    s = choose(s, `block:${kite}`);
    s = passUntil(s, (x) => x.battle === null);
    expect(objectOf(s, kite).zone).toBe('graveyard');
    expect(objectOf(s, golem).damage).toBe(0);
    expect(s.players.p2.life).toBe(4000);
  });

  it('806.2: an unblocked attack deals its ATK to the player; blockers fight back at the same time', () => {
    let s = mainOf(startP1());
    const a = put(s, 'p1', 'ashen-bombardier', 'field'); // 500/500 explode
    s = attack(s, a, 'player:p2');
    s = passUntil(s, (x) => x.battle === null);
    expect(s.players.p2.life).toBe(3500);
  });

  it('1106.2: a Flying attacker can be blocked only by Flying J/resonators', () => {
    let s = mainOf(startP1());
    const kite = put(s, 'p1', 'skyveil-kite', 'field');
    put(s, 'p2', 'ashen-bombardier', 'field');
    const other = put(s, 'p2', 'skyveil-kite', 'field');
    s = attack(s, kite, 'player:p2');
    s = passUntil(s, (x) => pending(x).kind === 'block');
    expect(optionIds(s)).toEqual([`block:${other}`, 'no-block']);
  });

  it('803.3b, 1103.2: only rested J/resonators are attack targets, unless the attacker has Precision', () => {
    const s = mainOf(startP1());
    const plain = put(s, 'p1', 'ashen-bombardier', 'field');
    const stalker = put(s, 'p1', 'gloamfang-stalker', 'field');
    const kite = put(s, 'p2', 'skyveil-kite', 'field');
    const t = choose(s, 'battle');
    const at = passUntil(t, (x) => pending(x).kind === 'attack');
    expect(optionIds(at)).not.toContain(`atk:${plain}:obj:${kite}`);
    expect(optionIds(at)).toContain(`atk:${stalker}:obj:${kite}`);
  });

  it('1138, 1105: Bane destroys the J/resonator it damaged; Explode destroys both resonators', () => {
    let s = mainOf(startP1());
    const stalker = put(s, 'p1', 'gloamfang-stalker', 'field'); // 200/200 precision bane
    const golem = put(s, 'p2', 'bastion-golem', 'field'); // 500/1100
    s = attack(s, stalker, `obj:${golem}`);
    s = passUntil(s, (x) => x.battle === null);
    expect(objectOf(s, golem).zone).toBe('graveyard');
    expect(objectOf(s, stalker).zone).toBe('graveyard');
  });

  it('1135: Drain gains the damage dealt as life', () => {
    let s = mainOf(startP1(deck(NERISSA, ['crimson-leech'], ['darkness-magic-stone']), deck(AURELLE, [])));
    const leech = put(s, 'p1', 'crimson-leech', 'field');
    objectOf(s, leech).counters.limit = 3;
    s.players.p1.life = 3000;
    s = attack(s, leech, 'player:p2');
    s = passUntil(s, (x) => x.battle === null);
    expect(s.players.p2.life).toBe(3500);
    expect(s.players.p1.life).toBe(3500);
    expect(objectOf(s, leech).counters.limit).toBe(2); // 1118.2
  });

  it('1102.2: Pierce divides the damage beyond the blocker’s lethal amount', () => {
    let s = mainOf(startP1());
    const r = objectOf(s, s.players.p1.ruler); // Aurelle's J face: 800/800 Pierce
    r.face = 'back';
    r.zone = 'field';
    s.field.push(r.id);
    const kite = put(s, 'p2', 'skyveil-kite', 'field'); // DEF 200
    s = attack(s, r.id, 'player:p2');
    s = passUntil(s, (x) => pending(x).kind === 'block');
    s = choose(s, `block:${kite}`);
    s = passUntil(s, (x) => pending(x).kind === 'pierce');
    const p = pending(s);
    expect(p.shape).toBe('distribute');
    s = fow.apply(s, 'p1', { decisionId: p.id, choose: [], split: { blocker: 2, target: 4 } });
    s = passUntil(s, (x) => x.battle === null);
    expect(s.players.p2.life).toBe(3600);
    expect(objectOf(s, kite).zone).toBe('graveyard');
  });

  it('803.6: abandoning an attack when the opponent did nothing ends battles for the turn', () => {
    let s = mainOf(startP1());
    put(s, 'p1', 'ashen-bombardier', 'field');
    s = choose(s, 'battle');
    s = passUntil(s, (x) => pending(x).kind === 'attack');
    s = choose(s, 'abandon');
    s = passUntil(s, (x) => x.battle === null);
    expect(s.battleLocked).toBe(true);
    expect(optionIds(s)).not.toContain('battle');
  });
});

describe('803.6 with an answer from the opponent', () => {
  it('803.6, F-BATTLE-LOCK: an opponent who played a will ability during the battle keeps battles open', () => {
    let s = mainOf(startP1());
    put(s, 'p1', 'ashen-bombardier', 'field');
    const stone = put(s, 'p2', 'water-magic-stone', 'field');
    s = choose(s, 'battle');
    s = choose(s, 'pass');
    expect(pending(s).player).toBe('p2');
    s = choose(s, `will:${stone}:0:U`);
    s = passUntil(s, (x) => pending(x).kind === 'attack');
    s = choose(s, 'abandon');
    s = passUntil(s, (x) => x.battle === null);
    expect(s.battleLocked).toBe(false);
    expect(optionIds(s)).toContain('battle');
  });
});

describe('1100 keyword skills', () => {
  it('1109: an awakened Leviathan enters with Pierce and draws two', () => {
    let s = mainOf(startP1(deck(NERISSA, ['tidecaller-leviathan'], ['water-magic-stone']), deck(AURELLE, [])));
    const lev = put(s, 'p1', 'tidecaller-leviathan', 'hand');
    giveWill(s, 'p1', 'UUUUUUUU');
    const hand = s.players.p1.hand.length;
    s = choose(s, `play:${lev}`);
    s = choose(s, 'yes');
    s = passUntil(s, (x) => x.chase.length === 0 && objectOf(x, lev).zone === 'field' && x.triggered.length === 0);
    expect(characteristics(s, lev).keywords).toContain('pierce');
    expect(s.players.p1.hand.length).toBe(hand - 1 + 2);
  });

  it('1115.2: a Remnant chant played from the graveyard goes to the removed area', () => {
    let s = mainOf(startP1());
    const req = put(s, 'p1', 'ember-requiem', 'graveyard');
    giveWill(s, 'p1', 'RRR');
    s = choose(s, `play:${req}`);
    s = choose(s, 'player:p2');
    s = noReveal(s); // ruling F-REVEAL: the opponent holds cards
    s = choose(s, 'pass');
    s = choose(s, 'pass');
    expect(objectOf(s, req).zone).toBe('removed');
    expect(s.players.p2.life).toBe(3500);
  });

  it('1124.2: Torrent adds its text only for the second card played this turn', () => {
    let s = mainOf(startP1());
    const one = put(s, 'p1', 'rippling-insight', 'hand');
    const two = put(s, 'p1', 'rippling-insight', 'hand');
    giveWill(s, 'p1', 'UUUU');
    const hand = s.players.p1.hand.length;
    s = choose(s, `play:${one}`);
    s = noReveal(s); // ruling F-REVEAL: the opponent holds cards
    s = choose(s, 'pass');
    s = choose(s, 'pass');
    expect(s.players.p1.hand.length).toBe(hand - 1 + 1);
    s = choose(s, `play:${two}`);
    s = noReveal(s); // ruling F-REVEAL: the opponent holds cards
    s = choose(s, 'pass');
    s = choose(s, 'pass');
    expect(s.players.p1.hand.length).toBe(hand - 2 + 1 + 2);
  });

  it('1128.2, 1134.2b: Seal counts magic stones; Void needs an empty hand', () => {
    const s = mainOf(startP1());
    const scholar = put(s, 'p1', 'rune-bound-scholar', 'field');
    const hermit = put(s, 'p1', 'hollowheart-hermit', 'field');
    expect(characteristics(s, scholar).atk).toBe(200);
    for (let i = 0; i < 6; i++) put(s, 'p1', 'water-magic-stone', 'field');
    expect(characteristics(s, scholar).atk).toBe(600);
    expect(characteristics(s, hermit).atk).toBe(400);
    for (const id of [...s.players.p1.hand]) {
      s.players.p1.hand = s.players.p1.hand.filter((x) => x !== id);
      s.players.p1.graveyard.push(id);
      objectOf(s, id).zone = 'graveyard';
    }
    expect(characteristics(s, hermit).atk).toBe(800);
    expect(characteristics(s, hermit).keywords).toContain('precision');
  });

  it('1127.2: Resonance triggers when a stone of that type comes under your control', () => {
    let s = mainOf(startP1(deck(AURELLE, [], ['light-magic-stone']), deck(NERISSA, [])));
    const squire = put(s, 'p1', 'star-sworn-squire', 'field');
    s = choose(s, 'call');
    s = passUntil(s, (x) => x.triggered.length === 0 && x.chase.length === 0 && pending(x).player === 'p1');
    expect(objectOf(s, squire).counters['+100/+100']).toBe(1);
  });

  it('1120.2: an opponent cannot target a card with Barrier', () => {
    let s = mainOf(startP1());
    const lance = put(s, 'p1', 'flare-lance', 'hand');
    const squire = put(s, 'p2', 'star-sworn-squire', 'field');
    const kite = put(s, 'p2', 'skyveil-kite', 'field');
    giveWill(s, 'p1', 'RR');
    s = choose(s, `play:${lance}`);
    expect(optionIds(s)).toContain(`obj:${kite}`);
    expect(optionIds(s)).not.toContain(`obj:${squire}`);
  });

  it('906.2a, 1114: a triggered-form Trigger chant is never played like a chant; a Stealth resonator is, from the hand', () => {
    const s = mainOf(startP1());
    const watcher = put(s, 'p1', 'hollow-watcher', 'hand');
    const snare = put(s, 'p1', 'mirror-snare', 'hand');
    giveWill(s, 'p1', 'BBBUUU');
    expect(optionIds(s)).toContain(`play:${watcher}`);
    expect(optionIds(s)).not.toContain(`play:${snare}`);
  });

  it('1303: the Tale creates two Drowned Knight tokens; a token that leaves the field ceases to exist', () => {
    let s = mainOf(startP1());
    const tale = put(s, 'p1', 'tale-of-the-drowned-bell', 'hand');
    giveWill(s, 'p1', 'UU');
    s = choose(s, `play:${tale}`);
    s = passUntil(s, (x) => x.chase.length === 0 && pending(x).kind === 'priority');
    const knights = s.field.filter((id) => objectOf(s, id).card === 'drowned-knight');
    expect(knights).toHaveLength(2);
    const [first] = knights;
    if (first === undefined) throw new Error('no token');
    // 1303.1b-c: resonators under the Tale's controller, 200/200 Water, recovered (702.3).
    expect(objectOf(s, first)).toMatchObject({ controller: 'p1', owner: 'p1', rested: false });
    expect(characteristics(s, first)).toMatchObject({ atk: 200, def: 200 });
    expect(objectOf(s, tale).zone).toBe('graveyard');
    // 1303.3a: destroyed, it goes to the graveyard and ceases to exist there.
    const lance = put(s, 'p1', 'flare-lance', 'hand');
    giveWill(s, 'p1', 'RR');
    s = choose(s, `play:${lance}`);
    s = choose(s, `obj:${first}`);
    s = passUntil(s, (x) => x.chase.length === 0 && pending(x).kind === 'priority');
    expect(s.objects[first]).toBeUndefined();
    expect(s.field).not.toContain(first);
    expect(s.players.p1.graveyard.map((id) => objectOf(s, id).card)).toEqual([
      'tale-of-the-drowned-bell',
      'flare-lance',
    ]);
    expect(fow.invariants?.(s)).toEqual([]);
  });

  it('1303.1: a token is not put in a deck', () => {
    const problems = fow.validateDeck({ ...deck(AURELLE, []), side: ['drowned-knight'] });
    expect(problems.map((p) => p.rule)).toContain('1303.1');
  });

  it('314, 403.1, 1005.1, ruling F-EXTRA: the extra deck is set aside hidden; a Judgment reveal lasts its resolution', () => {
    const withExtra = { ...deck(NERISSA, [], ['water-magic-stone']), extra: ['tale-of-the-drowned-bell'] };
    let s = startP1(withExtra, deck(AURELLE, []));
    const [tale] = s.players.p1.extra;
    if (tale === undefined) throw new Error('no extra deck');
    expect(objectOf(s, tale)).toMatchObject({ card: 'tale-of-the-drowned-bell', zone: 'extra', owner: 'p1' });
    // 314.2: its owner may look at it; the opponent sees how many cards it holds and nothing else.
    const theirs = fow.view(s, { kind: 'player', seat: 'p2' });
    expect(theirs.players.p1.extraCount).toBe(1);
    expect(theirs.players.p1.extra).toBeUndefined();
    expect(JSON.stringify(theirs)).not.toContain('tale-of-the-drowned-bell');
    expect(fow.hiddenObjectIds(s, { kind: 'player', seat: 'p2' })).toContain(tale);
    expect(fow.view(s, { kind: 'player', seat: 'p1' }).players.p1.extra?.map((o) => o.card)).toEqual([
      'tale-of-the-drowned-bell',
    ]);
    s = mainOf(s);
    for (let i = 0; i < 3; i++) put(s, 'p1', 'water-magic-stone', 'field'); // 705.2b: three magic stones
    const archivist = put(s, 'p1', 'mistveil-archivist', 'field');
    giveWill(s, 'p1', 'UBU');
    s = choose(s, 'judgment');
    s = passUntil(s, (x) => x.chase.length === 0 && pending(x).kind === 'priority');
    expect(objectOf(s, s.players.p1.ruler).face).toBe('back');
    // The J-ruler's trigger revealed the Tale: the opponent knows it, and it stays in the extra deck.
    expect(s.known.p2).toContain(tale);
    expect(objectOf(s, tale).zone).toBe('extra');
    // 1005.1: the reveal ended with the resolution, so [Fable 1] is not met and the Tale cannot be played from there.
    expect(characteristics(s, archivist).atk).toBe(400);
    expect(optionIds(s).some((id) => id.includes(tale))).toBe(false);
  });

  it('1110.2: Incarnation banishes a resonator per bracket instead of paying the cost', () => {
    let s = mainOf(startP1());
    const colossus = put(s, 'p1', 'pyre-colossus', 'hand');
    const charger = put(s, 'p1', 'ashen-bombardier', 'field'); // fire
    const squire = put(s, 'p1', 'star-sworn-squire', 'field'); // light
    const kite = put(s, 'p1', 'skyveil-kite', 'field'); // wind: fits no bracket
    expect(optionIds(s)).toContain(`play:${colossus}`);
    s = choose(s, `play:${colossus}`);
    expect(optionIds(s)).toEqual(['incarnate', 'cancel']); // no will to pay {R}{R}{5}
    s = choose(s, 'incarnate');
    // One line per bracket ([Fire], [Fire or Light]), each offering only the resonators that fit it.
    const slots = declaration(s).slots;
    expect(slots.map((x) => [x.min, x.max])).toEqual([
      [1, 1],
      [1, 1],
    ]);
    expect(slots.map((x) => x.options.map((o) => o.objectId))).toEqual([[charger], [charger, squire]]);
    expect(JSON.stringify(slots)).not.toContain(kite);
    s = declare(s, { 'bracket-0': [`card:${charger}`], 'bracket-1': [`card:${squire}`] });
    expect(objectOf(s, charger).zone).toBe('graveyard');
    expect(objectOf(s, squire).zone).toBe('graveyard');
    s = choose(s, 'pass');
    s = choose(s, 'pass');
    expect(objectOf(s, colossus).zone).toBe('field');
  });

  it('1110.2, 903.2.j: a short or unfitting banish is refused up front; giving the play up is logged with why', () => {
    let s = mainOf(startP1());
    const colossus = put(s, 'p1', 'pyre-colossus', 'hand');
    const charger = put(s, 'p1', 'ashen-bombardier', 'field'); // fire
    const squire = put(s, 'p1', 'star-sworn-squire', 'field'); // light
    const kite = put(s, 'p1', 'skyveil-kite', 'field'); // wind
    s = choose(s, `play:${colossus}`);
    s = choose(s, 'incarnate');
    const asked = s;
    // Fewer resonators than brackets: refused by the shape, nothing happens (it used to be taken and rewound).
    expect(() => declare(asked, { 'bracket-0': [`card:${charger}`] })).toThrow(IllegalAction);
    expect(() => declare(asked, { 'bracket-0': [`card:${charger}`], 'bracket-1': [`card:${kite}`] })).toThrow(
      IllegalAction,
    );
    // One resonator for both brackets: refused as a whole, asked again with the draft kept and the problem named.
    const twice = declare(asked, { 'bracket-0': [`card:${charger}`], 'bracket-1': [`card:${charger}`] });
    expect(declaration(twice).problem).toMatchObject({ rule: '1110.2', code: 'banish-same-resonator' });
    expect(declaration(twice).draft['bracket-1']).toEqual([`card:${charger}`]);
    expect(objectOf(twice, charger).zone).toBe('field');
    expect(twice.chase).toHaveLength(1);
    // Going back gives the play up: rewound to before it began, and the log says so and why.
    const back = declare(twice, 'back');
    expect(back.chase).toHaveLength(0);
    expect(back.players.p1.hand).toContain(colossus);
    expect(objectOf(back, squire).zone).toBe('field');
    expect(back.log).toContainEqual({ type: 'rewound', seat: 'p1', rule: '903.2.j', reason: 'cancelled' });
    const words = fow.log(back, { kind: 'player', seat: 'p2' }).map((l) => l.text.en);
    expect(words.some((w) => w.includes('taken back: the player cancelled it (903.2.j)'))).toBe(true);
    expect(words.join(' ')).not.toContain('Pyre'); // a card back in the hand is not named to the opponent
    expect(pending(back)).toMatchObject({ kind: 'priority', player: 'p1' });
  });

  it('708.4, 708.5: a [Trigger] card is played at any time; from the standby area only its cost part, not the turn it was set', () => {
    let s = mainOf(startP1());
    const bargain = put(s, 'p1', 'shadow-bargain', 'hand');
    put(s, 'p1', 'ashen-bombardier', 'field');
    put(s, 'p1', 'star-sworn-squire', 'field');
    giveWill(s, 'p1', 'RR');
    s = choose(s, 'standby');
    s = choose(s, `card:${bargain}`);
    expect(s.players.p1.standby).toEqual([bargain]);
    expect(optionIds(s)).not.toContain(`play:${bargain}`); // 708.5: set this turn
    s = passUntil(s, (x) => x.turn.number === 2 && pending(x).player === 'p1' && pending(x).kind === 'priority');
    expect(optionIds(s)).toContain(`play:${bargain}`); // 604.1b: in the opponent's turn
    const hand = s.players.p1.hand.length;
    s = choose(s, `play:${bargain}`);
    expect(pending(s).kind).toBe('banish'); // no will: only the "cost." part from the standby area
    s = declare(s, { 'bracket-0': [declaration(s).slots[0]?.options[0]?.id ?? ''] });
    s = passUntil(s, (x) => x.chase.length === 0);
    expect(s.players.p1.hand.length).toBe(hand + 2);
    expect(objectOf(s, bargain).zone).toBe('graveyard');
  });
});

describe('views and concession', () => {
  it('hands are their owner’s; decks are nobody’s; 103.4 concession ends the game', () => {
    const s = startP1();
    const v = fow.view(s, { kind: 'player', seat: 'p2' });
    expect(v.players.p1.hand).toBeUndefined();
    expect(v.players.p2.hand).toHaveLength(5);
    expect(JSON.stringify(v)).not.toContain(s.players.p1.main[0] ?? 'none');
    const done = fow.concede(s, 'p1');
    expect(done.result).toMatchObject({ kind: 'win', winner: 'p2', reason: 'conceded' });
    expect(fow.describeResult(done.result ?? { kind: 'draw', reason: '', rule: '' }).en).toContain('conceded');
  });
});

describe('1002 additions', () => {
  it('1121.2, 1002, 1206.1: Equip attaches; the Loom moves an addition to any card; attached to itself it falls off', () => {
    let s = mainOf(startP1());
    const aegis = put(s, 'p1', 'wardens-aegis', 'field');
    const loom = put(s, 'p1', 'mirrorglass-loom', 'field');
    const a = put(s, 'p1', 'ashen-bombardier', 'field');
    const b = put(s, 'p1', 'verdant-larva', 'field'); // 100/300
    giveWill(s, 'p1', 'RR');
    expect(optionIds(s)).toContain(`act:${aegis}:equip`);
    s = choose(s, `act:${aegis}:equip`);
    s = choose(s, `obj:${a}`);
    s = choose(s, 'pass');
    s = choose(s, 'pass');
    expect(objectOf(s, aegis).attachedTo).toBe(a);
    expect(characteristics(s, a).def).toBe(700); // 500 + 200
    expect(characteristics(s, a).keywords).toContain('barrier');
    giveWill(s, 'p1', 'R');
    s = choose(s, `act:${loom}:a0`);
    s = choose(s, `obj:${aegis}`);
    s = choose(s, 'pass');
    s = choose(s, 'pass');
    expect(pending(s).kind).toBe('attach-to');
    s = choose(s, `card:${b}`);
    expect(objectOf(s, aegis).attachedTo).toBe(b);
    expect(characteristics(s, a).def).toBe(500);
    expect(characteristics(s, b).def).toBe(500);
    objectOf(s, aegis).attachedTo = aegis;
    s = choose(s, 'pass'); // rule processing at the next priority process (1206.1)
    expect(objectOf(s, aegis).attachedTo).toBeNull();
  });
});

describe('1117 Shift', () => {
  it('903.2.b, 1117.2, 1139: a Shift card is played with either face; its ability turns the future face up', () => {
    let s = mainOf(startP1());
    const future = put(s, 'p1', 'clockwork-apprentice', 'hand');
    const past = put(s, 'p1', 'clockwork-apprentice', 'hand');
    giveWill(s, 'p1', 'LLLLLL');
    s = choose(s, `play:${future}`);
    expect(optionIds(s)).toEqual(['front', 'back', 'cancel']);
    s = choose(s, 'back');
    s = choose(s, 'pass');
    s = choose(s, 'pass');
    expect(objectOf(s, future).face).toBe('back');
    expect(characteristics(s, future).atk).toBe(900);
    expect(s.players.p1.pool).toHaveLength(0); // {L}{L}{4}: the future face's cost
    objectOf(s, future).damage = 2000;
    s = choose(s, 'call'); // rule processing runs: Eternal is not destroyed (1139.2)
    expect(objectOf(s, future).zone).toBe('field');
    giveWill(s, 'p1', 'LLLLLL');
    s = choose(s, `play:${past}`);
    s = choose(s, 'front');
    s = choose(s, 'pass');
    s = choose(s, 'pass');
    expect(objectOf(s, past).face).toBe('front');
    s = choose(s, `act:${past}:shift`);
    s = choose(s, 'pass');
    s = choose(s, 'pass');
    expect(objectOf(s, past).face).toBe('back');
    expect(characteristics(s, past).keywords).toContain('eternal');
  });
});

describe('711 runes and Divinity', () => {
  it('711.1–711.3, 1136: a rune within the remaining divinity is revealed for good and a copy is played', () => {
    const withRunes = { ...deck(AURELLE, []), rune: ['rune-of-kindling', 'rune-of-final-dawn'] };
    let s = mainOf(startP1(withRunes));
    const [kindling, dawn] = s.players.p1.runes;
    if (!kindling || !dawn) throw new Error('no runes');
    const kite = put(s, 'p2', 'skyveil-kite', 'field');
    giveWill(s, 'p1', 'RRR');
    // Aurelle's ruler face has Divinity 2: the divinity-3 rune does not fit (711.2).
    expect(optionIds(s)).toContain(`rune:${kindling}`);
    expect(optionIds(s)).not.toContain(`rune:${dawn}`);
    // The opponent sees the rune area face down (315.2).
    expect(fow.view(s, { kind: 'player', seat: 'p2' }).players.p1.runes[0]).toMatchObject({ faceDown: true });
    s = choose(s, `rune:${kindling}`);
    s = choose(s, `obj:${kite}`);
    expect(s.players.p1.revealedRunes).toEqual([kindling]);
    const copy = s.chase[0]?.source.id ?? '';
    expect(copy).not.toBe(kindling);
    s = choose(s, 'pass');
    s = choose(s, 'pass');
    expect(objectOf(s, kite).zone).toBe('graveyard');
    expect(s.objects[copy]).toBeUndefined(); // 1017.3a: the copy ceased to exist
    expect(objectOf(s, kindling).zone).toBe('runes');
    expect(optionIds(s)).not.toContain(`rune:${kindling}`); // revealed: used up
    expect(fow.view(s, { kind: 'player', seat: 'p2' }).players.p1.runes[0]).toMatchObject({ card: 'rune-of-kindling' });
  });

  it('1137.2b: [Rune] N gives its text once N runes are revealed', () => {
    const s = mainOf(startP1());
    const scholar = put(s, 'p1', 'rune-bound-scholar', 'field');
    expect(optionIds(s).some((o) => o.startsWith(`act:${scholar}`))).toBe(false);
    const a = put(s, 'p1', 'rune-of-kindling', 'runes');
    const b = put(s, 'p1', 'moonlit-verse', 'runes');
    s.players.p1.revealedRunes = [a];
    expect(optionIds(s).some((o) => o.startsWith(`act:${scholar}`))).toBe(false);
    s.players.p1.revealedRunes = [a, b];
    expect(optionIds(s)).toContain(`act:${scholar}:rune`);
  });
});
