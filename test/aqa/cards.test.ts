// Aquarian Age cards: each implemented ability of the pool, and the cards the engine refuses (UnsupportedRule).
import { describe, expect, it } from 'vitest';
import { UnsupportedRule } from '../../src/engine/core/errors.ts';
import { aqa } from '../../src/engine/games/aqa/index.ts';
import { refuseUnsupported, unsupportedRuleOf } from '../../src/engine/games/aqa/legal.ts';
import { isNegated, powerFromDeck, statOf } from '../../src/engine/games/aqa/rules.ts';
import { cardOf, characterOf, moveCard } from '../../src/engine/games/aqa/state.ts';
import {
  answerNumber,
  cardsIn,
  characterNamed,
  choose,
  controlled,
  deckWith,
  declineUntil,
  newGame,
  optionIds,
  payAuto,
  pending,
  putInHand,
  toMain,
} from './helpers.ts';

describe('cards the engine refuses', () => {
  it('a card with a code handler the engine does not implement is refused, naming the handler', () => {
    const base = cardOf('crossroads-charm');
    const unknown = {
      ...base,
      effects: [{ do: 'code' as const, handler: 'not-written-yet', text: { en: 'x', ja: 'x' } }],
    };
    expect(unsupportedRuleOf(unknown)).toBe('code:not-written-yet');
    expect(() => refuseUnsupported(unknown)).toThrow(UnsupportedRule);
  });

  it('a project or fast card whose effect its resolution cannot carry out is refused, never resolved as nothing', () => {
    const base = cardOf('thornshot');
    const on = (effects: typeof base.effects) => unsupportedRuleOf({ ...base, effects });
    expect(on([{ do: 'damage', amount: 2, to: 'target-character' }])).toBeNull();
    expect(on([{ do: 'damage', amount: 2, to: 'target-player' }])).toBe('damage:target-player');
    expect(on([{ do: 'distribute-damage', amount: 3 }])).toBe('distribute-damage:fixed');
    expect(on([{ do: 'modify', to: 'target-character', stat: 'atk', amount: 1, until: 'end-of-turn' }])).toBe(
      'effect:modify',
    );
  });

  it('a triggered ability or an effect saying what its procedure does not play is refused, naming the phrase', () => {
    const courier = cardOf('ember-courier');
    const withAbilities = (abilities: typeof courier.abilities) => unsupportedRuleOf({ ...courier, abilities });
    // §17-6 "at end of turn" plays only "draw if your hand is empty"; a plain draw there would have been ignored.
    expect(
      withAbilities([{ kind: 'triggered', when: 'end-of-turn', effects: [{ do: 'draw', count: 1, optional: false }] }]),
    ).toBe('trigger:end-of-turn');
    expect(withAbilities([{ kind: 'effect', cost: 1, effects: [{ do: 'draw', count: 1, optional: false }] }])).toBe(
      'effect-ability:draw',
    );
    expect(unsupportedRuleOf(courier)).toBeNull();
  });

  it.each([
    'thornshot',
    'hollow-vessel',
    'lantern-summoner',
    'null-warden',
    'wardens-sigil',
    'cartographers-decree',
    'crossroads-charm',
  ])('%s (once refused) is accepted at setup', (card) => {
    expect(unsupportedRuleOf(cardOf(card))).toBeNull();
    const setup = { game: 'aqa', decks: { p1: deckWith([card]), p2: deckWith([]) } };
    expect(() => aqa.setup(setup, 's')).not.toThrow();
  });
});

