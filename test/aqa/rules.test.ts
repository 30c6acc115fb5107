// Aquarian Age rules, one test per defined rule or ruling, named after it (§ numbers are the summary's, G-numbers the
// rulings of docs/rulings/aqa.md). Each asserts what the rule's absence would break.
import { describe, expect, it } from 'vitest';
import { aqa } from '../../src/engine/games/aqa/index.ts';
import { statOf } from '../../src/engine/games/aqa/rules.ts';
import { cardOf, characterOf, PARTIES } from '../../src/engine/games/aqa/state.ts';
import {
  cardsIn,
  characterNamed,
  choose,
  controlled,
  decline,
  declineUntil,
  newGame,
  optionIds,
  pending,
  putInHand,
  stackDeck,
  toMain,
} from './helpers.ts';

describe('setup and turn (G4, G5, G6, §17-8)', () => {
  it('G4: each player draws 7, the second player is offered one redraw, which reshuffles and draws 7 again', () => {
    const s = newGame();
    expect(s.sides.p1.hand).toHaveLength(7);
    expect(s.sides.p2.hand).toHaveLength(7);
    expect(pending(s)).toMatchObject({ player: 'p2', kind: 'choice' });
    const before = [...s.sides.p2.hand];
    const after = choose(s, 'yes');
    expect(after.sides.p2.hand).toHaveLength(7);
    expect(after.sides.p2.hand).not.toEqual(before);
    expect(after.sides.p2.deck).toHaveLength(33);
  });

  it('G5, G6: the turn player draws 1 in the draw phase; each phase start and end is a respondable declaration', () => {
    let s = decline(newGame());
    // Draw phase start: the other player answers first (G19), then the declarer.
    expect(pending(s)).toMatchObject({ player: 'p2', kind: 'respond' });
    s = decline(s);
    expect(pending(s)).toMatchObject({ player: 'p1', kind: 'respond' });
    s = decline(s);
    expect(s.sides.p1.hand).toHaveLength(8);
  });

  it('§17-8, §17-8-a: the faction phase start opens no window, but each of the 7 faction checks does', () => {
    let s = decline(newGame());
    s = declineUntil(s, (x) => x.turn.phase === 'faction');
    const checks = new Set<string>();
    s = declineUntil(s, (x) => {
      const top = x.chain[x.chain.length - 1];
      if (top?.kind === 'faction-check') checks.add(top.party);
      return x.turn.phase === 'main';
    });
    expect([...checks]).toEqual([...PARTIES]);
  });
});

describe('players (G1)', () => {
  const deck = () => ({
    main: Array.from(
      { length: 40 },
      (_, i) =>
        [
          'ember-courier',
          'thornback-raider',
          'glass-lancer',
          'anchor-sibyl',
          'rook-of-the-bastion',
          'mindripper',
          'tidecaller',
          'ruin-hound',
          'sentinel-statue',
          'gale-runner',
        ][i % 10] ?? '',
    ),
  });
  it('G1: three or four players are refused with UnsupportedRule G1, two play', () => {
    const two = { game: 'aqa' as const, decks: { p1: deck(), p2: deck() } };
    expect(aqa.setup(two, 'g1').sides.p1.hand).toHaveLength(7);
    expect(() => aqa.setup({ ...two, options: { players: 3 } }, 'g1')).toThrow(/Unsupported rule G1: 3 players/);
    const third = { ...two, decks: { ...two.decks, p3: deck() } };
    expect(() => aqa.setup(third, 'g1')).toThrow(/Unsupported rule G1: 3 players/);
    expect(() => aqa.setup({ ...two, options: { players: 2 } }, 'g1')).not.toThrow();
  });
});

