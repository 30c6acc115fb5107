import { MessageFlag } from './messages.ts';
import type { MessageRecord, Store } from './store.ts';

/**
 * A message as a person sees it in the client: text, embed text, buttons, selects and file names.
 * Tests assert on these views (or on their plain-text transcript) rather than on raw JSON.
 */

type Json = Record<string, unknown>;

export interface ButtonView {
  label: string;
  customId: string | null;
  url: string | null;
  style: number;
  disabled: boolean;
}

export interface SelectView {
  customId: string;
  placeholder: string | null;
  options: { label: string; value: string; description: string | null }[];
  disabled: boolean;
}

export interface EmbedView {
  title: string | null;
  description: string | null;
  fields: { name: string; value: string }[];
  footer: string | null;
  image: string | null;
}

export interface MessageView {
  id: string;
  channelId: string;
  author: string;
  content: string;
  embeds: EmbedView[];
  buttons: ButtonView[];
  selects: SelectView[];
  attachments: { id: string; filename: string; contentType: string; size: number }[];
  /** Only the viewer can see it ("Only you can see this"). */
  ephemeral: boolean;
  /** A deferred reply not yet filled in ("… is thinking"). */
  loading: boolean;
  edited: boolean;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function components(message: MessageRecord): Json[] {
  const all: Json[] = [];
  const walk = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const c of list as Json[]) {
      all.push(c);
      walk(c.components);
      if (c.accessory) all.push(c.accessory as Json);
    }
  };
  walk(message.components);
  return all;
}

export function viewMessage(store: Store, message: MessageRecord): MessageView {
  const author = store.users.get(message.authorId);
  const all = components(message);
  return {
    id: message.id,
    channelId: message.channelId,
    author: author?.globalName ?? author?.username ?? 'unknown',
    content: message.content,
    embeds: message.embeds.map((raw) => {
      const embed = raw as Json;
      return {
        title: str(embed.title),
        description: str(embed.description),
        fields: Array.isArray(embed.fields)
          ? (embed.fields as Json[]).map((f) => ({ name: String(f.name), value: String(f.value) }))
          : [],
        footer: str((embed.footer as Json | undefined)?.text),
        image: str((embed.image as Json | undefined)?.url),
      };
    }),
    buttons: all
      .filter((c) => c.type === 2)
      .map((c) => ({
        label: str(c.label) ?? str((c.emoji as Json | undefined)?.name) ?? '',
        customId: str(c.custom_id),
        url: str(c.url),
        style: Number(c.style),
        disabled: c.disabled === true,
      })),
    selects: all
      .filter((c) => c.type === 3)
      .map((c) => ({
        customId: String(c.custom_id),
        placeholder: str(c.placeholder),
        options: (Array.isArray(c.options) ? (c.options as Json[]) : []).map((o) => ({
          label: String(o.label),
          value: String(o.value),
          description: str(o.description),
        })),
        disabled: c.disabled === true,
      })),
    attachments: message.attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      contentType: a.contentType,
      size: a.bytes.byteLength,
    })),
    ephemeral: message.visibleTo !== null,
    loading: (message.flags & MessageFlag.Loading) !== 0,
    edited: message.editedAt !== null,
  };
}

/** Plain-text transcript of messages, one block per message, for `toContain` and snapshot tests. */
export function transcript(views: readonly MessageView[]): string {
  const lines: string[] = [];
  for (const view of views) {
    const tag = view.ephemeral ? ' (only you can see this)' : '';
    lines.push(view.loading ? `${view.author}: (thinking…)${tag}` : `${view.author}: ${view.content}${tag}`.trimEnd());
    for (const embed of view.embeds) {
      if (embed.title) lines.push(`  [embed] ${embed.title}`);
      else lines.push('  [embed]');
      if (embed.description) lines.push(...embed.description.split('\n').map((l) => `    ${l}`));
      for (const field of embed.fields) lines.push(`    ${field.name}: ${field.value}`);
      if (embed.image) lines.push(`    (image ${embed.image})`);
      if (embed.footer) lines.push(`    — ${embed.footer}`);
    }
    if (view.buttons.length > 0) {
      lines.push(`  ${view.buttons.map((b) => `[${b.label}${b.disabled ? ' (disabled)' : ''}]`).join(' ')}`);
    }
    for (const select of view.selects) {
      lines.push(
        `  [select ${select.placeholder ?? select.customId}: ${select.options.map((o) => o.label).join(' | ')}]`,
      );
    }
    for (const file of view.attachments) lines.push(`  [file ${file.filename}]`);
  }
  return lines.join('\n');
}
