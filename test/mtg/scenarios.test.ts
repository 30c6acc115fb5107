import { describe, expect, it } from 'vitest';
import { loadScenario, runScenario } from '../../src/engine/scenario/runner.ts';
import { scenarioTests } from '../support/scenario-suite.ts';

describe('MTG rule scenarios (test/scenarios/mtg)', () => {
  scenarioTests('mtg');

  it('refuses a bad file with a message naming the problem', () => {
    const unknown = 'rule: x\ngame: mtg\nsetup: { p1: { hand: [Kiln Blot] } }\n';
    expect(() => loadScenario(unknown, 'bad.yaml')).toThrow(/no MTG card named "Kiln Blot"/);
    const typo = 'rule: x\ngame: mtg\nexpect: { p1: { lfe: 3 } }\n';
    expect(() => loadScenario(typo, 'typo.yaml')).toThrow(/expect\.p1.*lfe/s);
    const token = 'rule: x\ngame: mtg\nsetup: { p1: { battlefield: [Dawn Soldier] } }\n';
    expect(() => loadScenario(token, 'token.yaml')).toThrow(/token/);
  });

  it('a failing expectation is reported, not passed', () => {
    const wrong = 'rule: x\ngame: mtg\nsetup: { p1: { life: 7 } }\nexpect: { p1: { life: 20 } }\n';
    expect(runScenario(loadScenario(wrong, 'wrong.yaml')).failures).toEqual(['p1 life: expected 20, got 7']);
  });
});
