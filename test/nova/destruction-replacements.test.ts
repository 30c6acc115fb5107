// Ruling R107: destruction replacements that send a servant to different zones need its controller's choice
// (NOVA 802.1.3.3.1), which the engine does not ask yet; it must refuse by name, never pick one silently.
import { describe, expect, it } from 'vitest';
import { parseNovaScenario, runNovaScenario } from '../../src/engine/games/nova/scenario/hooks.ts';

const scenario = (instead: string) => `rule: R107 check
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
expect:
  p1: { field: [Cairn Shepherd], graveyard: [Test Self ${instead}, "Headsman's Writ"] }
`;

describe('NOVA destruction replacements of one servant (R107)', () => {
  it('applies one when they all send it to the graveyard', () => {
    expect(runNovaScenario(parseNovaScenario(scenario('send-to-graveyard'))).failures).toEqual([]);
  });

  it("refuses by rule number when they lead to different zones (the controller's choice, 802.1.3.3.1)", () => {
    // The runner reports a thrown error as the failure of the step that threw: the Writ resolving.
    expect(runNovaScenario(parseNovaScenario(scenario('exile'))).failures).toEqual([
      expect.stringMatching(/^step 4 .*Unsupported rule 802\.1\.3\.3\.1: /),
    ]);
  });
});
