import { describe, expect, it } from 'vitest';
import { NovaCardSchema } from '../../src/engine/games/nova/cards/schema.ts';

/**
 * The NOVA engine plays every card its schema accepts; what it cannot do must not be writable as a card. These are
 * general kinds the seed defines that the engine does not implement (roadmap, "Known to be missing (NOVA)").
 */
const spell = (effects: unknown[]) => ({
  id: 'test-schema',
  name: { en: 'Test', ja: 'テスト' },
  type: 'spell',
  color: 'red',
  cost: { red: 1 },
  effects,
  text: { en: '', ja: '' },
});
const servant = (abilities: unknown[]) => ({
  id: 'test-schema',
  name: { en: 'Test', ja: 'テスト' },
  type: 'servant',
  color: 'red',
  cost: { red: 1 },
  atk: 100,
  hp: 100,
  abilities,
  text: { en: '', ja: '' },
});
const draw = { do: 'draw', count: 1, who: 'you' };
/** An activated ability with this cost that draws, or (an energy ability) adds energy. */
const withCost = (cost: unknown, energyAbility = false) => ({
  kind: 'activated',
  cost,
  energyAbility,
  effects: [energyAbility ? { do: 'add-energy', color: 'red', count: 1 } : draw],
});

describe('NOVA card schema refuses what the engine cannot play', () => {
  it('refuses a card with more than one colour (docs/rulings R63, A7)', () => {
    expect(NovaCardSchema.safeParse(spell([draw])).success).toBe(true);
    expect(NovaCardSchema.safeParse({ ...spell([draw]), color: ['red', 'green'] }).success).toBe(false);
    expect(NovaCardSchema.safeParse({ ...spell([draw]), colors: ['red', 'green'] }).success).toBe(false);
  });

  it('accepts the supported skips and the added attack phase (401.2, 401.3)', () => {
    for (const e of [
      { do: 'skip-phase', phase: 'attack', whose: 'this-turn', thenDraw: 1 },
      { do: 'skip-phase', phase: 'draw', whose: 'opponents-next' },
      { do: 'skip-phase', phase: 'draw', whose: 'yours-next' },
      { do: 'skip-phase', phase: 'attack', whose: 'opponents-next' },
      { do: 'skip-phase', phase: 'attack', whose: 'yours-next' },
      { do: 'skip-phase', phase: 'turn', whose: 'yours-next' },
      { do: 'skip-phase', phase: 'turn', whose: 'opponents-next' },
      { do: 'skip-step', step: 'block', whose: 'yours-next' },
      { do: 'skip-step', step: 'block', whose: 'opponents-next' },
      { do: 'skip-step', step: 'attack-declare', whose: 'opponents-next' },
      { do: 'skip-step', step: 'battle', whose: 'yours-next' },
      { do: 'skip-phase', phase: 'standby', whose: 'opponents-next' },
      { do: 'skip-phase', phase: 'main', whose: 'opponents-next' },
      { do: 'skip-phase', phase: 'end', whose: 'yours-next' },
      { do: 'add-attack-phase' },
      { do: 'add-phase', phase: 'end' },
      { do: 'add-phase', phase: 'standby' },
      { do: 'draw-at-next-attack-phase', count: 1 },
    ])
      expect(NovaCardSchema.safeParse(spell([e])).success).toBe(true);
  });

  it.each([
    ['skipping this turn (401.3; only a next turn)', { do: 'skip-phase', phase: 'turn', whose: 'this-turn' }],
    [
      'skipping a step of another phase than the attack phase (401.3, R104; there is none to skip)',
      { do: 'skip-step', step: 'untap', whose: 'yours-next' },
    ],
    ["skipping this turn's block step (R104: a next one only)", { do: 'skip-step', step: 'block', whose: 'this-turn' }],
    [
      "skipping this turn's end phase (401.3; only the next one)",
      { do: 'skip-phase', phase: 'end', whose: 'this-turn' },
    ],
    ['skipping a single step (401.3)', { do: 'skip-phase', phase: 'block', whose: 'opponents-next' }],
    ["skipping this turn's draw phase (401.3)", { do: 'skip-phase', phase: 'draw', whose: 'this-turn' }],
    [
      'a next phase with "if you do, draw" (only this turn\'s attack phase has it)',
      { do: 'skip-phase', phase: 'draw', whose: 'yours-next', thenDraw: 1 },
    ],
    ['adding an attack step (401.2; whole phases only, R122, R125)', { do: 'add-phase', phase: 'battle' }],
    ['a delayed trigger at another time (801.4.9)', { do: 'draw-at-next-draw-phase', count: 1 }],
    [
      'a limit level raised "until the end of your next turn" (only until end of turn)',
      { do: 'raise-limit-level', amount: 1, until: 'end-of-your-next-turn' },
    ],
    [
      'a limit level raised "until your next turn" (only until end of turn)',
      { do: 'raise-limit-level', amount: 1, until: 'your-next-turn' },
    ],
    ['a code escape (the NOVA vocabulary has none)', { do: 'code', handler: 'x', text: { en: 'x', ja: 'x' } }],
  ])('refuses %s', (_what, effect) => {
    expect(NovaCardSchema.safeParse(spell([effect])).success).toBe(false);
  });

  it.each([
    [
      'a trigger on gaining LP (no such trigger in the vocabulary)',
      { kind: 'triggered', when: 'you-gain-life', effects: [draw] },
    ],
    [
      'a state trigger named outside the vocabulary (801.4.6; counts of cards are "count-at-least" / "count-at-most")',
      { kind: 'triggered', when: 'your-deck-at-most', count: 5, effects: [draw] },
    ],
    [
      'a phase added by an ability, which may resolve outside a main phase (401.2, R122)',
      { kind: 'triggered', when: 'attacks', effects: [{ do: 'add-phase', phase: 'main' }] },
    ],
    [
      'an "at the end of each attack phase" trigger (405.7.1; only "your attack phase" is implemented)',
      { kind: 'triggered', when: 'each-attack-phase-end', effects: [draw] },
    ],
    [
      'a draw replaced by anything but "put the top N into your graveyard, then draw M" (802.1.3.1.1, R105)',
      { kind: 'draw-replacement', effects: [draw] },
    ],
    ['a mandatory draw replacement with no draw after it (802.1.3.1.1, R105)', { kind: 'draw-replacement', mill: 1 }],
    [
      'an optional draw replacement whose choice puts no card into the graveyard (802.1.3.4)',
      { kind: 'optional-draw-replacement', mill: 0, thenDraw: 1 },
    ],
    ['an optional draw replacement with no "if you do" (802.1.3.1.3)', { kind: 'optional-draw-replacement', mill: 2 }],
    ['a replacement of destruction by another event (802.1.3)', { kind: 'destruction-replacement', instead: 'hand' }],
    [
      "an optional replacement of another servant's damage (R117: this card's or its controller's only)",
      { kind: 'optional-damage-replacement', protects: 'another-ally', mill: 1, ifYouDo: { do: 'freeze-self' } },
    ],
    [
      'an optional damage replacement whose choice puts no card into the graveyard (802.1.3.4)',
      { kind: 'optional-damage-replacement', protects: 'this', mill: 0, ifYouDo: { do: 'freeze-self' } },
    ],
    [
      '"up to N" recipients of distributed damage (804.2.2.2: one recipient per unit)',
      {
        kind: 'triggered',
        when: 'enters-field',
        effects: [
          { do: 'distribute-damage', amount: 200, unit: 100, to: { what: 'servant', mode: 'target', upTo: 2 } },
        ],
      },
    ],
    [
      '"destroy that servant" where no servant is named (801.4.8)',
      { kind: 'triggered', when: 'attacks', effects: [{ do: 'destroy', to: 'that-card' }] },
    ],
    [
      '"return that card" without an exile (801.4.9.3)',
      { kind: 'triggered', when: 'attacks', effects: [{ do: 'return-at-next-end-phase' }] },
    ],
    [
      'an energy ability that also draws (311.6.4)',
      {
        kind: 'activated',
        cost: { freezeSelf: true },
        energyAbility: true,
        effects: [{ do: 'add-energy', color: 'red', count: 1 }, draw],
      },
    ],
    [
      'an energy ability with an energy cost (801.6.4.1)',
      {
        kind: 'activated',
        cost: { energy: { red: 1 } },
        energyAbility: true,
        effects: [{ do: 'add-energy', color: 'green', count: 2 }],
      },
    ],
    [
      'a battle without a chosen servant (922)',
      { kind: 'triggered', when: 'attacks', effects: [{ do: 'battle', with: 'chosen' }] },
    ],
  ])('refuses %s', (_what, ability) => {
    expect(NovaCardSchema.safeParse(servant([ability])).success).toBe(false);
  });

  it('accepts the instructions added for issue 16 (904, 907, 908, 916, 918)', () => {
    const servantTarget = { what: 'servant', mode: 'target' };
    for (const e of [
      { do: 'mill', who: 'each-player', count: 2 },
      { do: 'lose-life', who: 'you', amount: 100 },
      { do: 'send-to-graveyard', to: servantTarget },
      { do: 'destroy', to: servantTarget },
      { do: 'damage-each', amount: 100, side: 'any', players: true },
      { do: 'freeze', to: { ...servantTarget, state: 'standby' } },
      { do: 'make-standby', to: { ...servantTarget, state: 'frozen' } },
    ])
      expect(NovaCardSchema.safeParse(spell([e])).success).toBe(true);
  });

  it('accepts "during the attack phase" durations and "at the end of your attack phase" triggers (405.7.1, 405.7.3)', () => {
    const during = { do: 'modify', to: 'self', atk: 100, hp: 0, until: 'end-of-attack-phase' };
    expect(NovaCardSchema.safeParse(spell([during])).success).toBe(true);
    expect(
      NovaCardSchema.safeParse(servant([{ kind: 'triggered', when: 'your-attack-phase-end', effects: [draw] }]))
        .success,
    ).toBe(true);
  });

  it('accepts the triggers destroyed in battle, becomes frozen or standby, sent to the graveyard (405.6.3.2, 801.4.6.1, 908.1)', () => {
    for (const when of ['destroyed-in-battle', 'becomes-frozen', 'becomes-standby', 'sent-to-graveyard'])
      expect(NovaCardSchema.safeParse(servant([{ kind: 'triggered', when, effects: [draw] }])).success).toBe(true);
    const item = {
      ...spell([]),
      type: 'magic-item',
      abilities: [{ kind: 'triggered', when: 'destroyed-in-battle', effects: [draw] }],
    };
    expect(NovaCardSchema.safeParse(item).success).toBe(false); // only servants battle
  });

  it('accepts moving counters from this card (919.4)', () => {
    const move = { do: 'move-counters', counter: 'Soul', count: 1, to: { what: 'servant', mode: 'target' } };
    expect(NovaCardSchema.safeParse(spell([move])).success).toBe(true);
    expect(NovaCardSchema.safeParse(spell([{ ...move, count: 0 }])).success).toBe(false);
  });

  it('accepts waiting-area and "up to N" targets on automatic abilities (804.2.2, 804.4.1.2)', () => {
    const trigger = (to: unknown) => ({ kind: 'triggered', when: 'enters-field', effects: [{ do: 'negate', to }] });
    expect(NovaCardSchema.safeParse(servant([trigger({ what: 'waiting-item', mode: 'target' })])).success).toBe(true);
    const upTo = { do: 'damage', amount: 100, to: { what: 'servant', mode: 'target', upTo: 2 } };
    const damage = { kind: 'triggered', when: 'enters-field', effects: [upTo] };
    expect(NovaCardSchema.safeParse(servant([damage])).success).toBe(true);
  });

  it('accepts becoming or gaining a race and losing a keyword (918.1-918.3)', () => {
    const to = { what: 'servant', mode: 'target' };
    const become = { do: 'become-race', to, race: 'Thrall', until: 'end-of-turn' };
    expect(NovaCardSchema.safeParse(spell([become])).success).toBe(true);
    expect(NovaCardSchema.safeParse(spell([{ ...become, gain: true }])).success).toBe(true);
    expect(NovaCardSchema.safeParse(spell([{ ...become, race: '' }])).success).toBe(false);
    const lose = { do: 'lose-keyword', to: 'self', keyword: 'gale', until: 'end-of-attack-phase' };
    expect(NovaCardSchema.safeParse(spell([lose])).success).toBe(true);
    expect(NovaCardSchema.safeParse(spell([{ ...lose, keyword: 'flying' }])).success).toBe(false);
  });

  it('accepts the "whenever a servant / a card" triggers (405.5.5, 405.6.3.2, 801.4.6.1, 801.4.6.3, 908.1; R89, R99)', () => {
    for (const when of [
      'any-servant-destroyed-in-battle',
      'any-servant-becomes-frozen',
      'any-card-sent-to-graveyard',
      'any-servant-blocks',
      'any-servant-becomes-standby',
      'any-servant-dealt-damage',
    ])
      expect(NovaCardSchema.safeParse(servant([{ kind: 'triggered', when, effects: [draw] }])).success).toBe(true);
    const attacks = { kind: 'triggered', when: 'any-servant-attacks', effects: [draw] };
    expect(NovaCardSchema.safeParse(servant([attacks])).success).toBe(false); // not in the vocabulary
  });

  it('accepts "when this card / you / your opponent is dealt damage" (801.4.6.3; R91, R99)', () => {
    for (const when of ['dealt-damage', 'you-dealt-damage', 'opponent-dealt-damage'])
      expect(NovaCardSchema.safeParse(servant([{ kind: 'triggered', when, effects: [draw] }])).success).toBe(true);
    const each = { kind: 'triggered', when: 'each-player-dealt-damage', effects: [draw] };
    expect(NovaCardSchema.safeParse(servant([each])).success).toBe(false); // not in the vocabulary
  });

  it('accepts the graveyard and LP state triggers with their count, and refuses them without (801.4.6; R100)', () => {
    for (const when of ['your-graveyard-at-least', 'your-life-at-most']) {
      expect(NovaCardSchema.safeParse(servant([{ kind: 'triggered', when, count: 5, effects: [draw] }])).success).toBe(
        true,
      );
      expect(NovaCardSchema.safeParse(servant([{ kind: 'triggered', when, effects: [draw] }])).success).toBe(false);
    }
  });

  it('accepts state triggers on any count of cards, with their count and what they count (801.4.6.1.1; R113)', () => {
    const on = (when: string, extra: object) => servant([{ kind: 'triggered', when, effects: [draw], ...extra }]);
    for (const when of ['count-at-least', 'count-at-most'])
      for (const of of ['your-hand', 'opponents-servants', 'your-main-deck', 'opponents-graveyard']) {
        expect(NovaCardSchema.safeParse(on(when, { of, count: 2 })).success).toBe(true);
        expect(NovaCardSchema.safeParse(on(when, { of })).success).toBe(false); // no count
      }
    expect(NovaCardSchema.safeParse(on('count-at-least', { count: 2 })).success).toBe(false); // counts nothing
    expect(NovaCardSchema.safeParse(on('count-at-least', { of: 'chosen-number', count: 2 })).success).toBe(false);
    expect(NovaCardSchema.safeParse(on('your-hand-empty', { of: 'your-hand' })).success).toBe(false);
  });

  it('accepts "at the start of your next turn" with fixed instructions, a target chosen as it is placed (801.4.9; R101, R119)', () => {
    const later = (effects: unknown[]) => spell([{ do: 'at-your-next-turn-start', effects }]);
    expect(NovaCardSchema.safeParse(later([draw, { do: 'gain-life', amount: 100 }])).success).toBe(true);
    const lance = { do: 'damage', amount: 300, to: { what: 'servant', mode: 'target' } };
    expect(NovaCardSchema.safeParse(later([lance])).success).toBe(true); // R119
    const each = { do: 'damage', amount: 300, to: { what: 'servant', mode: 'each' } };
    expect(NovaCardSchema.safeParse(later([each])).success).toBe(false); // a target only
    const counted = { do: 'draw', who: 'you', count: { each: 1, per: 'your-hand' } };
    expect(NovaCardSchema.safeParse(later([counted])).success).toBe(false);
    expect(NovaCardSchema.safeParse(later([])).success).toBe(false);
  });

  it("accepts delayed triggers at the next phase of each kind or the opponent's turn (801.4.9; R116, R119)", () => {
    const at = (of: string, effects: unknown[]) => spell([{ do: 'at-next-start', of, effects }]);
    for (const of of ['end-phase', 'attack-phase', 'opponents-turn', 'standby-phase', 'draw-phase', 'main-phase'])
      expect(NovaCardSchema.safeParse(at(of, [draw, { do: 'lose-life', who: 'opponent', amount: 100 }])).success).toBe(
        true,
      );
    const lance = { do: 'damage', amount: 300, to: { what: 'servant', mode: 'target' } };
    expect(NovaCardSchema.safeParse(at('end-phase', [lance])).success).toBe(true); // chosen as it is placed (R119)
    expect(NovaCardSchema.safeParse(at('block-step', [draw])).success).toBe(false);
    expect(NovaCardSchema.safeParse(at('end-phase', [])).success).toBe(false);
  });

  it.each(['your-next-turn', 'end-of-your-next-turn'])(
    'accepts "until %s" on stat, keyword and race changes (R92, R98)',
    (until) => {
      const to = { what: 'servant', mode: 'target' };
      for (const e of [
        { do: 'modify', to: 'self', atk: 100, hp: 0, until },
        { do: 'grant-keyword', to, keyword: 'gale', until },
        { do: 'become-race', to, race: 'Knight', until },
        { do: 'lose-keyword', to, keyword: 'gale', until },
      ])
        expect(NovaCardSchema.safeParse(spell([e])).success).toBe(true);
    },
  );

  it('accepts retiring a target, chosen or each character, and "character" only for retiring (921.1, R120)', () => {
    for (const mode of ['target', 'choose', 'each'])
      expect(NovaCardSchema.safeParse(spell([{ do: 'retire', to: { what: 'character', mode } }])).success).toBe(true);
    expect(NovaCardSchema.safeParse(spell([{ do: 'retire', to: { what: 'servant', mode: 'target' } }])).success).toBe(
      false,
    );
    const destroy = { do: 'destroy', to: { what: 'character', mode: 'target' } };
    expect(NovaCardSchema.safeParse(spell([destroy])).success).toBe(false);
  });

  it('accepts "each servant" on the instructions that act on every match, and refuses it elsewhere (R93)', () => {
    const each = { what: 'servant', side: 'opponents', mode: 'each', state: 'standby' };
    for (const e of [
      { do: 'freeze', to: each },
      { do: 'make-standby', to: each },
      { do: 'send-to-graveyard', to: each },
      { do: 'destroy', to: each },
      { do: 'exile', to: each },
      { do: 'modify', to: each, atk: 100, hp: 0, until: 'end-of-turn' },
      { do: 'grant-keyword', to: each, keyword: 'gale', until: 'end-of-turn' },
      // R118: control, counters and damage by `damage`.
      { do: 'gain-control', to: each, until: 'end-of-turn' },
      { do: 'add-counter', counter: '+100/+100', count: 1, atk: 100, hp: 100, to: each },
      { do: 'damage', amount: { each: 100, per: 'your-hand' }, to: each },
    ])
      expect(NovaCardSchema.safeParse(spell([e])).success).toBe(true);
    for (const e of [
      { do: 'move-counters', counter: 'x', count: 1, to: each },
      { do: 'add-counter', counter: 'x', count: 1, to: { ...each, mode: 'target' } }, // this card or each (R118)
      { do: 'damage', amount: 100, to: { ...each, what: 'servant-or-player' } }, // only servants (damage-each has players)
      { do: 'freeze', to: { ...each, upTo: 2 } }, // "each" with "up to"
      { do: 'freeze', to: { ...each, what: 'servant-or-player' } }, // only servants
      { do: 'negate', to: { what: 'waiting-item', mode: 'each' } },
    ])
      expect(NovaCardSchema.safeParse(spell([e])).success).toBe(false);
  });

  it('accepts becoming a keyword, on a target or on this servant (918.1, R114)', () => {
    const become = (to: unknown) => spell([{ do: 'become-keyword', to, keyword: 'pierce', until: 'end-of-turn' }]);
    expect(NovaCardSchema.safeParse(become({ what: 'servant', mode: 'target' })).success).toBe(true);
    expect(NovaCardSchema.safeParse(become('self')).success).toBe(true);
    expect(NovaCardSchema.safeParse(become({ what: 'servant', mode: 'each' })).success).toBe(false); // R93's list
    const flying = { do: 'become-keyword', to: 'self', keyword: 'flying', until: 'end-of-turn' };
    expect(NovaCardSchema.safeParse(spell([flying])).success).toBe(false); // not a NOVA keyword
  });

  it('accepts losing every race (918.1-918.3, R95)', () => {
    const to = { what: 'servant', mode: 'target' };
    expect(NovaCardSchema.safeParse(spell([{ do: 'lose-races', to, until: 'end-of-turn' }])).success).toBe(true);
    expect(NovaCardSchema.safeParse(spell([{ do: 'lose-races', to }])).success).toBe(false); // a duration is needed
    const each = { what: 'servant', mode: 'each' };
    expect(NovaCardSchema.safeParse(spell([{ do: 'lose-races', to: each, until: 'end-of-turn' }])).success).toBe(false); // not an "each" instruction (R93)
  });

  it('accepts a servant replacing its own destruction, and refuses it on other cards (802.1.3.1.1, R96)', () => {
    for (const instead of ['exile', 'send-to-graveyard'])
      expect(NovaCardSchema.safeParse(servant([{ kind: 'destruction-replacement', instead }])).success).toBe(true);
    const item = {
      ...spell([]),
      type: 'magic-item',
      abilities: [{ kind: 'destruction-replacement', instead: 'exile' }],
    };
    expect(NovaCardSchema.safeParse(item).success).toBe(false);
  });

  it('accepts a servant sending its allies to the graveyard or the exclusion zone instead of destruction (802.1.3.1.1, R107, R109)', () => {
    const guard = (instead: string) => ({ kind: 'ally-destruction-replacement', instead });
    expect(NovaCardSchema.safeParse(servant([guard('send-to-graveyard')])).success).toBe(true);
    expect(NovaCardSchema.safeParse(servant([guard('exile')])).success).toBe(true); // 802.1.3.3.1: the controller orders
    expect(NovaCardSchema.safeParse(servant([guard('hand')])).success).toBe(false);
    const item = { ...spell([]), type: 'magic-item', abilities: [guard('send-to-graveyard')] };
    expect(NovaCardSchema.safeParse(item).success).toBe(false);
  });

  it('accepts optional destruction replacements with their "if you do", only where it can happen (802.1.3.1.3, R109)', () => {
    const optional = (protects: string, instead: string, ifYouDo: unknown) => ({
      kind: 'optional-destruction-replacement',
      protects,
      instead,
      ifYouDo,
    });
    const life = { do: 'gain-life', amount: 300 };
    const toughen = { do: 'toughen', hp: 300 };
    expect(NovaCardSchema.safeParse(servant([optional('this', 'exile-it', life)])).success).toBe(true);
    expect(
      NovaCardSchema.safeParse(servant([optional('another-ally', 'send-self-to-graveyard', toughen)])).success,
    ).toBe(true);
    // +0/+N for a servant that has left the field would do nothing.
    expect(NovaCardSchema.safeParse(servant([optional('this', 'exile-it', toughen)])).success).toBe(false);
    expect(NovaCardSchema.safeParse(servant([optional('another-ally', 'exile-it', toughen)])).success).toBe(false);
    // 802.1.3.1.3: the form has an "if you do".
    expect(NovaCardSchema.safeParse(servant([optional('this', 'exile-it', undefined)])).success).toBe(false);
    const item = { ...spell([]), type: 'magic-item', abilities: [optional('this', 'exile-it', life)] };
    expect(NovaCardSchema.safeParse(item).success).toBe(false);
  });

  it('accepts "discard 1 to 3 cards" as an activated ability\'s cost, not on energy abilities (902.3, R97, R102)', () => {
    expect(NovaCardSchema.safeParse(servant([withCost({ freezeSelf: true, discard: 1 })])).success).toBe(true);
    expect(NovaCardSchema.safeParse(servant([withCost({ discard: 2 })])).success).toBe(true);
    expect(NovaCardSchema.safeParse(servant([withCost({ discard: 4 })])).success).toBe(false);
    expect(NovaCardSchema.safeParse(servant([withCost({ discard: 0 })])).success).toBe(false);
    expect(NovaCardSchema.safeParse(servant([withCost({ discard: 1 }, true)])).success).toBe(false);
  });

  it('accepts putting this card into the exclusion zone as a cost, not with another move cost (902.1, 306, R106)', () => {
    expect(NovaCardSchema.safeParse(servant([withCost({ exileSelf: true })])).success).toBe(true);
    expect(NovaCardSchema.safeParse(servant([withCost({ exileSelf: true, freezeSelf: true })])).success).toBe(true);
    const both = withCost({ exileSelf: true, sendSelfToGraveyard: true });
    expect(NovaCardSchema.safeParse(servant([both])).success).toBe(false);
    // Hand cards into the exclusion zone are a cost of their own (R115), tested below.
    expect(NovaCardSchema.safeParse(servant([withCost({ exileSelf: true, exileFromHand: 1 })])).success).toBe(true);
  });

  it('accepts putting 1 to 3 cards from your graveyard into the exclusion zone as a cost, not on energy abilities (902.1, R110)', () => {
    expect(NovaCardSchema.safeParse(servant([withCost({ exileFromGraveyard: 1 })])).success).toBe(true);
    expect(
      NovaCardSchema.safeParse(servant([withCost({ freezeSelf: true, exileFromGraveyard: 3, discard: 1 })])).success,
    ).toBe(true);
    expect(NovaCardSchema.safeParse(servant([withCost({ exileFromGraveyard: 0 })])).success).toBe(false);
    expect(NovaCardSchema.safeParse(servant([withCost({ exileFromGraveyard: 4 })])).success).toBe(false);
    expect(NovaCardSchema.safeParse(servant([withCost({ exileFromGraveyard: 1 }, true)])).success).toBe(false);
  });

  it('accepts putting 1 to 3 hand cards into the exclusion zone as a cost, with a discard too, not on energy abilities (902.1, R115, R121)', () => {
    expect(NovaCardSchema.safeParse(servant([withCost({ exileFromHand: 1 })])).success).toBe(true);
    expect(
      NovaCardSchema.safeParse(servant([withCost({ freezeSelf: true, exileFromHand: 3, exileFromGraveyard: 1 })]))
        .success,
    ).toBe(true);
    expect(NovaCardSchema.safeParse(servant([withCost({ exileFromHand: 0 })])).success).toBe(false);
    expect(NovaCardSchema.safeParse(servant([withCost({ exileFromHand: 4 })])).success).toBe(false);
    expect(NovaCardSchema.safeParse(servant([withCost({ exileFromHand: 1, discard: 1 })])).success).toBe(true); // R121
    expect(NovaCardSchema.safeParse(servant([withCost({ exileFromHand: 1 }, true)])).success).toBe(false);
  });

  it('accepts reveal and shuffle instructions (910, 920)', () => {
    expect(NovaCardSchema.safeParse(spell([{ do: 'reveal-top', take: 'servant' }])).success).toBe(true);
    expect(NovaCardSchema.safeParse(spell([{ do: 'shuffle-deck' }])).success).toBe(true);
    // NOVA 910.2: only a hidden card can be revealed; a card type the engine does not know is refused.
    expect(NovaCardSchema.safeParse(spell([{ do: 'reveal-top', take: 'character' }])).success).toBe(false);
  });

  it('accepts an optional draw replacement (802.1.3.1.3, 905.7)', () => {
    const replacement = { kind: 'optional-draw-replacement', mill: 2, thenDraw: 1 };
    expect(NovaCardSchema.safeParse(servant([replacement])).success).toBe(true);
  });

  it('accepts a mandatory draw replacement (802.1.3.1.1, 905.7, R105)', () => {
    const replacement = { kind: 'draw-replacement', mill: 1, thenDraw: 1 };
    expect(NovaCardSchema.safeParse(servant([replacement])).success).toBe(true);
  });

  it('accepts a discard instruction with a fixed or a counted count, and counted stat changes (911, 004.6)', () => {
    expect(NovaCardSchema.safeParse(spell([{ do: 'discard', who: 'each-player', count: 1 }])).success).toBe(true);
    const counted = { do: 'discard', who: 'opponent', count: { each: 1, per: 'your-servants' } };
    expect(NovaCardSchema.safeParse(spell([counted])).success).toBe(true);
    const chosen = { do: 'discard', who: 'opponent', count: { each: 1, per: 'chosen-number' } };
    expect(NovaCardSchema.safeParse(spell([chosen])).success).toBe(false); // 004.7: no number chosen before it
    const modify = { do: 'modify', to: 'self', atk: 100, hp: 0, until: 'end-of-turn', per: 'your-graveyard' };
    expect(NovaCardSchema.safeParse(spell([modify])).success).toBe(true);
    expect(NovaCardSchema.safeParse(spell([{ ...modify, per: 'chosen-number' }])).success).toBe(false);
    expect(NovaCardSchema.safeParse(spell([{ ...modify, per: 'your-deck' }])).success).toBe(false);
  });

  it('accepts a chosen number and amounts counted on resolution (004.6, 004.7)', () => {
    const chosen = { each: 100, per: 'chosen-number' };
    expect(
      NovaCardSchema.safeParse(
        spell([
          { do: 'choose-number', max: 3 },
          { do: 'lose-life', who: 'you', amount: chosen },
        ]),
      ).success,
    ).toBe(true);
    expect(
      NovaCardSchema.safeParse(
        spell([{ do: 'draw', who: 'you', count: { each: 1, per: 'opponents-hand', minus: 'your-hand' } }]),
      ).success,
    ).toBe(true);
  });

  it.each([
    [
      '"the chosen number" with no number chosen before it (004.7)',
      [{ do: 'draw', who: 'you', count: { each: 1, per: 'chosen-number' } }],
    ],
    ['a number chosen from a range with no upper end (004.7)', [{ do: 'choose-number' }]],
    ['a negative maximum (004.7: 0 or more)', [{ do: 'choose-number', max: -1 }]],
    [
      'counting something the engine does not count (004.6)',
      [{ do: 'damage', amount: { each: 100, per: 'your-deck' }, to: { what: 'servant', mode: 'target' } }],
    ],
    ['a counted amount of 0 per thing (004.6)', [{ do: 'gain-life', amount: { each: 0, per: 'your-hand' } }]],
  ])('refuses %s', (_what, effects) => {
    expect(NovaCardSchema.safeParse(spell(effects)).success).toBe(false);
  });

  it('refuses a card-written delayed instruction (801.4.9)', () => {
    expect(NovaCardSchema.safeParse(spell([{ do: 'put-onto-owners-field' }])).success).toBe(false);
  });
});

describe('NOVA optional move replacements (802.1.3.1.3, R123)', () => {
  const replacement = { kind: 'optional-move-replacement', move: 'exile', mill: 2, ifYouDo: { do: 'freeze-self' } };
  it('accepts a servant that replaces its own move', () => {
    expect(NovaCardSchema.safeParse(servant([replacement])).success).toBe(true);
  });
  it('refuses one beside "when it leaves the field" or an energy ability that moves the card', () => {
    const leaves = { kind: 'leaves-field-replacement', to: 'exclusion' };
    expect(NovaCardSchema.safeParse(servant([replacement, leaves])).success).toBe(false);
    const energy = { ...withCost({ exileSelf: true }, true) };
    expect(NovaCardSchema.safeParse(servant([replacement, energy])).success).toBe(false);
    expect(NovaCardSchema.safeParse(servant([{ ...replacement, mill: 0 }])).success).toBe(false);
  });
});
