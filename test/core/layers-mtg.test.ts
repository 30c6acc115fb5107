// CR 613 (2019-01-25) through the kernel fold with MTG's layer list. Each test retells one of the rule's own
// examples, or a classic case the brief asks for, with our own card names; all assert computed characteristics.
import { describe, expect, it } from 'vitest';
import type { World } from '../../src/engine/core/layers.ts';
import {
  counterEffect,
  lockAffected,
  type MtgCharacteristics,
  type MtgEffect,
  type MtgLayerOp,
  mtgCharacteristics,
} from '../../src/engine/games/mtg/layers.ts';

function creature(name: string, power: number, toughness: number, more: Partial<MtgCharacteristics> = {}) {
  const c: MtgCharacteristics = {
    name,
    owner: 'p1',
    controller: 'p1',
    zone: 'battlefield',
    supertypes: [],
    types: ['creature'],
    subtypes: [],
    colors: [],
    abilities: [],
    power,
    toughness,
    ...more,
  };
  return c;
}

function permanent(name: string, types: string[], more: Partial<MtgCharacteristics> = {}): MtgCharacteristics {
  return creature(name, 0, 0, { types, power: null, toughness: null, ...more });
}

/** An effect of a resolved spell or ability on the given objects (locked, CR 611.2c). */
function onObjects(id: string, timestamp: number, objects: string[], ...parts: [string, MtgLayerOp][]): MtgEffect {
  return { id, timestamp, affects: { locked: objects }, parts: parts.map(([layer, op]) => ({ layer, op })) };
}

function pt(world: World<MtgCharacteristics>, id: string): string {
  const c = world[id];
  return `${c?.power}/${c?.toughness}`;
}

function compute(base: World<MtgCharacteristics>, effects: MtgEffect[]) {
  return mtgCharacteristics(base, effects).characteristics;
}

describe('CR 613.3: sublayers 7a-7e', () => {
  const base = { newt: creature('Tidewater Newt', 1, 3) };
  const plusToughness = onObjects('plus-0-1', 1, ['newt'], ['7c', { kind: 'modify-pt', power: 0, toughness: 1 }]);
  const swap = onObjects('swap', 2, ['newt'], ['7e', { kind: 'switch-pt' }]);

  it('a switch applies after modifications, whatever their timestamps (613.3e)', () => {
    expect(pt(compute(base, [plusToughness, swap]), 'newt')).toBe('4/1');
    const plusPower = onObjects('plus-5-0', 3, ['newt'], ['7c', { kind: 'modify-pt', power: 5, toughness: 0 }]);
    // Before the switch it is 6/4; the switch makes it 4/6.
    expect(pt(compute(base, [plusToughness, swap, plusPower]), 'newt')).toBe('4/6');
  });

  it('when the modification ends first, the switch reads the new values', () => {
    expect(pt(compute(base, [swap]), 'newt')).toBe('3/1');
  });

  it('two switches cancel out', () => {
    const swapAgain = onObjects('swap-2', 3, ['newt'], ['7e', { kind: 'switch-pt' }]);
    expect(pt(compute(base, [plusToughness, swap, swapAgain]), 'newt')).toBe('1/4');
  });
});