describe('abilities', () => {
  it('§8-1-a-1: "when this enters the field: draw 1" draws at once (Ember Courier)', () => {
    let s = toMain(newGame({ p1: ['ember-courier'] }));
    const id = putInHand(s, 'p1', 'ember-courier');
    s = choose(s, `set:${id}`);
    const hand = s.sides.p1.hand.length;
    s = declineUntil(s, (x) => x.chain.length === 0);
    expect(s.sides.p1.hand.length).toBe(hand + 1);
  });

  it('§17-2: "when another of yours has been discarded: you may draw" (Ember Courier)', () => {
    let s = toMain(newGame({ control1: ['thornback-raider'], control2: ['ember-courier', 'nameless-drifter'] }));
    s = choose(s, `attack:${controlled(s, 'p1', 'thornback-raider')}`);
    s = choose(s, 'p2');
    s = choose(s, `guard:${controlled(s, 'p2', 'nameless-drifter')}`);
    s = declineUntil(s, (x) => pending(x).kind === 'choice' && pending(x).player === 'p2');
    const hand = s.sides.p2.hand.length;
    s = choose(s, 'yes');
    expect(s.sides.p2.hand.length).toBe(hand + 1);
  });

  it('§21-5, §20-5-a: Harvest of Embers distributes X damage, at least 1 each', () => {
    let s = toMain(
      newGame({
        control1: ['ruin-hound', 'thornback-raider'],
        p1: ['harvest-of-embers'],
        control2: ['nameless-drifter', 'ember-courier'],
      }),
    );
    const harvest = putInHand(s, 'p1', 'harvest-of-embers');
    s = choose(s, `use:${harvest}`);
    expect(pending(s).shape).toBe('number');
    s = answerNumber(s, 2);
    const drifter = controlled(s, 'p2', 'nameless-drifter');
    const courier = controlled(s, 'p2', 'ember-courier');
    s = choose(s, drifter, courier);
    const p = pending(s);
    expect(p.shape).toBe('distribute');
    s = aqa.apply(s, 'p1', { decisionId: p.id, choose: [], split: { [drifter]: 1, [courier]: 1 } });
    s = payAuto(s);
    expect(s.chain.at(-1)?.kind).toBe('use');
    s = declineUntil(s, (x) => x.chain.length === 0);
    expect(characterNamed(s, 'nameless-drifter')).toBeUndefined(); // 1 ≥ DUR 1
    expect(characterNamed(s, 'ember-courier')).toBeDefined(); // 1 < DUR 2
  });

  it('§13-2: Veil of Stillness makes a character unaffected by effects until end of turn', () => {
    let s = toMain(
      newGame({
        control1: ['herald-of-cinders'],
        control2: ['anchor-sibyl', 'nameless-drifter'],
        p2: ['veil-of-stillness'],
      }),
    );
    const veil = putInHand(s, 'p2', 'veil-of-stillness');
    s = choose(s, `attack:${controlled(s, 'p1', 'herald-of-cinders')}`);
    s = choose(s, 'p2');
    // Herald's immediate damage on the drifter, then p2 answers with Veil on the sibyl (Grimoire ×1).
    s = choose(s, controlled(s, 'p2', 'nameless-drifter'));
    expect(optionIds(s)).toContain(`use:${veil}`);
    s = choose(s, `use:${veil}`);
    const sibyl = controlled(s, 'p2', 'anchor-sibyl');
    s = choose(s, sibyl);
    s = declineUntil(s, (x) => x.chain.length === 0 || pending(x).kind === 'choice');
    expect(characterOf(s, sibyl).unaffected).toBe(true);
    expect(cardsIn(s, 'p2', 'hand')).not.toContain('veil-of-stillness');
    expect(s.sides.p2.lasting).toContain(veil);
  });

  it('§6-6, §13-5: Search takes a card with the Name from the deck at the start of the main phase', () => {
    let s = newGame({ control1: ['lantern-scout'], p1: ['aoi-of-the-ninth-gate'] });
    // Keep the "Aoi" in the deck.
    const inHand = s.sides.p1.hand.find((x) => s.objects[x]?.card === 'aoi-of-the-ninth-gate');
    if (inHand) moveCard(s, inHand, 'deck');
    s = declineUntil(s, (x) => pending(x).kind === 'choice' && x.turn.phase === 'main' && pending(x).player === 'p1');
    const offered = optionIds(s);
    expect(offered).toHaveLength(1);
    s = choose(s, offered[0] ?? '');
    expect(cardsIn(s, 'p1', 'hand')).toContain('aoi-of-the-ninth-gate');
  });

  it('§17-7: Morning Bell Acolyte may draw, then discards 1', () => {
    let s = newGame({ control1: ['morning-bell-acolyte'] });
    s = declineUntil(s, (x) => pending(x).kind === 'choice' && x.turn.phase === 'main' && pending(x).player === 'p1');
    const hand = s.sides.p1.hand.length;
    s = choose(s, 'yes');
    s = choose(s, optionIds(s)[0] ?? '');
    expect(s.sides.p1.hand.length).toBe(hand);
    expect(s.sides.p1.discard.length).toBeGreaterThan(0);
  });

  it('§12-5, §6-4: mental attack discards power; more than the power removes the character (Mindripper)', () => {
    let s = toMain(newGame({ control1: ['mindripper'], control2: ['thornback-raider'] }));
    s = choose(s, `attack:${controlled(s, 'p1', 'mindripper')}`);
    s = choose(s, 'p2');
    const raider = controlled(s, 'p2', 'thornback-raider');
    s = choose(s, `guard:${raider}`); // pays its only power card: mental attack 2 > power 0
    s = declineUntil(s, (x) => x.chain.length === 0);
    expect(characterNamed(s, 'thornback-raider')).toBeUndefined();
  });

  it('§12-1, §12-4: Mindripper’s effect discards a power card of the target character', () => {
    let s = toMain(newGame({ control1: ['mindripper'], control2: ['anchor-sibyl'] }));
    const sibyl = controlled(s, 'p2', 'anchor-sibyl');
    const power = characterOf(s, sibyl).power.length;
    s = choose(s, `effect:${controlled(s, 'p1', 'mindripper')}:0`);
    s = choose(s, sibyl);
    s = declineUntil(s, (x) => x.chain.length === 0);
    expect(characterOf(s, sibyl).power.length).toBe(power - 1);
  });

  it('§15-1: Oathbound Knight is judged with ATK +2 against a broken character', () => {
    let s = toMain(newGame({ control1: ['oathbound-knight'], control2: ['ember-courier'] }));
    const courier = controlled(s, 'p2', 'ember-courier');
    characterOf(s, courier).broken = true;
    s = choose(s, `attack:${controlled(s, 'p1', 'oathbound-knight')}`);
    s = choose(s, 'p2');
    s = choose(s, `guard:${courier}`);
    s = declineUntil(s, (x) => x.chain.length === 0 || (pending(x).player === 'p2' && pending(x).kind === 'choice'));
    expect(characterNamed(s, 'ember-courier')).toBeUndefined();
    expect(statOf(s, characterOf(s, controlled(s, 'p1', 'oathbound-knight')), 'atk')).toBe(3);
  });

  it('§8-1-b: Mirror Chorister used as a break card is, once set, a character that is not broken', () => {
    let s = toMain(newGame({ control1: ['anchor-sibyl'], p1: ['mirror-chorister'] }));
    const chorister = putInHand(s, 'p1', 'mirror-chorister');
    s = choose(s, `break:${chorister}`);
    const sibyl = controlled(s, 'p1', 'anchor-sibyl');
    s = choose(s, sibyl);
    s = declineUntil(s, (x) => x.chain.length === 0);
    expect(characterOf(s, sibyl).cards).toHaveLength(2);
    expect(characterOf(s, sibyl).broken).toBe(false);
  });

  it('§8-1-c, §1-1: Masked Understudy may be set from the damage zone in your main phase', () => {
    let s = toMain(newGame({ p1: ['masked-understudy'] }));
    const id = putInHand(s, 'p1', 'masked-understudy');
    moveCard(s, id, 'damage');
    expect(optionIds(s)).toContain(`set:${id}`);
    s = choose(s, `set:${id}`);
    s = declineUntil(s, (x) => x.chain.length === 0);
    expect(characterNamed(s, 'masked-understudy')).toBeDefined();
  });

  it('§20-10, §19-4: Desperate Gambit costs less per 2 damage and ignores its factor at 6 damage', () => {
    let s = toMain(newGame({ control1: ['ruin-hound', 'thornback-raider'], p1: ['desperate-gambit'] }));
    const gambit = putInHand(s, 'p1', 'desperate-gambit');
    expect(optionIds(s)).not.toContain(`use:${gambit}`); // Null ×2 unmet, cost 4 > 2 power
    for (const id of s.sides.p1.deck.slice(0, 6)) moveCard(s, id, 'damage');
    expect(optionIds(s)).toContain(`use:${gambit}`); // cost 4 − 3 = 1, factor ignored
    const hand = s.sides.p1.hand.length;
    s = payAuto(choose(s, `use:${gambit}`));
    s = declineUntil(s, (x) => x.chain.length === 0);
    expect(s.sides.p1.hand.length).toBe(hand - 1 + 3);
  });

  it('§24-2, §2-2: Ash Recall returns character cards from the discard, then removes one card from the game', () => {
    let s = toMain(
      newGame({ control1: ['ruin-hound', 'thornback-raider'], p1: ['ash-recall', 'ember-courier', 'glass-lancer'] }),
    );
    const recall = putInHand(s, 'p1', 'ash-recall');
    const courier = putInHand(s, 'p1', 'ember-courier');
    const lancer = putInHand(s, 'p1', 'glass-lancer');
    moveCard(s, courier, 'discard');
    moveCard(s, lancer, 'discard');
    s = choose(s, `use:${recall}`);
    s = payAuto(answerNumber(s, 1));
    s = declineUntil(s, (x) => pending(x).kind === 'choice' && pending(x).player === 'p1' && x.chain.length === 0);
    s = choose(s, courier);
    expect(cardsIn(s, 'p1', 'hand')).toContain('ember-courier');
    s = choose(s, lancer);
    expect(s.sides.p1.removed).toEqual([lancer]);
  });

  it('§12-2: a power card set on a character with no room is discarded (Ruin Hound full of power)', () => {
    const s = newGame({ control1: ['ruin-hound'] });
    const hound = characterOf(s, controlled(s, 'p1', 'ruin-hound'));
    const discard = s.sides.p1.discard.length;
    expect(powerFromDeck(s, hound)).toBe(false);
    expect(hound.power).toHaveLength(1);
    expect(s.sides.p1.discard.length).toBe(discard + 1);
  });
});