describe('characters and control (G8, G10, G11, §21-3c)', () => {
  it('G8, §18-3: a set character goes on top of its faction party and becomes its active character', () => {
    let s = toMain(newGame({ p1: ['glass-lancer'] }));
    const id = putInHand(s, 'p1', 'glass-lancer');
    s = choose(s, `set:${id}`);
    expect(s.chain.at(-1)).toMatchObject({ kind: 'set', card: id });
    s = declineUntil(s, (x) => x.chain.length === 0);
    const party = s.sides.p1.parties.kagura;
    expect(party).toHaveLength(1);
    expect(s.characters[party[0] ?? '']?.area).toBe('faction');
  });

  it('§21-3c: a character sharing the Name of a name-level character on the field cannot be declared', () => {
    const s = toMain(newGame({ control1: ['aoi-of-the-ninth-gate'], p1: ['masked-understudy'] }));
    const id = putInHand(s, 'p1', 'masked-understudy');
    expect(optionIds(s)).not.toContain(`set:${id}`);
    const lancer = putInHand(s, 'p1', 'ruin-hound');
    expect(optionIds(s)).toContain(`set:${lancer}`);
  });

  it('G11, G10(a): power cards go face down from the deck; an active character full of power becomes controlled', () => {
    let s = toMain(newGame({ p1: ['ruin-hound'] }));
    const id = putInHand(s, 'p1', 'ruin-hound'); // mental power 1
    s = choose(s, `set:${id}`);
    s = declineUntil(s, (x) => pending(x).kind === 'main');
    s = choose(s, 'end');
    s = declineUntil(s, (x) => pending(x).kind === 'choice' && x.turn.phase === 'power');
    const hound = characterNamed(s, 'ruin-hound') ?? '';
    expect(optionIds(s)).toContain(hound);
    const deck = s.sides.p1.deck.length;
    s = choose(s, hound);
    expect(s.sides.p1.deck.length).toBe(deck - 1);
    expect(characterOf(s, hound).power).toHaveLength(1);
    expect(characterOf(s, hound).area).toBe('control');
  });
});

