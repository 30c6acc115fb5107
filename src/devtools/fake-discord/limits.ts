import { emptyMessage, type FieldError, invalidFormBody } from './errors.ts';

/**
 * Discord's size limits for message bodies, modals and autocomplete results. A violation becomes
 * 50035 Invalid Form Body naming the field, exactly as Discord reports it, so a bot that builds a
 * sixth button row fails here rather than in production.
 */
export const Limits = {
  content: 2000,
  embeds: 10,
  embedTotal: 6000,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  embedFieldName: 256,
  embedFieldValue: 1024,
  embedFooter: 2048,
  embedAuthor: 256,
  actionRows: 5,
  buttonsPerRow: 5,
  customId: 100,
  buttonLabel: 80,
  selectOptions: 25,
  selectOptionText: 100,
  selectPlaceholder: 150,
  modalTitle: 45,
  modalRows: 5,
  textInputLabel: 45,
  textInputLength: 4000,
  textInputPlaceholder: 100,
  autocompleteChoices: 25,
  choiceText: 100,
} as const;

type Json = Record<string, unknown>;

const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);
const BUTTON = 2;
const ACTION_ROW = 1;
const TEXT_INPUT = 4;
const LINK_STYLE = 5;
const PREMIUM_STYLE = 6;
const COMPONENTS_V2_FLAG = 1 << 15;

function join(prefix: string, key: string | number): string {
  return prefix ? `${prefix}.${key}` : String(key);
}

