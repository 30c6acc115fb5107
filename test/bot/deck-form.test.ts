// `/deck import` through a form (a modal): shown when no list or file is given, read and validated exactly as the
// text path, every problem named with its line; a refused list comes back (file + "Edit and try again").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamePrecons } from '../../src/engine/precons.ts';
import { type BotHarness, startBotHarness } from './bot-harness.ts';

let h: BotHarness;

beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

type Raw = Record<string, unknown>;
/** The text inputs of a modal: custom_id → the input. */
function inputsOf(modal: Raw | null): Record<string, Raw> {
  const rows = (modal?.components as Raw[] | undefined) ?? [];
  return Object.fromEntries(
    rows.map((row) => {
      const input = (row.components as Raw[])[0] as Raw;
      return [String(input.custom_id), input];
    }),
  );
}

const preconText = () => {
  const precon = gamePrecons('nova')[0];
  if (!precon) throw new Error('no precon');
  return Object.entries(precon.sections)
    .map(([section, cards]) => `[${section}]\n${cards.map((c) => `${c.count} ${c.card}`).join('\n')}`)
    .join('\n');
};

describe('/deck import through a form', () => {
  it('opens a form, saves what is submitted, and answers in the user language', async () => {
    const opened = await h.alice.slash('deck import', {});
    expect(opened.callbackType).toBe(9);
    expect(opened.modal?.title).toBe('Import a NOVA deck');
    const inputs = inputsOf(opened.modal);
    expect(Object.keys(inputs)).toEqual(['name', 'list']);
    expect(inputs.list?.style).toBe(2);
    expect(inputs.list?.max_length).toBe(4000);
    for (const input of Object.values(inputs)) expect(String(input.label).length).toBeLessThanOrEqual(45);

    const submitted = await h.alice.submitModal('deck:import:nova', { name: 'Formed', list: preconText() });
    await h.bot.idle();
    const answer = await submitted.settled();
    expect(answer.ephemeral).toBe(true);
    expect(answer.content).toMatch(/^Saved "Formed" \(legal\)\. \(main \d+ · character \d+\)$/);
    expect(h.bot.store.decks.get(h.guild.id, h.alice.id, 'nova', 'Formed')?.legal).toBe(true);

    // A list without a name: the form, with the list in it.
    const unnamed = await h.alice.slash('deck import', { list: '3 ember-whelp' });
    expect(unnamed.callbackType).toBe(9);
    expect(inputsOf(unnamed.modal).list?.value).toBe('3 ember-whelp');
    expect(inputsOf(unnamed.modal).name?.value).toBeUndefined();

    const ja = await h.bob.slash('deck import', {});
    expect(ja.modal?.title).toBe('NOVAのデッキを読み込む');
    expect(inputsOf(ja.modal).name?.label).toBe('デッキ名');
  });

  it('names each problem with its line, exactly as the text path, and gives a refused list back', async () => {
    const opened = await h.alice.slash('deck import', { name: 'Typos' });
    expect(inputsOf(opened.modal).name?.value).toBe('Typos');
    const unreadable = '3 ember-whelp\n0 fusebug\n\n99 sister-vaela';
    const refused = await (
      await h.alice.submitModal('deck:import:nova', { name: 'Typos', list: unreadable })
    ).settled();
    expect(refused.content.split('\n')).toEqual([
      'Nothing was saved: these lines could not be read.',
      '· line 2 (`0 fusebug`): the number of copies must be 1 to 60',
      '· line 4 (`99 sister-vaela`): the number of copies must be 1 to 60',
    ]);
    expect(h.bot.store.decks.get(h.guild.id, h.alice.id, 'nova', 'Typos')).toBeNull();
    // Nothing is lost: the list as a file, and the form again with it.
    expect(refused.attachments.map((a) => a.filename)).toEqual(['deck-list.txt']);
    expect(new TextDecoder().decode(h.discord.attachmentBytes(refused, 'deck-list.txt'))).toBe(unreadable);
    const again = await h.alice.click(refused, 'deck:edit:nova');
    expect(again.callbackType).toBe(9);
    expect(inputsOf(again.modal).list?.value).toBe(unreadable);
    expect(inputsOf(again.modal).name?.value).toBe('Typos');

    const illegal = '[main]\n3 ember-whelp\n2 no-such-card\n[character]\n1 sister-vaela';
    const viaForm = await (await h.alice.submitModal('deck:import:nova', { name: 'Typos', list: illegal })).settled();
    const lines = viaForm.content.split('\n');
    expect(lines[0]).toBe('Saved "Typos" (not legal yet). (main 3 · character 1 · 2 unknown)');
    expect(lines).toContain('· line 3 (`2 no-such-card`): Unknown card "no-such-card". (006)');
    expect(lines.some((l) => l.startsWith('· line 1 (`[main]`): The main deck has 5 cards'))).toBe(true);
    expect(viaForm.attachments).toEqual([]);
    expect(viaForm.buttons.map((b) => b.customId)).toEqual(['deck:edit:nova']);

    // The same list through the text option gets the same answer
    const viaText = await (await h.alice.slash('deck import', { name: 'Typos', list: illegal })).settled();
    // (and says that it replaced the illegal deck the form saved; a legal one is not replaced without asking).
    expect(viaText.content).toBe(`${viaForm.content}\n(This replaced your earlier "Typos".)`);
  });

  it('warns when a list fills the form (Discord cuts it at 4,000 characters)', async () => {
    await h.alice.slash('deck import', { game: 'nova' });
    const padded = `${preconText()}\n#`.padEnd(4000, '-');
    const answer = await (await h.alice.submitModal('deck:import:nova', { name: 'Long', list: padded })).settled();
    expect(answer.content).toMatch(/4,000 characters long, the most this form holds.*file option/);
    // The draft too long for the form is not offered again in it; the file option takes any length.
    const tooLong = `${preconText()}\n#`.padEnd(4500, '-');
    const viaFile = await (
      await h.alice.slash('deck import', {
        name: 'Long',
        file: { filename: 'l.txt', bytes: new TextEncoder().encode(tooLong) },
      })
    ).settled();
    expect(viaFile.content).toMatch(/^Saved "Long" \(legal\)/);
  });
});