describe('attacks, guards and battle (§3, §4, §5, G13, G16, G17)', () => {
  it('G13, §3-3-a, G17: an unguarded attack on a player costs the attacker 1 power and judges its attack from their deck', () => {
    let s = toMain(newGame({ control1: ['ruin-hound'] }));
    const hound = controlled(s, 'p1', 'ruin-hound');
    s = choose(s, `attack:${hound}`);
    expect(optionIds(s)).toEqual(['p2', 'cancel']);
    const power = characterOf(s, hound).power.length;
    s = choose(s, 'p2');
    expect(characterOf(s, hound).power.length).toBe(power - 1);
    const deck = s.sides.p2.deck.length;
    s = declineUntil(s, (x) => x.chain.length === 0);
    // Ruin Hound: 3 attack, so 3 cards judged; "after the attack ends" sets a power card back on it (§3-3-a-3).
    expect(s.sides.p2.deck.length).toBe(deck - 3);
    expect(characterOf(s, hound).power.length).toBe(power);
  });

  it('§4-1: only the attacked player may guard, only as the direct response, and only once in the series', () => {
    let s = toMain(newGame({ control1: ['ruin-hound'], control2: ['anchor-sibyl', 'twin-banner-adept'] }));
    s = choose(s, `attack:${controlled(s, 'p1', 'ruin-hound')}`);
    s = choose(s, 'p2');
    const guards = optionIds(s).filter((o) => o.startsWith('guard:'));
    expect(guards).toHaveLength(2);
    s = choose(s, guards[0] ?? '');
    // After the guard: the attacker's side answers; no second guard is offered to anyone.
    expect(optionIds(s).some((o) => o.startsWith('guard:'))).toBe(false);
    s = decline(s);
    expect(optionIds(s).some((o) => o.startsWith('guard:'))).toBe(false);
  });

  it('G16, §9-3: battle damage is exchanged at once; a name-level character killed in battle goes to the damage zone', () => {
    let s = toMain(newGame({ control1: ['thornback-raider'], control2: ['aoi-of-the-ninth-gate'] }));
    s = choose(s, `attack:${controlled(s, 'p1', 'thornback-raider')}`);
    s = choose(s, 'p2');
    s = choose(s, `guard:${controlled(s, 'p2', 'aoi-of-the-ninth-gate')}`);
    s = declineUntil(s, (x) => x.chain.length === 0);
    // Raider 4 ATK vs "Aoi" 3 DUR; "Aoi" 3 ATK vs Raider 3 DUR: both die.
    expect(characterNamed(s, 'thornback-raider')).toBeUndefined();
    expect(characterNamed(s, 'aoi-of-the-ninth-gate')).toBeUndefined();
    expect(cardsIn(s, 'p2', 'damage')).toContain('aoi-of-the-ninth-gate');
    expect(cardsIn(s, 'p1', 'discard')).toContain('thornback-raider');
  });

  it('§6-5, §17-5: Intercept lowers the guard cost; "immediately when it guards" applies before any response', () => {
    let s = toMain(newGame({ control1: ['thornback-raider'], control2: ['rook-of-the-bastion'] }));
    s = choose(s, `attack:${controlled(s, 'p1', 'thornback-raider')}`);
    s = choose(s, 'p2');
    const rook = controlled(s, 'p2', 'rook-of-the-bastion');
    const power = characterOf(s, rook).power.length;
    s = choose(s, `guard:${rook}`);
    expect(characterOf(s, rook).power.length).toBe(power); // two Intercepts: cost 0
    expect(statOf(s, characterOf(s, rook), 'dur')).toBe(6);
    s = declineUntil(s, (x) => x.chain.length === 0);
    expect(characterNamed(s, 'rook-of-the-bastion')).toBeDefined(); // 4 damage against DUR 6
    expect(statOf(s, characterOf(s, rook), 'dur')).toBe(4); // "until the battle ends" is over (§5-1)
  });

  it('§18-1, §18-2-a: Stealth is guarded only by a shared faction; a factionless Stealth character not at all', () => {
    let s = toMain(newGame({ control1: ['nameless-drifter', 'veil-walker'], control2: ['rook-of-the-bastion'] }));
    s = choose(s, `attack:${controlled(s, 'p1', 'nameless-drifter')}`);
    s = choose(s, 'p2');
    expect(optionIds(s).some((o) => o.startsWith('guard:'))).toBe(false);
  });

  it('§22-1: Open Gates (card text) beats the Stealth skill for the turn', () => {
    let s = toMain(
      newGame({
        control1: ['veil-walker', 'ember-courier', 'herald-of-cinders'],
        p1: ['open-gates'],
        control2: ['rook-of-the-bastion'],
      }),
    );
    const gates = putInHand(s, 'p1', 'open-gates');
    s = choose(s, `use:${gates}`);
    s = declineUntil(s, (x) => pending(x).kind === 'main');
    expect(s.stealthOpen).toBe(true);
    s = choose(s, `attack:${controlled(s, 'p1', 'veil-walker')}`);
    s = choose(s, 'p2');
    expect(optionIds(s)).toContain(`guard:${controlled(s, 'p2', 'rook-of-the-bastion')}`);
  });

  it('§6-1, G27: Penetrate sends the damage beyond the guard’s durability to the original target', () => {
    let s = toMain(newGame({ control1: ['glass-lancer'], control2: ['nameless-drifter'] }));
    s = choose(s, `attack:${controlled(s, 'p1', 'glass-lancer')}`);
    s = choose(s, 'p2');
    const drifter = controlled(s, 'p2', 'nameless-drifter');
    // The drifter has guard cost 1 and 1 power: it can guard.
    s = choose(s, `guard:${drifter}`);
    const deck = s.sides.p2.deck.length;
    s = declineUntil(s, (x) => x.chain.length === 0);
    // 3 ATK against DUR 1: 2 go through as a damage judgment of 2 cards.
    expect(deck - s.sides.p2.deck.length).toBe(2);
  });

  it('§3-4: "instead of the normal damage judgment" replaces it (Tidecaller: the player discards 2)', () => {
    let s = toMain(newGame({ control1: ['tidecaller'] }));
    s = choose(s, `attack:${controlled(s, 'p1', 'tidecaller')}`);
    s = choose(s, 'p2');
    const deck = s.sides.p2.deck.length;
    s = declineUntil(s, (x) => pending(x).player === 'p2' && pending(x).kind === 'choice');
    const hand = s.sides.p2.hand.length;
    s = choose(s, ...optionIds(s).slice(0, 2));
    expect(s.sides.p2.hand.length).toBe(hand - 2);
    expect(s.sides.p2.deck.length).toBe(deck);
  });

  it('§17-4: "immediately when it declares an attack" resolves before anyone can respond', () => {
    let s = toMain(newGame({ control1: ['herald-of-cinders'], control2: ['nameless-drifter'] }));
    s = choose(s, `attack:${controlled(s, 'p1', 'herald-of-cinders')}`);
    s = choose(s, 'p2');
    expect(pending(s)).toMatchObject({ player: 'p1', kind: 'choice' });
    s = choose(s, controlled(s, 'p2', 'nameless-drifter'));
    expect(characterNamed(s, 'nameless-drifter')).toBeUndefined();
    expect(pending(s)).toMatchObject({ player: 'p2', kind: 'respond' });
  });

  it('§3-9, G7: a ▼ active character attacks its owner at its faction check, at no cost', () => {
    let s = toMain(newGame({ p1: ['thornback-raider'] }));
    s = choose(s, `set:${putInHand(s, 'p1', 'thornback-raider')}`);
    s = declineUntil(s, (x) => x.turn.number === 3 && x.turn.phase === 'faction' && x.chain.at(-1)?.kind === 'attack');
    expect(s.chain.at(-1)).toMatchObject({ kind: 'attack', target: { player: 'p1' } });
  });
});

