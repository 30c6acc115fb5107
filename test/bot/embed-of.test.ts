import { EmbedBuilder } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { embedOf } from '../../src/bot/presenter.ts';

describe('embedOf', () => {
  it('builds the same embed as the setters', () => {
    const fields = [
      { name: 'Ann', value: 'Life 2000 · Hand 5', inline: false },
      { name: 'Log', value: '· p1 passes.' },
    ];
    const viaSetters = new EmbedBuilder()
      .setTitle('NOVA · Ann vs Bo')
      .setDescription('**Turn** 3')
      .addFields(fields)
      .setImage('attachment://board.png');
    const direct = embedOf({
      title: 'NOVA · Ann vs Bo',
      description: '**Turn** 3',
      fields,
      image: 'attachment://board.png',
    });
    expect(direct.toJSON()).toEqual(viaSetters.toJSON());
    expect(JSON.stringify(direct.toJSON())).toBe(JSON.stringify(viaSetters.toJSON()));
    const plain = embedOf({ title: 'Hand · Ann (0)', description: '—' });
    expect(JSON.stringify(plain.toJSON())).toBe(
      JSON.stringify(new EmbedBuilder().setTitle('Hand · Ann (0)').setDescription('—').toJSON()),
    );
  });

  it('refuses what the setters refuse, with their errors', () => {
    const long = 'x'.repeat(257);
    const setterError = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return (error as Error).constructor;
      }
      return null;
    };
    const cases = [
      { title: '', description: 'd' },
      { title: long, description: 'd' },
      { title: 't', description: '' },
      { title: 't', description: 'x'.repeat(4097) },
      { title: 't', description: 'd', fields: [{ name: long, value: 'v' }] },
      { title: 't', description: 'd', fields: [{ name: 'n', value: 'x'.repeat(1025) }] },
      { title: 't', description: 'd', fields: Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' })) },
    ];
    for (const data of cases) {
      const expected = setterError(() => {
        const embed = new EmbedBuilder().setTitle(data.title).setDescription(data.description);
        if (data.fields) embed.addFields(data.fields);
      });
      expect(expected).not.toBeNull();
      expect(setterError(() => embedOf(data))).toBe(expected);
    }
  });
});
