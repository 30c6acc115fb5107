// The sandbox's Discord: three people in one guild "Sandbox" with #general, kept in a JSON file beside the bot's
// database so that a restart finds the same people (the same user ids the matches were stored with), the match
// threads and their boards. Ephemeral messages are not kept, as in Discord, where they vanish on reload.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type FakeDiscord, FakeGuild, FakeUser } from '../devtools/fake-discord/index.ts';
import type { ChannelRecord, MessageRecord, UserRecord } from '../devtools/fake-discord/store.ts';

export const PEOPLE = [
  { key: 'alice', name: 'Alice', color: '#e67e22' },
  { key: 'bob', name: 'Bob', color: '#3498db' },
  { key: 'carol', name: 'Carol', color: '#9b59b6' },
] as const;

export interface SandboxPerson {
  key: string;
  name: string;
  color: string;
  user: FakeUser;
}

export interface SandboxWorld {
  people: SandboxPerson[];
  guild: FakeGuild;
  general: { channelId: string; id: string };
}

interface SavedWorld {
  version: 1;
  botUserId: string;
  users: UserRecord[];
  guild: { id: string; name: string; ownerId: string; members: { userId: string; joinedAt: number; nick: null }[] };
  channels: (Omit<ChannelRecord, 'threadMemberIds'> & { threadMemberIds: string[] })[];
  messages: (Omit<MessageRecord, 'attachments'> & {
    attachments: { id: string; filename: string; contentType: string; description: string | null; base64: string }[];
  })[];
}

/** Only the newest messages of a channel keep their images in the file (old boards are long out of date). */
const KEPT_IMAGES_PER_CHANNEL = 3;

export function loadWorld(path: string): SavedWorld | null {
  if (!existsSync(path)) return null;
  try {
    const saved = JSON.parse(readFileSync(path, 'utf8')) as SavedWorld;
    return saved.version === 1 ? saved : null;
  } catch {
    return null;
  }
}

/** Creates the people and the guild, or restores them (with their ids) from a saved world. */
export function openWorld(discord: FakeDiscord, saved: SavedWorld | null): SandboxWorld {
  if (saved) {
    try {
      return restore(discord, saved);
    } catch {
      // A damaged file: start a fresh world rather than not at all.
    }
  }
  const users = PEOPLE.map((p) => discord.createUser(p.key, { globalName: p.name }));
  const guild = discord.createGuild('Sandbox', { owner: users[0] as FakeUser, members: users });
  return {
    people: PEOPLE.map((p, i) => ({ ...p, user: users[i] as FakeUser })),
    guild,
    general: guild.channel('general'),
  };
}

function restore(discord: FakeDiscord, saved: SavedWorld): SandboxWorld {
  const store = discord.store;
  // The fake Discord's bot gets a new id each run: the old bot's messages become the new bot's.
  const bot = (id: string) => (id === saved.botUserId ? discord.botUserId : id);
  for (const user of saved.users) store.users.set(user.id, { ...user });
  const members = new Map(saved.guild.members.map((m) => [bot(m.userId), { ...m, userId: bot(m.userId) }]));
  members.set(discord.botUserId, { userId: discord.botUserId, joinedAt: Date.now(), nick: null });
  const guildRecord = {
    id: saved.guild.id,
    name: saved.guild.name,
    ownerId: saved.guild.ownerId,
    members,
    // The bot's managed role is the new bot's (fake-discord/payloads.ts).
    botRoleId: store.ids.next(),
  };
  store.guilds.set(guildRecord.id, guildRecord);
  for (const channel of saved.channels) {
    store.channels.set(channel.id, {
      ...channel,
      ownerId: channel.ownerId === null ? null : bot(channel.ownerId),
      threadMemberIds: new Set(channel.threadMemberIds.map(bot)),
    });
    store.messages.set(channel.id, []);
  }
  for (const message of saved.messages) {
    store.messages.get(message.channelId)?.push({
      ...message,
      authorId: bot(message.authorId),
      webhookId: message.webhookId === null ? null : bot(message.webhookId),
      attachments: message.attachments.map(({ base64, ...a }) => ({ ...a, bytes: Buffer.from(base64, 'base64') })),
    });
  }
  const guild = new FakeGuild(discord, guildRecord);
  const people = PEOPLE.map((p) => {
    const record = saved.users.find((u) => u.username === p.key);
    if (!record) throw new Error(`the saved sandbox has no ${p.key}`);
    const user = new FakeUser(discord, store.user(record.id));
    user.defaultChannelId = guild.channel('general').channelId;
    return { ...p, user };
  });
  return { people, guild, general: guild.channel('general') };
}

export function saveWorld(discord: FakeDiscord, path: string): void {
  const store = discord.store;
  const guild = [...store.guilds.values()].find((g) => g.name === 'Sandbox');
  if (!guild) return;
  const channels = [...store.channels.values()].filter((c) => c.guildId === guild.id);
  const messages: SavedWorld['messages'] = [];
  for (const channel of channels) {
    const kept = store.messagesIn(channel.id).filter((m) => m.visibleTo === null);
    const withImages = kept.filter((m) => m.attachments.length > 0).slice(-KEPT_IMAGES_PER_CHANNEL);
    for (const m of kept) {
      messages.push({
        ...m,
        attachments: withImages.includes(m)
          ? m.attachments.map(({ bytes, ...a }) => ({ ...a, base64: Buffer.from(bytes).toString('base64') }))
          : [],
      });
    }
  }
  const world: SavedWorld = {
    version: 1,
    botUserId: discord.botUserId,
    users: [...guild.members.keys()].map((id) => store.user(id)).filter((u) => !u.bot),
    guild: {
      id: guild.id,
      name: guild.name,
      ownerId: guild.ownerId,
      members: [...guild.members.values()].map((m) => ({ userId: m.userId, joinedAt: m.joinedAt, nick: null })),
    },
    channels: channels.map((c) => ({ ...c, threadMemberIds: [...c.threadMemberIds] })),
    messages,
  };
  mkdirSync(dirname(path), { recursive: true });
  // Written aside and renamed, so a crash mid-write never leaves half a file.
  writeFileSync(`${path}.tmp`, JSON.stringify(world));
  renameSync(`${path}.tmp`, path);
}