describe('CR 613.4: layers apply continuously, in order', () => {
  const banner: MtgEffect = {
    id: 'banner',
    timestamp: 1,
    source: { object: 'banner', ability: 'white-anthem' },
    affects: { filter: { types: ['creature'], colors: ['W'], controller: { sameAs: 'banner' } } },
    parts: [{ layer: '7c', op: { kind: 'modify-pt', power: 1, toughness: 1 } }],
  };
  const base = {
    banner: permanent('Banner of the Dawn', ['enchantment'], { abilities: ['white-anthem'] }),
    brute: creature('Marsh Brute', 2, 2, { colors: ['B'] }),
  };

  it('a colour change (layer 5) decides whether a white anthem (7c) applies', () => {
    expect(pt(compute(base, [banner]), 'brute')).toBe('2/2');
    const whiten = onObjects('whiten', 2, ['brute'], ['5', { kind: 'set-colors', colors: ['W'] }]);
    expect(pt(compute(base, [banner, whiten]), 'brute')).toBe('3/3');
    const redden = onObjects('redden', 3, ['brute'], ['5', { kind: 'set-colors', colors: ['R'] }]);
    const after = compute(base, [banner, whiten, redden]);
    expect(after.brute?.colors).toEqual(['R']);
    expect(pt(after, 'brute')).toBe('2/2');
  });

  it('7b sets, then 7c modifies, then 7d counters: 0/1 +4/+4 +0/+2 +1/+1 is 5/8', () => {
    const hill = { hill: creature('Hillside Brute', 2, 2), wall: permanent('Rampart Hymn', ['enchantment']) };
    const counter = counterEffect('hill', 1, 0);
    expect(pt(compute(hill, [counter]), 'hill')).toBe('3/3');
    const pump = onObjects('pump', 1, ['hill'], ['7c', { kind: 'modify-pt', power: 4, toughness: 4 }]);
    expect(pt(compute(hill, [counter, pump]), 'hill')).toBe('7/7');
    const hymn: MtgEffect = {
      id: 'hymn',
      timestamp: 2,
      affects: { filter: { types: ['creature'], controller: 'p1' } },
      parts: [{ layer: '7c', op: { kind: 'modify-pt', power: 0, toughness: 2 } }],
    };
    expect(pt(compute(hill, [counter, pump, hymn]), 'hill')).toBe('7/9');
    const shrink = onObjects('shrink', 3, ['hill'], ['7b', { kind: 'set-pt', power: 0, toughness: 1 }]);
    const result = mtgCharacteristics(hill, [counter, pump, hymn, shrink]);
    expect(pt(result.characteristics, 'hill')).toBe('5/8');
    expect(result.applied.map((a) => `${a.layer}:${a.effect}`)).toEqual([
      '7b:shrink',
      '7c:pump',
      '7c:hymn',
      '7d:counters:hill',
    ]);
  });
});