describe('Bind, damage judgment and losing (§6-4, §16, G2)', () => {
  it('§6-4, §6-4-b: Bind keeps the character, its X power cards go to the damage zone, "when discarded" does not fire', () => {
    let s = toMain(newGame({ control1: ['thornback-raider'], control2: ['anchor-sibyl'] }));
    s = choose(s, `attack:${controlled(s, 'p1', 'thornback-raider')}`);
    s = choose(s, 'p2');
    const sibyl = controlled(s, 'p2', 'anchor-sibyl');
    s = choose(s, `guard:${sibyl}`);
    s = declineUntil(s, (x) => pending(x).kind === 'choice' && pending(x).player === 'p2');
    const hand = s.sides.p2.hand.length;
    s = choose(s, 'yes');
    expect(characterNamed(s, 'anchor-sibyl')).toBe(sibyl);
    expect(s.sides.p2.damage).toHaveLength(2);
    expect(s.sides.p2.hand.length).toBe(hand); // no draw from "when this is discarded"
  });

  it('§17-1: without Bind, "when this is discarded" draws', () => {
    let s = toMain(newGame({ control1: ['thornback-raider'], control2: ['anchor-sibyl'] }));
    s = choose(s, `attack:${controlled(s, 'p1', 'thornback-raider')}`);
    s = choose(s, 'p2');
    s = choose(s, `guard:${controlled(s, 'p2', 'anchor-sibyl')}`);
    s = declineUntil(s, (x) => pending(x).kind === 'choice' && pending(x).player === 'p2');
    const hand = s.sides.p2.hand.length;
    s = choose(s, 'no');
    expect(characterNamed(s, 'anchor-sibyl')).toBeUndefined();
    expect(s.sides.p2.hand.length).toBe(hand + 1);
  });

  it('§16-1, G17: characters revealed in a judgment enter the field; two of one name both go to the damage zone', () => {
    let s = toMain(
      newGame({
        control1: ['thornback-raider'],
        p2: ['ember-courier', 'ember-courier', 'glass-lancer', 'spare-harness'],
      }),
    );
    stackDeck(s, 'p2', ['ember-courier', 'glass-lancer', 'ember-courier', 'spare-harness']);
    s = choose(s, `attack:${controlled(s, 'p1', 'thornback-raider')}`);
    s = choose(s, 'p2');
    s = declineUntil(s, (x) => x.chain.length === 0);
    expect(cardsIn(s, 'p2', 'damage').sort()).toEqual(['ember-courier', 'ember-courier', 'spare-harness']);
    expect(characterNamed(s, 'glass-lancer')).toBeDefined();
  });

  it('G2(a): 10 cards in the damage zone lose the game', () => {
    let s = toMain(
      newGame({
        control1: ['thornback-raider'],
        p2: [
          'spare-harness',
          'open-gates',
          'open-gates',
          'open-gates',
          'open-gates',
          'harvest-of-embers',
          'harvest-of-embers',
          'harvest-of-embers',
          'harvest-of-embers',
        ],
      }),
    );
    // Seven cards already in the damage zone, then a 4-card judgment of non-characters (Raider: 4 ATK).
    const side = s.sides.p2;
    const others = side.deck.filter((id) => cardOf(s.objects[id]?.card ?? '').type !== 'character').slice(0, 4);
    expect(others).toHaveLength(4);
    const filler = side.deck.filter((id) => !others.includes(id)).slice(0, 7);
    for (const id of filler) {
      const o = s.objects[id];
      if (o) o.zone = 'damage';
      side.damage.push(id);
    }
    side.deck = [...others, ...side.deck.filter((id) => !others.includes(id) && !filler.includes(id))];
    s = choose(s, `attack:${controlled(s, 'p1', 'thornback-raider')}`);
    s = choose(s, 'p2');
    s = declineUntil(s, (x) => x.result !== null);
    expect(s.result).toMatchObject({ kind: 'win', winner: 'p1', reason: 'damage-zone' });
    expect(s.sides.p2.damage.length).toBeGreaterThanOrEqual(10);
  });

  it('G2(b), §12-3: having to draw from an empty deck loses', () => {
    let s = newGame();
    s.sides.p1.deck = [];
    s = declineUntil(s, (x) => x.result !== null);
    expect(s.result).toMatchObject({ kind: 'win', winner: 'p2', reason: 'empty-deck' });
  });

  it('G2: concession at any time gives the other player the win', () => {
    const s = aqa.concede(newGame(), 'p2');
    expect(s.result).toMatchObject({ kind: 'win', winner: 'p1', reason: 'conceded' });
  });
});

