// The scenario format's own checks fail when the position says otherwise: a format whose expectations always held
// would prove nothing (docs/scenarios.md, NOVA part).
import { describe, expect, it } from 'vitest';
import { parseNovaScenario, runNovaScenario } from '../../src/engine/games/nova/scenario/hooks.ts';

function failures(yaml: string): string[] {
  return runNovaScenario(parseNovaScenario(`rule: format check\ngame: nova\n${yaml}`)).failures;
}

const LEGAL = `{ main: [{ card: Mossback Tortoise, count: 4 }, { card: Ember Whelp, count: 4 }, { card: Dawnguard Recruit, count: 4 }, { card: Tidewatch Sentry, count: 4 }, { card: Barrowmoss Acolyte, count: 4 }, { card: Tuskbreaker Boar, count: 4 }, { card: Cinderpaw Kit, count: 4 }, { card: Rootcaller Druid, count: 4 }, { card: Flare Lance, count: 4 }, { card: Runebound Colossus, count: 4 }] }`;

describe('NOVA scenario format', () => {
  it('a refused step that is accepted fails the scenario, and one that is refused leaves the state as it was', () => {
    expect(
      failures(
        'setup: { p1: { hand: [Ember Whelp], energy: [red, red] } }\nscript:\n  - { player: p1, do: play, card: Ember Whelp, refused: true }',
      ),
    ).toEqual([expect.stringMatching(/expected to be refused but was accepted/)]);
    expect(
      failures(
        'setup: { p1: { hand: [Ember Whelp] } }\nscript:\n  - { player: p1, do: play, card: Ember Whelp, refused: true }\nexpect: { p1: { hand: [Ember Whelp] }, decision: { player: p1, kind: priority } }',
      ),
    ).toEqual([]);
  });

  it('owner, labels, stock and characters played are set as written and checked', () => {
    const setup = `setup:\n  p1:\n    stock: { red: 2 }\n    charactersPlayedThisTurn: 1\n    field: [{ card: Ember Whelp, owner: p2, label: a }, { card: Ember Whelp, label: b }]\n`;
    expect(
      failures(
        `${setup}expect: { p1: { stock: { red: 2 }, charactersPlayedThisTurn: 1 }, cards: [{ card: a, owner: p2, controller: p1 }, { card: b, owner: p1 }] }`,
      ),
    ).toEqual([]);
    expect(failures(`${setup}expect: { cards: [{ card: a, owner: p1 }, { card: b, owner: p2 }] }`)).toHaveLength(2);
  });

  it('a whole action is available only when each of its targets is', () => {
    const setup =
      'setup:\n  phase: attackDeclare\n  p1: { field: [Tuskbreaker Boar] }\n  p2: { field: [Mossback Tortoise] }\nscript:\n  - { player: p1, do: pass }\n  - { player: p2, do: pass }\n';
    expect(
      failures(
        `${setup}expect: { available: { p1: ["attack Tuskbreaker Boar → p2"] }, unavailable: { p1: ["attack Tuskbreaker Boar → Mossback Tortoise"] } }`,
      ),
    ).toEqual([]);
    expect(
      failures(`${setup}expect: { available: { p1: ["attack Tuskbreaker Boar → Mossback Tortoise"] } }`),
    ).toHaveLength(1);
  });

  it('a pre-game scenario reports deck problems by rule and starts a game from legal decks', () => {
    expect(
      failures(
        `pregame: { p1: ${LEGAL}, p2: { main: [Ember Whelp] } }\nexpect: { deckProblems: { p1: [], p2: ["006.1.1"] } }`,
      ),
    ).toEqual([]);
    expect(
      failures(`pregame: { p1: ${LEGAL}, p2: { main: [Ember Whelp] } }\nexpect: { deckProblems: { p2: [] } }`),
    ).toHaveLength(1);
    expect(
      failures(
        `pregame: { p1: ${LEGAL}, p2: ${LEGAL} }\nexpect: { decision: { kind: first-player, player: p1 }, deckProblems: { p1: [], p2: [] } }`,
      ),
    ).toEqual([]);
  });
});