describe('CR 613.5: one effect, several layers', () => {
  it('"+1/+1 and becomes the colour you choose" applies its colour in layer 5 and its P/T in 7c', () => {
    const base = { pup: creature('Stray Pup', 1, 1, { colors: ['R'] }) };
    const both = onObjects(
      'paint',
      1,
      ['pup'],
      ['7c', { kind: 'modify-pt', power: 1, toughness: 1 }],
      ['5', { kind: 'set-colors', colors: ['G'] }],
    );
    const result = mtgCharacteristics(base, [both]);
    expect(result.characteristics.pup?.colors).toEqual(['G']);
    expect(pt(result.characteristics, 'pup')).toBe('2/2');
    expect(result.applied).toEqual([
      { layer: '5', effect: 'paint' },
      { layer: '7c', effect: 'paint' },
    ]);
  });

  it('"gain control and it gains haste" is a layer-2 part and a layer-6 part', () => {
    const base = { knight: creature('Borrowed Knight', 2, 2, { owner: 'p2', controller: 'p2' }) };
    const steal = onObjects(
      'steal',
      1,
      ['knight'],
      ['2', { kind: 'control', controller: 'p1' }],
      ['6', { kind: 'add-abilities', abilities: ['haste'] }],
    );
    const knight = compute(base, [steal]).knight;
    expect(knight?.controller).toBe('p1');
    expect(knight?.abilities).toEqual(['haste']);
  });

  it('"noncreature artifacts become 2/2 artifact creatures" sets P/T on the same objects after they became creatures', () => {
    const base = {
      idol: permanent('Brass Idol', ['artifact']),
      golem: creature('Cog Golem', 4, 4, { types: ['artifact', 'creature'] }),
    };
    // A static version: its filter no longer matches the idol in layer 7b, yet the P/T part still applies to it.
    const awaken: MtgEffect = {
      id: 'awaken',
      timestamp: 1,
      affects: { filter: { types: ['artifact'], notTypes: ['creature'] } },
      parts: [
        { layer: '4', op: { kind: 'add-types', types: ['creature'] } },
        { layer: '7b', op: { kind: 'set-pt', power: 2, toughness: 2 } },
      ],
    };
    const world = compute(base, [awaken]);
    expect(world.idol?.types).toEqual(['artifact', 'creature']);
    expect(pt(world, 'idol')).toBe('2/2');
    expect(pt(world, 'golem')).toBe('4/4');
  });

  it('a land animated three times: the latest P/T-setting effect wins, its count follows the graveyard', () => {
    const graveyard = (n: number): Record<string, MtgCharacteristics> =>
      Object.fromEntries(
        Array.from({ length: n }, (_, i) => [`dead${i}`, creature(`Fallen ${i}`, 1, 1, { zone: 'graveyard' })]),
      );
    const hollow = permanent('Mossgrave Hollow', ['land'], { supertypes: ['legendary'] });
    const rouse = onObjects(
      'rouse',
      1,
      ['hollow'],
      ['4', { kind: 'add-types', types: ['creature'] }],
      ['7b', { kind: 'set-pt', power: 3, toughness: 3 }],
    );
    const pump = onObjects('pump', 2, ['hollow'], ['7c', { kind: 'modify-pt', power: 1, toughness: 1 }]);
    expect(pt(compute({ hollow, ...graveyard(10) }, [rouse, pump]), 'hollow')).toBe('4/4');
    // Its own ability: a black and green Plant Zombie creature, P/T equal to creature cards in its owner's graveyard.
    const selfAnimate = onObjects(
      'self-animate',
      3,
      ['hollow'],
      ['4', { kind: 'add-types', types: ['creature'], subtypes: ['Plant', 'Zombie'] }],
      ['5', { kind: 'set-colors', colors: ['B', 'G'] }],
      [
        '7b',
        {
          kind: 'set-pt-count',
          count: { zone: 'graveyard', types: ['creature'], owner: { sameAs: 'hollow' } },
        },
      ],
    );
    const ten = compute({ hollow, ...graveyard(10) }, [rouse, pump, selfAnimate]);
    expect(pt(ten, 'hollow')).toBe('11/11');
    expect(ten.hollow?.colors).toEqual(['B', 'G']);
    expect(ten.hollow?.types).toEqual(['land', 'creature']);
    expect(pt(compute({ hollow, ...graveyard(12) }, [rouse, pump, selfAnimate]), 'hollow')).toBe('13/13');
    const rouseAgain = onObjects('rouse-2', 4, ['hollow'], ['7b', { kind: 'set-pt', power: 3, toughness: 3 }]);
    expect(pt(compute({ hollow, ...graveyard(10) }, [rouse, pump, selfAnimate, rouseAgain]), 'hollow')).toBe('4/4');
  });
});

describe('CR 613.6 and 613.8: timestamp order when nothing depends', () => {
  const base = { hawk: creature('Reed Hawk', 1, 1) };
  const wings = onObjects('wings', 1, ['hawk'], ['6', { kind: 'add-abilities', abilities: ['flying'] }]);
  const clip = onObjects('clip', 2, ['hawk'], ['6', { kind: 'remove-abilities', abilities: ['flying'] }]);

  it('"has flying" and "loses flying" do not depend on each other: the later one wins', () => {
    expect(compute(base, [wings, clip]).hawk?.abilities).toEqual([]);
    expect(compute(base, [{ ...wings, timestamp: 3 }, clip]).hawk?.abilities).toEqual(['flying']);
  });

  it('"enchanted creature is white" (layer 5) always feeds "white creatures get +1/+1" (7c)', () => {
    const anthem: MtgEffect = {
      id: 'anthem',
      timestamp: 1,
      affects: { filter: { types: ['creature'], colors: ['W'] } },
      parts: [{ layer: '7c', op: { kind: 'modify-pt', power: 1, toughness: 1 } }],
    };
    const paint: MtgEffect = {
      id: 'paint',
      timestamp: 2,
      affects: { locked: ['hawk'] },
      parts: [{ layer: '5', op: { kind: 'set-colors', colors: ['W'] } }],
    };
    expect(pt(compute(base, [anthem, paint]), 'hawk')).toBe('2/2');
  });
});