describe('breaks, permanents and cards (§10, §11, §19, §20, §22)', () => {
  it('G21: a break on your own active character stacks on it and makes it controlled', () => {
    let s = toMain(newGame({ control1: ['ember-courier'], p1: ['crimson-awakening', 'twin-banner-adept'] }));
    s = choose(s, `set:${putInHand(s, 'p1', 'twin-banner-adept')}`);
    s = declineUntil(s, (x) => pending(x).kind === 'main');
    // Psyche ×1 from the controlled courier; cost 2 from its 2 power.
    const adept = characterNamed(s, 'twin-banner-adept') ?? '';
    const crimson = putInHand(s, 'p1', 'crimson-awakening');
    s = choose(s, `break:${crimson}`);
    s = choose(s, adept);
    s = declineUntil(s, (x) => x.chain.length === 0);
    const c = characterOf(s, adept);
    expect(c.cards).toHaveLength(2);
    expect(c.area).toBe('control');
    expect(c.broken).toBe(true);
    expect(statOf(s, c, 'atk')).toBe(4);
  });

  it('G21, §9-3: a break on an opponent’s character discards it and gives the breaker a character', () => {
    let s = toMain(newGame({ control1: ['ember-courier'], p1: ['crimson-awakening'], control2: ['mindripper'] }));
    s = choose(s, `break:${putInHand(s, 'p1', 'crimson-awakening')}`);
    s = choose(s, controlled(s, 'p2', 'mindripper'));
    s = declineUntil(s, (x) => x.chain.length === 0);
    expect(characterNamed(s, 'mindripper')).toBeUndefined();
    expect(controlled(s, 'p1', 'crimson-awakening')).toBeDefined();
  });

  it('§10-2: a break whose target left before resolution fails and the break card is discarded', () => {
    let s = toMain(newGame({ control1: ['ember-courier'], p1: ['crimson-awakening'], control2: ['mindripper'] }));
    s = choose(s, `break:${putInHand(s, 'p1', 'crimson-awakening')}`);
    const target = controlled(s, 'p2', 'mindripper');
    s = choose(s, target);
    // A response removed the target (arranged directly: no card of the pool discards a character as a response).
    s.sides.p2.control = s.sides.p2.control.filter((x) => x !== target);
    for (const id of characterOf(s, target).cards) {
      const o = s.objects[id];
      if (o) o.zone = 'discard';
      s.sides.p2.discard.push(id);
    }
    for (const id of characterOf(s, target).power) {
      const o = s.objects[id];
      if (o) o.zone = 'discard';
      s.sides.p2.discard.push(id);
    }
    delete s.characters[target];
    s = declineUntil(s, (x) => x.chain.length === 0);
    expect(cardsIn(s, 'p1', 'discard')).toContain('crimson-awakening');
  });

  it('§19-1, G15: a required factor is checked at declaration: without Psyche controlled, no break is offered', () => {
    const s = toMain(newGame({ control1: ['rook-of-the-bastion'], p1: ['crimson-awakening'] }));
    const crimson = putInHand(s, 'p1', 'crimson-awakening');
    expect(optionIds(s)).not.toContain(`break:${crimson}`);
  });

  it('§20-9: Guild Quartermaster makes your permanents cost 1 less; §11-4: "Aoi" gives Permanent −1 at battle', () => {
    let s = toMain(
      newGame({
        control1: ['guild-quartermaster', 'oathbound-knight'],
        p1: ['spare-harness'],
        control2: ['aoi-of-the-ninth-gate'],
      }),
    );
    const harness = putInHand(s, 'p1', 'spare-harness');
    const knight = controlled(s, 'p1', 'oathbound-knight');
    const before = s.sides.p1.control.reduce((n, id) => n + characterOf(s, id).power.length, 0);
    s = choose(s, `permanent:${harness}`);
    s = choose(s, knight);
    const after = s.sides.p1.control.reduce((n, id) => n + characterOf(s, id).power.length, 0);
    expect(after).toBe(before); // cost 0, reduced below 0 to 0
    s = declineUntil(s, (x) => pending(x).kind === 'main');
    expect(characterOf(s, knight).permanents).toEqual([harness]);
    s = choose(s, `attack:${knight}`);
    s = choose(s, 'p2');
    s = choose(s, `guard:${controlled(s, 'p2', 'aoi-of-the-ninth-gate')}`);
    s = declineUntil(s, (x) => x.chain.length === 0);
    expect(cardsIn(s, 'p1', 'discard')).toContain('spare-harness');
  });

  it('§4-4, §22-2: Sudden Bastion forces a guard, but "cannot be guarded" on a break card wins', () => {
    let s = toMain(
      newGame({ control1: ['rook-of-the-bastion'], control2: ['thornback-raider'], p1: ['sudden-bastion'] }),
    );
    // p2's ▼-less attack is not possible on p1's turn: attack p2 and let p2 force... instead p1 forces its own guard.
    const bastion = putInHand(s, 'p1', 'sudden-bastion');
    s = choose(s, 'end');
    s = declineUntil(s, (x) => pending(x).kind === 'main' && pending(x).player === 'p2');
    s = choose(s, `attack:${controlled(s, 'p2', 'thornback-raider')}`);
    s = choose(s, 'p1');
    expect(optionIds(s)).toContain(`use:${bastion}`);
    s = choose(s, `use:${bastion}`);
    s = choose(s, controlled(s, 'p1', 'rook-of-the-bastion'));
    s = declineUntil(s, (x) => x.chain.length === 0);
    // The forced guard happened: a battle, no damage judgment on p1.
    expect(s.sides.p1.damage).toHaveLength(0);
    expect(characterNamed(s, 'thornback-raider')).toBeDefined(); // Rook 1 ATK vs Raider 3 DUR
  });

  it('G14: a cancelled payment leaves no trace (the declaration is rewound)', () => {
    let s = toMain(newGame({ control1: ['ember-courier', 'herald-of-cinders'], p1: ['crimson-awakening'] }));
    const crimson = putInHand(s, 'p1', 'crimson-awakening');
    const before = JSON.stringify({ sides: s.sides, characters: s.characters, chain: s.chain });
    s = choose(s, `break:${crimson}`);
    s = choose(s, controlled(s, 'p1', 'ember-courier'));
    expect(optionIds(s)).toContain('auto');
    s = choose(s, 'cancel');
    expect(JSON.stringify({ sides: s.sides, characters: s.characters, chain: s.chain })).toBe(before);
    expect(pending(s).kind).toBe('main');
  });
});

