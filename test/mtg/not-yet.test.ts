/** The digest's stage-B keywords and keyword actions not implemented yet are refused by the card schema, naming the rule. */
import { describe, expect, it } from 'vitest';
import { MtgCardSchema, NOT_YET_SUPPORTED } from '../../src/engine/games/mtg/cards/schema.ts';

const creature = {
  id: 'probe',
  name: { en: 'Probe', ja: 'プローブ' },
  manaCost: ['1'],
  types: ['creature'],
  power: 1,
  toughness: 1,
  text: { en: '', ja: '' },
};
const sorcery = { id: 'probe', name: { en: 'Probe', ja: 'プローブ' }, manaCost: ['1'], types: ['sorcery'] };

function refusal(card: object): string {
  const r = MtgCardSchema.safeParse(card);
  return r.success ? 'accepted' : r.error.issues.map((i) => i.message).join(' | ');
}

describe('stage-B names not implemented yet (digest §6.3)', () => {
  it.each(Object.entries(NOT_YET_SUPPORTED))(
    '%s is refused naming CR %s, as a keyword and as an effect',
    (name, rule) => {
      expect(refusal({ ...creature, keywords: [name] })).toContain(`CR ${rule}`);
      expect(refusal({ ...sorcery, effects: [{ do: name }], text: { en: '', ja: '' } })).toContain(`CR ${rule}`);
    },
  );

  it('an unknown word keeps the schema’s own message (no rule is invented for it)', () => {
    expect(refusal({ ...creature, keywords: ['flyng'] })).toMatch(/expected one of/);
  });
});