describe('CR 613.7: dependency', () => {
  it('a type change that removes an ability (305.7) applies before the type change that ability makes', () => {
    // Gloomfen Spire (a nonbasic land) says "each land is a Swamp in addition"; Crimson Eclipse, later, says
    // "nonbasic lands are Mountains", which takes the Spire's ability away: the Spire's effect depends on it.
    const base = {
      spire: permanent('Gloomfen Spire', ['land'], { supertypes: ['legendary'], abilities: ['all-swamps'] }),
      forest: permanent('Forest', ['land'], { supertypes: ['basic'], subtypes: ['Forest'], abilities: ['mana:G'] }),
      eclipse: permanent('Crimson Eclipse', ['enchantment'], { abilities: ['nonbasic-mountains'] }),
    };
    const swamps: MtgEffect = {
      id: 'swamps',
      timestamp: 1,
      source: { object: 'spire', ability: 'all-swamps' },
      affects: { filter: { types: ['land'] } },
      parts: [{ layer: '4', op: { kind: 'add-types', subtypes: ['Swamp'] } }],
    };
    const mountains: MtgEffect = {
      id: 'mountains',
      timestamp: 2,
      source: { object: 'eclipse', ability: 'nonbasic-mountains' },
      affects: { filter: { types: ['land'], notSupertypes: ['basic'] } },
      parts: [{ layer: '4', op: { kind: 'set-land-type', landType: 'Mountain' } }],
    };
    const result = mtgCharacteristics(base, [swamps, mountains]);
    expect(result.characteristics.forest?.subtypes).toEqual(['Forest']);
    expect(result.characteristics.spire?.subtypes).toEqual(['Mountain']);
    expect(result.characteristics.spire?.abilities).toEqual(['mana:R']);
    expect(result.applied).toEqual([{ layer: '4', effect: 'mountains' }]);
  });

  it('a type change waits for the type change that changes what it applies to; the new creature gains flying', () => {
    // Foundry Decree (earlier): artifacts are creatures too. Gilded Acre (later, an Aura): enchanted land is an
    // artifact. Skyward Banner: creatures have flying (layer 6, after every type change).
    const base = { acre: permanent('Quiet Meadow', ['land']) };
    const decree: MtgEffect = {
      id: 'decree',
      timestamp: 1,
      affects: { filter: { types: ['artifact'] } },
      parts: [
        { layer: '4', op: { kind: 'add-types', types: ['creature'] } },
        { layer: '7b', op: { kind: 'set-pt', power: 1, toughness: 1 } },
      ],
    };
    const gild: MtgEffect = {
      id: 'gild',
      timestamp: 2,
      affects: { locked: ['acre'] },
      parts: [{ layer: '4', op: { kind: 'add-types', types: ['artifact'] } }],
    };
    const banner: MtgEffect = {
      id: 'banner',
      timestamp: 0,
      affects: { filter: { types: ['creature'] } },
      parts: [{ layer: '6', op: { kind: 'add-abilities', abilities: ['flying'] } }],
    };
    const result = mtgCharacteristics(base, [decree, gild, banner]);
    expect(result.characteristics.acre?.types).toEqual(['land', 'artifact', 'creature']);
    expect(result.characteristics.acre?.abilities).toEqual(['flying']);
    expect(pt(result.characteristics, 'acre')).toBe('1/1');
    expect(result.applied.slice(0, 2)).toEqual([
      { layer: '4', effect: 'gild' },
      { layer: '4', effect: 'decree' },
    ]);
  });

  it('a copy effect waits for a copy effect that changes what it copies (what it does, 613.7a)', () => {
    const base = {
      bear: creature('Stone Bear', 2, 2, { colors: ['G'] }),
      serpent: creature('Sky Serpent', 4, 4, { colors: ['U'], abilities: ['flying'] }),
      mirror: creature('Mirror Idol', 0, 0),
    };
    const mirrorCopiesBear = onObjects('mirror-copies-bear', 1, ['mirror'], ['1', { kind: 'copy', of: 'bear' }]);
    const bearCopiesSerpent = onObjects('bear-copies-serpent', 2, ['bear'], ['1', { kind: 'copy', of: 'serpent' }]);
    const result = mtgCharacteristics(base, [mirrorCopiesBear, bearCopiesSerpent]);
    expect(result.characteristics.mirror?.name).toBe('Sky Serpent');
    expect(result.characteristics.mirror?.abilities).toEqual(['flying']);
    expect(pt(result.characteristics, 'mirror')).toBe('4/4');
    expect(result.characteristics.bear?.name).toBe('Sky Serpent');
  });

  it('a dependency loop applies in timestamp order, and an effect depending on the loop waits for it (613.7b)', () => {
    const base = {
      grove: permanent('Forest', ['land'], { supertypes: ['basic'], subtypes: ['Forest'] }),
      bay: permanent('Island', ['land'], { supertypes: ['basic'], subtypes: ['Island'] }),
    };
    const toIslands = (timestamp: number): MtgEffect => ({
      id: 'forests-to-islands',
      timestamp,
      affects: { filter: { subtypes: ['Forest'] } },
      parts: [{ layer: '4', op: { kind: 'set-land-type', landType: 'Island' } }],
    });
    const toForests = (timestamp: number): MtgEffect => ({
      id: 'islands-to-forests',
      timestamp,
      affects: { filter: { subtypes: ['Island'] } },
      parts: [{ layer: '4', op: { kind: 'set-land-type', landType: 'Forest' } }],
    });
    // Earliest of all, but it depends on both: which objects are Islands is what the loop decides.
    const islandsAreArtifacts: MtgEffect = {
      id: 'islands-artifacts',
      timestamp: 0,
      affects: { filter: { subtypes: ['Island'] } },
      parts: [{ layer: '4', op: { kind: 'add-types', types: ['artifact'] } }],
    };
    const forestsLast = mtgCharacteristics(base, [toIslands(1), toForests(2), islandsAreArtifacts]);
    expect(forestsLast.characteristics.grove?.subtypes).toEqual(['Forest']);
    expect(forestsLast.characteristics.bay?.subtypes).toEqual(['Forest']);
    expect(forestsLast.characteristics.bay?.types).toEqual(['land']);
    expect(forestsLast.applied.map((a) => a.effect)).toEqual([
      'forests-to-islands',
      'islands-to-forests',
      'islands-artifacts',
    ]);
    const islandsLast = compute(base, [toIslands(2), toForests(1), islandsAreArtifacts]);
    expect(islandsLast.grove?.subtypes).toEqual(['Island']);
    expect(islandsLast.grove?.types).toEqual(['land', 'artifact']);
    expect(islandsLast.bay?.types).toEqual(['land', 'artifact']);
  });
});