describe('response protocol (G19)', () => {
  const twoDeep = (protocol: 'chain' | 'item') => {
    let s = toMain(newGame({ protocol, control1: ['twin-banner-adept'], control2: ['mindripper'] }));
    s = choose(s, `attack:${controlled(s, 'p1', 'twin-banner-adept')}`);
    s = choose(s, 'p2');
    const ripper = controlled(s, 'p2', 'mindripper');
    // p2 responds with Mindripper's effect on the adept's power.
    s = choose(s, `effect:${ripper}:0`);
    s = choose(s, controlled(s, 'p1', 'twin-banner-adept'));
    return s;
  };

  it('chain (default): when both pass in a row, the whole chain resolves last-in-first-out', () => {
    let s = twoDeep('chain');
    expect(s.chain.map((d) => d.kind)).toEqual(['attack', 'effect']);
    s = decline(s); // p1
    s = decline(s); // p2
    expect(s.chain).toHaveLength(0);
  });

  it('item (setting): only the top item resolves, then a new round opens on what is left', () => {
    let s = twoDeep('item');
    s = decline(s);
    s = decline(s);
    expect(s.chain.map((d) => d.kind)).toEqual(['attack']);
    expect(pending(s).kind).toBe('respond');
  });
});

describe('hidden information (§12 of the digest, G25)', () => {
  it('hands are their owner’s; power cards and the deck are no one’s; the discard shows its top card only', () => {
    let s = toMain(newGame({ control1: ['ruin-hound'] }));
    s = choose(s, `attack:${controlled(s, 'p1', 'ruin-hound')}`);
    s = choose(s, 'p2');
    const json = (seat: 'p1' | 'p2') => JSON.stringify(aqa.view(s, { kind: 'player', seat }));
    for (const id of s.sides.p1.hand) {
      expect(json('p1')).toContain(`"${id}"`);
      expect(json('p2')).not.toContain(`"${id}"`);
    }
    for (const c of Object.values(s.characters))
      for (const id of c.power) {
        expect(json('p1')).not.toContain(`"${id}"`);
        expect(json('p2')).not.toContain(`"${id}"`);
      }
    const discard = s.sides.p1.discard;
    expect(discard.length).toBeGreaterThan(0);
    expect(json('p2')).toContain(`"${discard.at(-1)}"`);
  });
});

describe('timeouts', () => {
  it('G14: a payment left to the clock pays automatically; a target left to it takes the declaration back', () => {
    let s = toMain(newGame({ control1: ['ember-courier', 'herald-of-cinders'], p1: ['crimson-awakening'] }));
    s = choose(s, `break:${putInHand(s, 'p1', 'crimson-awakening')}`);
    const target = pending(s);
    expect(target.shape === undefined && target.defaultOnTimeout).toEqual(['cancel']);
    s = choose(s, controlled(s, 'p1', 'ember-courier'));
    const pay = pending(s);
    expect(pay.shape === undefined && pay.defaultOnTimeout).toEqual(['auto']);
  });
});