function asObject(value: unknown): Json {
  return typeof value === 'object' && value !== null ? (value as Json) : {};
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

class Problems {
  readonly list: FieldError[] = [];

  maxLength(path: string, value: unknown, max: number): void {
    const length = typeof value === 'string' || Array.isArray(value) ? value.length : 0;
    if (length > max) {
      this.list.push({ path, code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${max} or fewer in length.` });
    }
  }

  required(path: string, value: unknown): void {
    if (value === undefined || value === null || value === '') {
      this.list.push({ path, code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
    }
  }

  add(path: string, code: string, message: string): void {
    this.list.push({ path, code, message });
  }

  throwIfAny(): void {
    if (this.list.length > 0) throw invalidFormBody(this.list);
  }
}

function embedText(embed: Json): number {
  const text = (v: unknown) => (typeof v === 'string' ? v.length : 0);
  let total = text(embed.title) + text(embed.description);
  total += text(asObject(embed.footer).text) + text(asObject(embed.author).name);
  for (const field of asArray(embed.fields)) total += text(asObject(field).name) + text(asObject(field).value);
  return total;
}

function checkEmbeds(problems: Problems, prefix: string, embeds: unknown[]): void {
  const path = join(prefix, 'embeds');
  problems.maxLength(path, embeds, Limits.embeds);
  let total = 0;
  embeds.forEach((raw, i) => {
    const embed = asObject(raw);
    const at = join(path, i);
    problems.maxLength(join(at, 'title'), embed.title, Limits.embedTitle);
    problems.maxLength(join(at, 'description'), embed.description, Limits.embedDescription);
    problems.maxLength(join(join(at, 'footer'), 'text'), asObject(embed.footer).text, Limits.embedFooter);
    problems.maxLength(join(join(at, 'author'), 'name'), asObject(embed.author).name, Limits.embedAuthor);
    const fields = asArray(embed.fields);
    problems.maxLength(join(at, 'fields'), fields, Limits.embedFields);
    fields.forEach((rawField, j) => {
      const field = asObject(rawField);
      const fieldPath = join(join(at, 'fields'), j);
      problems.required(join(fieldPath, 'name'), field.name);
      problems.required(join(fieldPath, 'value'), field.value);
      problems.maxLength(join(fieldPath, 'name'), field.name, Limits.embedFieldName);
      problems.maxLength(join(fieldPath, 'value'), field.value, Limits.embedFieldValue);
    });
    total += embedText(embed);
  });
  if (total > Limits.embedTotal) {
    problems.add(path, 'MAX_EMBED_SIZE_EXCEEDED', `Embed size exceeds maximum size of ${Limits.embedTotal}`);
  }
}

function checkButton(problems: Problems, path: string, button: Json): void {
  problems.maxLength(join(path, 'label'), button.label, Limits.buttonLabel);
  if (button.style === LINK_STYLE) {
    problems.required(join(path, 'url'), button.url);
    // A link button opens its URL and sends no interaction: it may not carry a custom_id.
    if (button.custom_id !== undefined) {
      problems.add(
        join(path, 'custom_id'),
        'BUTTON_COMPONENT_CUSTOM_ID_INVALID',
        'A link button cannot have a custom id',
      );
    }
  } else if (button.style !== PREMIUM_STYLE) {
    problems.required(join(path, 'custom_id'), button.custom_id);
    if (button.url !== undefined) {
      problems.add(join(path, 'url'), 'BUTTON_COMPONENT_URL_INVALID', 'Only a link button can have a url');
    }
  }
  if (button.label === undefined && button.emoji === undefined && button.style !== PREMIUM_STYLE) {
    problems.add(path, 'BUTTON_COMPONENT_INVALID', 'A button must have a label or an emoji');
  }
}

function checkSelect(problems: Problems, path: string, select: Json): void {
  problems.maxLength(join(path, 'placeholder'), select.placeholder, Limits.selectPlaceholder);
  if (select.type !== 3) return;
  const options = asArray(select.options);
  const optionsPath = join(path, 'options');
  if (options.length === 0) problems.add(optionsPath, 'BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.');
  problems.maxLength(optionsPath, options, Limits.selectOptions);
  options.forEach((rawOption, k) => {
    const option = asObject(rawOption);
    const at = join(optionsPath, k);
    problems.required(join(at, 'label'), option.label);
    problems.required(join(at, 'value'), option.value);
    problems.maxLength(join(at, 'label'), option.label, Limits.selectOptionText);
    problems.maxLength(join(at, 'value'), option.value, Limits.selectOptionText);
    problems.maxLength(join(at, 'description'), option.description, Limits.selectOptionText);
  });
  const min = typeof select.min_values === 'number' ? select.min_values : 1;
  const max = typeof select.max_values === 'number' ? select.max_values : 1;
  // Discord: min_values 0–25, max_values 1–25, min no more than max, max no more than the options.
  if (min < 0 || min > Limits.selectOptions) {
    problems.add(
      join(path, 'min_values'),
      'BASE_TYPE_BAD_INT',
      `int value should be between 0 and ${Limits.selectOptions}.`,
    );
  }
  if (max < 1 || max > Limits.selectOptions) {
    problems.add(
      join(path, 'max_values'),
      'BASE_TYPE_BAD_INT',
      `int value should be between 1 and ${Limits.selectOptions}.`,
    );
  }
  if (min > max) {
    problems.add(
      join(path, 'min_values'),
      'SELECT_COMPONENT_MIN_VALUES_TOO_HIGH',
      'min_values cannot exceed max_values',
    );
  }
  const defaults = options.filter((o) => asObject(o).default === true).length;
  if (defaults > max) {
    problems.add(
      optionsPath,
      'SELECT_COMPONENT_TOO_MANY_DEFAULTS',
      'More options are selected by default than max_values',
    );
  }
  if (max > options.length) {
    problems.add(
      join(path, 'max_values'),
      'BASE_TYPE_MAX',
      `int value should be less than or equal to ${options.length}.`,
    );
  }
}

function checkActionRows(problems: Problems, prefix: string, rows: unknown[]): void {
  const path = join(prefix, 'components');
  problems.maxLength(path, rows, Limits.actionRows);
  const seenIds = new Set<string>();
  rows.forEach((rawRow, i) => {
    const row = asObject(rawRow);
    const rowPath = join(path, i);
    if (row.type !== ACTION_ROW) {
      problems.add(join(rowPath, 'type'), 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (1,).');
      return;
    }
    const children = asArray(row.components);
    const childrenPath = join(rowPath, 'components');
    if (children.length === 0) problems.add(childrenPath, 'BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.');
    problems.maxLength(childrenPath, children, Limits.buttonsPerRow);
    const hasSelect = children.some((c) => SELECT_TYPES.has(asObject(c).type as number));
    if (hasSelect && children.length > 1) {
      problems.add(
        childrenPath,
        'COMPONENT_LAYOUT_WIDTH_EXCEEDED',
        'The specified component exceeds the maximum width',
      );
    }
    children.forEach((rawChild, j) => {
      const child = asObject(rawChild);
      const childPath = join(childrenPath, j);
      problems.maxLength(join(childPath, 'custom_id'), child.custom_id, Limits.customId);
      if (typeof child.custom_id === 'string') {
        if (seenIds.has(child.custom_id)) {
          problems.add(
            join(childPath, 'custom_id'),
            'COMPONENT_CUSTOM_ID_DUPLICATED',
            'Component custom id cannot be duplicated',
          );
        }
        seenIds.add(child.custom_id);
      }
      if (child.type === BUTTON) checkButton(problems, childPath, child);
      else if (SELECT_TYPES.has(child.type as number)) checkSelect(problems, childPath, child);
    });
  });
}

/**
 * Checks a message create or edit body. `prefix` is where the message sits in the request:
 * '' for channel messages and webhooks, 'data' inside an interaction callback.
 */
export function checkMessageBody(body: Json, prefix: string, options: { isCreate: boolean; fileCount: number }): void {
  const problems = new Problems();
  problems.maxLength(join(prefix, 'content'), body.content, Limits.content);
  if (Array.isArray(body.embeds)) checkEmbeds(problems, prefix, body.embeds);
  const componentsV2 = typeof body.flags === 'number' && (body.flags & COMPONENTS_V2_FLAG) !== 0;
  if (Array.isArray(body.components) && !componentsV2) checkActionRows(problems, prefix, body.components);
  if (body.allowed_mentions !== undefined && body.allowed_mentions !== null) {
    checkAllowedMentions(problems, join(prefix, 'allowed_mentions'), asObject(body.allowed_mentions));
  }
  problems.throwIfAny();
  if (options.isCreate && !hasVisibleContent(body, options.fileCount)) {
    throw emptyMessage();
  }
}

/**
 * allowed_mentions: parse names only roles, users, everyone; at most 100 ids each, each a snowflake; ids and parse not
 * both.
 */
function checkAllowedMentions(problems: Problems, path: string, mentions: Json): void {
  const parse = asArray(mentions.parse);
  parse.forEach((kind, i) => {
    if (kind !== 'roles' && kind !== 'users' && kind !== 'everyone') {
      problems.add(join(join(path, 'parse'), i), 'BASE_TYPE_CHOICES', 'Value must be one of {roles, users, everyone}.');
    }
  });
  for (const kind of ['users', 'roles'] as const) {
    const ids = asArray(mentions[kind]);
    problems.maxLength(join(path, kind), ids, 100);
    ids.forEach((id, i) => {
      // Each id must be a snowflake (a mention of "ai:easy", say, is refused as a whole).
      if (!(typeof id === 'string' && /^(0|[1-9]\d*)$/.test(id)) && !Number.isSafeInteger(id)) {
        problems.add(join(join(path, kind), i), 'NUMBER_TYPE_COERCE', `Value "${String(id)}" is not snowflake.`);
      }
    });
    if (ids.length > 0 && parse.includes(kind)) {
      problems.add(
        join(path, kind),
        'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
        `parse:["${kind}"] and ${kind}: [ids] are mutually exclusive.`,
      );
    }
  }
}

/** Whether a message would still show something (content, embeds, components, stickers, files or a poll). */
export function hasVisibleContent(body: Json, fileCount: number): boolean {
  return (
    (typeof body.content === 'string' && body.content.length > 0) ||
    asArray(body.embeds).length > 0 ||
    asArray(body.components).length > 0 ||
    asArray(body.sticker_ids).length > 0 ||
    fileCount > 0 ||
    body.poll !== undefined
  );
}

/** Checks a modal (interaction callback type 9). */
export function checkModal(data: Json): void {
  const problems = new Problems();
  problems.required('data.title', data.title);
  problems.maxLength('data.title', data.title, Limits.modalTitle);
  problems.required('data.custom_id', data.custom_id);
  problems.maxLength('data.custom_id', data.custom_id, Limits.customId);
  const rows = asArray(data.components);
  if (rows.length === 0) problems.add('data.components', 'BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.');
  problems.maxLength('data.components', rows, Limits.modalRows);
  const seen = new Set<unknown>();
  rows.forEach((rawRow, i) => {
    const row = asObject(rawRow);
    const inRow = row.type === ACTION_ROW;
    // An action row in a modal holds exactly one text input.
    if (inRow && asArray(row.components).length !== 1) {
      problems.add(`data.components.${i}.components`, 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 1 in length.');
    }
    const input = asObject(inRow ? asArray(row.components)[0] : row.component);
    const at = inRow ? `data.components.${i}.components.0` : `data.components.${i}.component`;
    const labelPath = inRow ? `${at}.label` : `data.components.${i}.label`;
    const label = inRow ? input.label : row.label;
    problems.required(`${at}.custom_id`, input.custom_id);
    problems.maxLength(`${at}.custom_id`, input.custom_id, Limits.customId);
    if (input.custom_id !== undefined && seen.has(input.custom_id)) {
      problems.add(`${at}.custom_id`, 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated');
    }
    seen.add(input.custom_id);
    problems.required(labelPath, label);
    problems.maxLength(labelPath, label, Limits.textInputLabel);
    if (input.type !== TEXT_INPUT) return;
    if (input.style !== 1 && input.style !== 2) {
      problems.add(`${at}.style`, 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2}.');
    }
    const min = typeof input.min_length === 'number' ? input.min_length : 0;
    const max = typeof input.max_length === 'number' ? input.max_length : Limits.textInputLength;
    if (max < 1 || max > Limits.textInputLength) {
      problems.add(
        `${at}.max_length`,
        'BASE_TYPE_MAX',
        `int value should be less than or equal to ${Limits.textInputLength}.`,
      );
    }
    if (min < 0 || min > Limits.textInputLength) {
      problems.add(
        `${at}.min_length`,
        'BASE_TYPE_MAX',
        `int value should be less than or equal to ${Limits.textInputLength}.`,
      );
    }
    problems.maxLength(`${at}.value`, input.value, Limits.textInputLength);
    problems.maxLength(`${at}.placeholder`, input.placeholder, Limits.textInputPlaceholder);
  });
  problems.throwIfAny();
}

/** Checks an autocomplete result (interaction callback type 8). */
export function checkAutocompleteChoices(data: Json): void {
  const problems = new Problems();
  const choices = asArray(data.choices);
  problems.maxLength('data.choices', choices, Limits.autocompleteChoices);
  choices.forEach((rawChoice, i) => {
    const choice = asObject(rawChoice);
    problems.maxLength(`data.choices.${i}.name`, choice.name, Limits.choiceText);
    problems.maxLength(`data.choices.${i}.value`, choice.value, Limits.choiceText);
  });
  problems.throwIfAny();
}