describe('CR 613.2 and 604.3: characteristic-defining abilities', () => {
  it('a colour CDA applies before an earlier colour change', () => {
    const base = { courier: creature('Prism Courier', 2, 2) };
    const allColours: MtgEffect = {
      id: 'courier-cda',
      timestamp: 5,
      cda: true,
      affects: { locked: ['courier'] },
      parts: [{ layer: '5', op: { kind: 'set-colors', colors: ['W', 'U', 'B', 'R', 'G'] } }],
    };
    const blue = onObjects('blue', 1, ['courier'], ['5', { kind: 'set-colors', colors: ['U'] }]);
    expect(compute(base, [blue, allColours]).courier?.colors).toEqual(['U']);
    expect(compute(base, [allColours]).courier?.colors).toEqual(['W', 'U', 'B', 'R', 'G']);
  });

  it('a P/T CDA (7a) works in every zone and comes before modifications', () => {
    const cdaFor = (id: string): MtgEffect => ({
      id: `${id}-cda`,
      timestamp: 9,
      cda: true,
      affects: { locked: [id] },
      parts: [
        { layer: '7a', op: { kind: 'set-pt-count', count: { zone: 'graveyard', types: ['creature'], owner: 'p1' } } },
      ],
    });
    const base = {
      colossus: creature('Barrow Colossus', 0, 0),
      spare: creature('Barrow Colossus', 0, 0, { zone: 'hand' }),
      a: creature('Fallen A', 1, 1, { zone: 'graveyard' }),
      b: creature('Fallen B', 1, 1, { zone: 'graveyard' }),
      c: permanent('Spent Rite', ['sorcery'], { zone: 'graveyard' }),
    };
    const pump = onObjects('pump', 1, ['colossus'], ['7c', { kind: 'modify-pt', power: 1, toughness: 1 }]);
    const world = compute(base, [pump, cdaFor('colossus'), cdaFor('spare')]);
    expect(pt(world, 'colossus')).toBe('3/3');
    expect(pt(world, 'spare')).toBe('2/2');
  });
});

