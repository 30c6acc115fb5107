// What the page draws, built from the fake Discord's records as one person sees them: only channels they can see,
// only messages they can see (another person's ephemeral never leaves the server), images by a URL that checks
// the same rule.
import type { FakeDiscord } from '../devtools/fake-discord/index.ts';
import { MessageFlag } from '../devtools/fake-discord/messages.ts';
import { ChannelKind, type MessageRecord } from '../devtools/fake-discord/store.ts';
import type { SandboxPerson, SandboxWorld } from './world.ts';

export interface PageChannel {
  id: string;
  name: string;
  kind: 'text' | 'thread' | 'dm';
  parentId: string | null;
  lastMessageId: string | null;
}

export interface PageMessage {
  id: string;
  author: { id: string; name: string; bot: boolean; color: string | null };
  content: string;
  embeds: unknown[];
  components: unknown[];
  attachments: { id: string; filename: string; contentType: string; url: string }[];
  ephemeral: boolean;
  loading: boolean;
  edited: boolean;
  createdAt: number;
  /** "Alice used /duel challenge" above an interaction's reply. */
  command: { user: string; name: string } | null;
}

/** At most this many messages of a channel are drawn (the newest): a long match posts a board each turn. */
const SHOWN_MESSAGES = 150;

export function channelList(discord: FakeDiscord, world: SandboxWorld, who: SandboxPerson): PageChannel[] {
  return discord
    .channelsVisibleTo(who.user.id)
    .filter((c) => c.guildId === world.guild.id || (c.type === ChannelKind.DM && c.recipientId === who.user.id))
    .filter((c) => c.type !== ChannelKind.DM || discord.store.messagesIn(c.id).length > 0)
    .map((c) => ({
      id: c.id,
      name: c.type === ChannelKind.DM ? 'Arbiter (DM)' : (c.name ?? c.id),
      kind: c.type === ChannelKind.DM ? 'dm' : c.parentId ? 'thread' : 'text',
      parentId: c.parentId,
      lastMessageId:
        discord.store
          .messagesIn(c.id)
          .filter((m) => discord.store.canSeeMessage(who.user.id, m))
          .at(-1)?.id ?? null,
    }));
}

export function messageViews(
  discord: FakeDiscord,
  world: SandboxWorld,
  who: SandboxPerson,
  channelId: string,
): PageMessage[] {
  const store = discord.store;
  const channel = store.channels.get(channelId);
  if (!channel || !store.canSeeChannel(who.user.id, channel)) return [];
  return store
    .messagesIn(channelId)
    .filter((m) => store.canSeeMessage(who.user.id, m))
    .slice(-SHOWN_MESSAGES)
    .map((m) => pageMessage(discord, world, who, m));
}

function pageMessage(discord: FakeDiscord, world: SandboxWorld, who: SandboxPerson, m: MessageRecord): PageMessage {
  const store = discord.store;
  const author = store.users.get(m.authorId);
  const person = world.people.find((p) => p.user.id === m.authorId);
  const commandUser = m.interaction ? store.users.get(m.interaction.userId) : undefined;
  return {
    id: m.id,
    author: {
      id: m.authorId,
      name: author?.globalName ?? author?.username ?? 'unknown',
      bot: author?.bot === true,
      color: person?.color ?? null,
    },
    content: m.content,
    embeds: m.embeds,
    components: m.components,
    attachments: m.attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      contentType: a.contentType,
      url: `/files/${m.channelId}/${m.id}/${a.id}/${encodeURIComponent(a.filename)}?as=${who.key}`,
    })),
    ephemeral: m.visibleTo !== null,
    loading: (m.flags & MessageFlag.Loading) !== 0,
    edited: m.editedAt !== null,
    createdAt: m.createdAt,
    command:
      m.interaction && m.interaction.type === 2 && m.interaction.name
        ? { user: commandUser?.globalName ?? commandUser?.username ?? '?', name: m.interaction.name }
        : null,
  };
}