describe('the once-refused cards, where a scenario cannot reach', () => {
  it('§13-1-a, ruling R12: a negation holds only while its maker is not negated; a self-negated effect stays negated', () => {
    const s = newGame();
    const a = 'c1/mindripper/0';
    const b = 'c2/null-warden/0';
    s.negated = [{ effect: a, by: b }];
    expect(isNegated(s, a)).toBe(true);
    expect(isNegated(s, b)).toBe(false);
    // Null Warden then negates its own effect: it is negated, so what it negated works again.
    s.negated.push({ effect: b, by: b });
    expect(isNegated(s, b)).toBe(true);
    expect(isNegated(s, a)).toBe(false);
  });

  it('§11-6, ruling R13: Warden Sigil effect does nothing if the Sigil moved off the character that paid', () => {
    let s = newGame({
      control1: ['sentinel-statue', 'rook-of-the-bastion'],
      control2: ['thornback-raider'],
      p1: ['wardens-sigil'],
    });
    const statue = characterOf(s, controlled(s, 'p1', 'sentinel-statue'));
    const sigil = putInHand(s, 'p1', 'wardens-sigil');
    moveCard(s, sigil, 'field');
    statue.permanents.push(sigil);
    s = toMain(s, 'p2');
    const raider = controlled(s, 'p2', 'thornback-raider');
    s = choose(s, `attack:${raider}`);
    s = choose(s, 'p1');
    s = choose(s, `effect:${statue.id}:0`);
    s = choose(s, raider);
    expect(s.chain.map((d) => d.kind)).toEqual(['attack', 'effect']);
    // A response moved the Sigil to another character (no card of the pool does; the rule is still played).
    const moved = characterOf(s, statue.id);
    const rook = characterOf(s, controlled(s, 'p1', 'rook-of-the-bastion'));
    moved.permanents = [];
    rook.permanents.push(sigil);
    s = choose(s, 'pass');
    s = choose(s, 'pass');
    expect(s.log).toContainEqual({ type: 'failed', kind: 'effect', card: 'sentinel-statue', rule: '11-6' });
    expect(characterOf(s, statue.id).power).toHaveLength(0);
  });

  it('ruling R8: Paper Shikigami is not one of the 40 cards and leaves no card behind', () => {
    let s = toMain(newGame({ control1: ['lantern-summoner'] }));
    const summoner = controlled(s, 'p1', 'lantern-summoner');
    s = choose(s, `effect:${summoner}:0`);
    s = declineUntil(s, (x) => x.chain.length === 0);
    const token = Object.values(s.objects).find((o) => o.card === 'paper-shikigami');
    expect(token?.token).toBe(true);
    expect(aqa.invariants?.(s)).toEqual([]);
  });
});
