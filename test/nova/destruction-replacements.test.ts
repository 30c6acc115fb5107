// Rulings R107, R109: destruction replacements that send a servant to different zones need its controller's choice
// (NOVA 802.1.3.3.1); the destruction waits for it in the destruction frame, and whichever is chosen applies alone.
import { describe, expect, it } from 'vitest';
import { parseNovaScenario, runNovaScenario } from '../../src/engine/games/nova/scenario/hooks.ts';

const scenario = (instead: string, script = '', expectation = EXPECT_GRAVEYARD(instead)) => `rule: R107 check
game: nova
cards:
  - id: test-self-${instead}
    name: { en: Test Self ${instead}, ja: テスト }
    type: servant
    color: black
    cost: { black: 1 }
    atk: 100
    hp: 100
    abilities: [{ kind: destruction-replacement, instead: ${instead} }]
    text: { en: "", ja: "" }
setup:
  p1:
    field: [Cairn Shepherd, Test Self ${instead}]
    hand: ["Headsman's Writ"]
    energy: [black, black, black, black]
script:
  - { player: p1, do: play, card: "Headsman's Writ" }
  - { player: p1, do: target, target: Test Self ${instead} }
  - { player: p1, do: pass }
  - { player: p2, do: pass }
${script}expect:
${expectation}`;

const EXPECT_GRAVEYARD = (instead: string) =>
  `  p1: { field: [Cairn Shepherd], graveyard: [Test Self ${instead}, "Headsman's Writ"] }\n`;

describe('NOVA destruction replacements of one servant (R107)', () => {
  it('applies one when they all send it to the graveyard', () => {
    expect(runNovaScenario(parseNovaScenario(scenario('send-to-graveyard'))).failures).toEqual([]);
  });

  it('asks the controller when they lead to different zones, and applies only the one chosen (802.1.3.3.1)', () => {
    const ask = `  - expect:
      decision: { player: p1, kind: destruction-replacement }
      available: { p1: ["Cairn Shepherd: send Test Self exile to the graveyard", "Test Self exile: put Test Self exile into the exclusion zone"] }
      unavailable: { p1: ["Let it be destroyed"] }
`;
    const toExile = `${ask}  - { player: p1, do: yes, card: Test Self exile }\n`;
    expect(
      runNovaScenario(
        parseNovaScenario(
          scenario(
            'exile',
            toExile,
            `  p1: { field: [Cairn Shepherd], exclusion: [Test Self exile], graveyard: ["Headsman's Writ"] }\n`,
          ),
        ),
      ).failures,
    ).toEqual([]);
    const toGraveyard = `${ask}  - { player: p1, do: yes, card: Cairn Shepherd }\n`;
    expect(runNovaScenario(parseNovaScenario(scenario('exile', toGraveyard))).failures).toEqual([]);
  });
});