describe('CR 611.2c: locked sets and re-evaluated sets', () => {
  it('a resolved "white creatures get +1/+1" keeps its creatures; a static one follows the colours', () => {
    const base: Record<string, MtgCharacteristics> = {
      dove: creature('Chapel Dove', 1, 1, { colors: ['W'] }),
      crow: creature('Ash Crow', 1, 1, { colors: ['B'] }),
      banner: permanent('Banner of the Dawn', ['enchantment'], { abilities: ['white-anthem'] }),
    };
    const whiteCreatures = { types: ['creature'], colors: ['W' as const] };
    const rally = lockAffected(
      {
        id: 'rally',
        timestamp: 3,
        affects: { filter: whiteCreatures },
        parts: [{ layer: '7c', op: { kind: 'modify-pt', power: 1, toughness: 1 } }],
      },
      compute(base, []),
    );
    expect(rally.affects).toEqual({ locked: ['dove'] });
    const banner: MtgEffect = {
      id: 'banner',
      timestamp: 1,
      source: { object: 'banner', ability: 'white-anthem' },
      affects: { filter: whiteCreatures },
      parts: [{ layer: '7c', op: { kind: 'modify-pt', power: 1, toughness: 1 } }],
    };
    expect(pt(compute(base, [banner, rally]), 'dove')).toBe('3/3');
    // Later the crow turns white and the dove red.
    const swap = [
      onObjects('whiten', 4, ['crow'], ['5', { kind: 'set-colors', colors: ['W'] }]),
      onObjects('redden', 5, ['dove'], ['5', { kind: 'set-colors', colors: ['R'] }]),
    ];
    const after = compute(base, [banner, rally, ...swap]);
    expect(pt(after, 'dove')).toBe('2/2');
    expect(pt(after, 'crow')).toBe('2/2');
  });

  it('a static effect whose source loses the ability stops, unless it already started in an earlier layer (613.5)', () => {
    const base = {
      idol: permanent('Brass Idol', ['artifact'], { abilities: ['self-animate'] }),
    };
    const animate: MtgEffect = {
      id: 'animate',
      timestamp: 1,
      source: { object: 'idol', ability: 'self-animate' },
      affects: { locked: ['idol'] },
      parts: [
        { layer: '4', op: { kind: 'add-types', types: ['creature'] } },
        { layer: '7b', op: { kind: 'set-pt', power: 3, toughness: 3 } },
      ],
    };
    const silence = onObjects('silence', 2, ['idol'], ['6', { kind: 'remove-all-abilities' }]);
    const world = compute(base, [animate, silence]);
    expect(world.idol?.abilities).toEqual([]);
    expect(pt(world, 'idol')).toBe('3/3');
  });
});
