// `/deck import` against hostile and clumsy input through the bot (issue 25 items 1 and 8, issue 26 item 11): a file
// is checked for size, type and encoding before it is read; one line per distinct problem; unknown cards counted
// apart; invisible names refused; a legal deck is not replaced by an illegal list without asking.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamePrecons } from '../../src/engine/precons.ts';
import { type BotHarness, refreshed, startBotHarness } from './bot-harness.ts';

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

const preconText = () => {
  const precon = gamePrecons('nova')[0];
  if (!precon) throw new Error('no precon');
  return Object.entries(precon.sections)
    .map(([section, cards]) => `[${section}]\n${cards.map((c) => `${c.count} ${c.card}`).join('\n')}`)
    .join('\n');
};
const bytes = (text: string) => new TextEncoder().encode(text);

async function importFile(name: string, file: { filename: string; bytes: Uint8Array; contentType?: string }) {
  const answer = await (await h.alice.slash('deck import', { name, file })).settled(10_000);
  await h.bot.idle();
  return answer;
}

describe('/deck import file:', () => {
  it('refuses a file too large, not text or not UTF-8 before reading it, and saves nothing', async () => {
    const big = `${preconText()}\n${'#'.repeat(2 * 1024 * 1024)}`;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const tooLarge = await importFile('Big', { filename: 'big.txt', bytes: bytes(big), contentType: 'text/plain' });
    delay.disable();
    expect(tooLarge.content).toMatch(/^big\.txt is too large \(2\d{3} KB\): a deck list file is at most 16 KB\.$/);
    expect(delay.max / 1e6).toBeLessThan(1000);

    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x31, 0x20, 0x61]);
    const image = await importFile('Png', { filename: 'deck.png', bytes: png, contentType: 'image/png' });
    expect(image.content).toMatch(/deck\.png is not a text file \(image\/png\)/);
    // A PNG that claims to be text is still not UTF-8.
    const disguised = await importFile('Png', { filename: 'deck.txt', bytes: png, contentType: 'text/plain' });
    expect(disguised.content).toMatch(/deck\.txt is not UTF-8 text/);

    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'[main]\n4 fusebug'].flatMap((c) => [c.charCodeAt(0), 0])]);
    const windows = await importFile('Utf16', { filename: 'list.txt', bytes: utf16, contentType: 'text/plain' });
    expect(windows.content).toMatch(/list\.txt is not UTF-8 text/);
    const latin1 = new Uint8Array([0x31, 0x20, 0x66, 0x75, 0x73, 0xe9, 0x62, 0x75, 0x67]);
    const european = await importFile('Latin', { filename: 'list.txt', bytes: latin1, contentType: 'text/plain' });
    expect(european.content).toMatch(/list\.txt is not UTF-8 text/);

    for (const name of ['Big', 'Png', 'Utf16', 'Latin'])
      expect(h.bot.store.decks.get(h.guild.id, h.alice.id, 'nova', name)).toBeNull();

    // A list that fits is read; a UTF-8 byte order mark is fine.
    const fine = await importFile('Fine', { filename: 'list.txt', bytes: bytes(`\ufeff${preconText()}`) });
    expect(fine.content).toMatch(/^Saved "Fine" \(legal\)/);
  });
});

describe('/deck import answers', () => {
  it('names each distinct problem once and counts unknown cards apart', async () => {
    const answer = await (
      await h.alice.slash('deck import', { name: 'Unknowns', list: `${preconText()}\n3 not-a-real-card` })
    ).settled();
    const lines = answer.content.split('\n');
    expect(lines[0]).toMatch(/^Saved "Unknowns" \(not legal yet\)\. \(main \d+ · character \d+ · 3 unknown\)$/);
    expect(lines.filter((l) => l.includes('not-a-real-card'))).toHaveLength(1);
  });

  it('refuses a name with nothing visible in it and drops invisible characters from names', async () => {
    for (const name of ['\u200b', '\u202e\u200b ']) {
      const answer = await (await h.alice.slash('deck import', { name, list: preconText() })).settled();
      expect(answer.content).toBe('A deck name needs at least one visible letter or digit.');
    }
    const rtl = await (await h.alice.slash('deck import', { name: '\u202eevil', list: preconText() })).settled();
    expect(rtl.content).toMatch(/^Saved "evil" \(legal\)/);
    expect(h.bot.store.decks.list(h.guild.id, h.alice.id, 'nova').map((d) => d.name)).not.toContain('\u202eevil');
  });

  it('does not replace a legal deck with an illegal list without asking', async () => {
    await (await h.alice.slash('deck import', { name: 'Keeper', list: preconText() })).settled();
    const illegal = '4 fusebug';
    const asked = await (await h.alice.slash('deck import', { name: 'Keeper', list: illegal })).settled();
    expect(asked.content).toMatch(/^You already have a deck named "Keeper", and this list is not legal/);
    expect(asked.buttons.map((b) => b.customId)).toEqual(['deck:edit:nova:replace', 'deck:edit:nova']);
    expect(h.bot.store.decks.get(h.guild.id, h.alice.id, 'nova', 'Keeper')?.legal).toBe(true);
    // Nothing is lost: the list comes back as a file.
    expect(new TextDecoder().decode(h.discord.attachmentBytes(asked, 'deck-list.txt'))).toBe(illegal);

    await h.alice.click(asked, 'deck:edit:nova:replace');
    await h.bot.idle();
    const replaced = refreshed(h.alice, asked);
    expect(replaced.content.split('\n')[0]).toMatch(/^Saved "Keeper" \(not legal yet\)/);
    expect(replaced.content).toContain('(This replaced your earlier "Keeper".)');
    expect(h.bot.store.decks.get(h.guild.id, h.alice.id, 'nova', 'Keeper')?.list).toEqual({
      main: ['fusebug', 'fusebug', 'fusebug', 'fusebug'],
    });
  });
});
