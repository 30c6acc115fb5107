// The smaller differences from Discord (issue 23, item 4), each answered as Discord does.
import { MessageFlags } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

interface Answer {
  id: string;
  type: number;
  code: number;
  flags: number;
  errors: Record<string, unknown>;
}

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; json: Answer }> {
  const response = await fetch(`${h.discord.restUrl}/v10${path}`, {
    method,
    headers: { authorization: `Bot ${h.discord.botToken}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : {}) as Answer };
}

const channel = () => h.guild.channel().id;

describe('strictness', () => {
  it('a thread created without type is private, and creation answers 201', async () => {
    const made = await api('POST', `/channels/${channel()}/threads`, { name: 'no type' });
    expect(made.status).toBe(201);
    expect(made.json.type).toBe(12);
    const pub = await api('POST', `/channels/${channel()}/threads`, { name: 'public', type: 11 });
    expect(pub.json.type).toBe(11);
  });

  it('an edit that empties a message answers 50006', async () => {
    const sent = await api('POST', `/channels/${channel()}/messages`, { content: 'hello' });
    const emptied = await api('PATCH', `/channels/${channel()}/messages/${sent.json.id}`, { content: '' });
    expect(emptied.status).toBe(400);
    expect(emptied.json.code).toBe(50006);
    // Replacing the content with an embed is fine.
    const swapped = await api('PATCH', `/channels/${channel()}/messages/${sent.json.id}`, {
      content: '',
      embeds: [{ title: 'now an embed' }],
    });
    expect(swapped.status).toBe(200);
  });

  it('flags other than SUPPRESS_EMBEDS are ignored on edits', async () => {
    const sent = await api('POST', `/channels/${channel()}/messages`, { content: 'public' });
    const edited = await api('PATCH', `/channels/${channel()}/messages/${sent.json.id}`, {
      content: 'still public',
      flags: MessageFlags.Ephemeral | MessageFlags.SuppressEmbeds,
    });
    expect(edited.json.flags).toBe(MessageFlags.SuppressEmbeds);
    expect(h.bob.read(h.guild.channel())).toContain('still public');
  });

  it('link buttons, select values and allowed_mentions are checked (50035, field named)', async () => {
    const refused = async (body: unknown, field: string) => {
      h.discord.expectRefusal();
      const answer = await api('POST', `/channels/${channel()}/messages`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.code).toBe(50035);
      let node: unknown = answer.json.errors;
      for (const key of field.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
      expect(
        (node as { _errors?: unknown[] } | undefined)?._errors?.length,
        `${field} in ${JSON.stringify(answer.json.errors)}`,
      ).toBeGreaterThan(0);
    };
    const row = (component: unknown) => ({ content: 'x', components: [{ type: 1, components: [component] }] });
    await refused(
      row({ type: 2, style: 5, label: 'Site', url: 'https://example.com', custom_id: 'x' }),
      'components.0.components.0.custom_id',
    );
    await refused(
      row({ type: 2, style: 1, label: 'Go', custom_id: 'go', url: 'https://example.com' }),
      'components.0.components.0.url',
    );
    const options = [
      { label: 'a', value: 'a' },
      { label: 'b', value: 'b' },
    ];
    await refused(
      row({ type: 3, custom_id: 's', options, min_values: 2, max_values: 1 }),
      'components.0.components.0.min_values',
    );
    await refused(row({ type: 3, custom_id: 's', options, max_values: 26 }), 'components.0.components.0.max_values');
    await refused({ content: 'x', allowed_mentions: { parse: ['channels'] } }, 'allowed_mentions.parse.0');
    await refused({ content: 'x', allowed_mentions: { parse: ['users'], users: ['1'] } }, 'allowed_mentions.users');
    await refused({ content: 'x', allowed_mentions: { users: ['ai:easy'] } }, 'allowed_mentions.users.0');
    // The well-formed ones pass.
    const fine = await api('POST', `/channels/${channel()}/messages`, {
      ...row({ type: 2, style: 5, label: 'Site', url: 'https://example.com' }),
      allowed_mentions: { parse: [] },
    });
    expect(fine.status).toBe(200);
  });

  it('with_response on a deferred reply returns no message (only types 4 and 7 do)', async () => {
    let resource: unknown = 'unset';
    h.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const answer = await interaction.deferReply({ withResponse: true });
      resource = answer.resource?.message ?? null;
      await interaction.editReply('done');
    });
    const outcome = await h.alice.slash('ping');
    await outcome.settled();
    await h.idle();
    expect(resource).toBeNull();
  });
});
