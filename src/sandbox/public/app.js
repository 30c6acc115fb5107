// The sandbox page: a Discord-like channel view for one of the preset people. It follows the server's event
// stream (what this person can see) and sends what they do (slash commands, clicks, selects, modals) to small
// JSON endpoints that act through the local Discord's driver. Plain DOM, no build step.

const $ = (id) => document.getElementById(id);

/**
 * The page's own words in the person's client language, as Discord's client speaks it (issue 26 item 13: the chrome
 * stayed English after Language = 日本語). What the bot says arrives in the language already.
 */
const WORDS = {
  en: {
    playAs: 'Play as',
    language: 'Language',
    send: 'Send',
    placeholder: 'Type / for a command, e.g. /duel challenge',
    empty: 'No messages yet. Type / below to start, e.g. /duel challenge.',
    used: ' used ',
    thinking: (who) => `${who} is thinking…`,
    edited: ' (edited)',
    openThread: 'Open thread ›',
    dismiss: 'Dismiss message',
    onlyYou: 'Only you can see this · ',
    choose: 'Choose',
    chooseNone: 'Choose none',
    chooseN: (n) => `Choose ${n}`,
    chooseRange: (min, max) => `Choose ${min}–${max}`,
    makeSelection: 'Make a selection',
    cancel: 'Cancel',
    submit: 'Submit',
    cancelCommand: 'Cancel the command (Esc)',
    search: 'type to search',
    noCommand: (text) => `No command ${text}. Type / to see the commands.`,
    disconnected: 'Disconnected from the sandbox server. Reconnecting…',
    reconnected: 'Connected again.',
    unreachable: 'The sandbox server cannot be reached: is it still running?',
  },
  ja: {
    playAs: '操作する人',
    language: '言語',
    send: '送信',
    placeholder: '/ でコマンド（例：/duel challenge）',
    empty: 'まだメッセージはありません。下で / を入力して始めましょう（例：/duel challenge）。',
    used: 'が使用：',
    thinking: (who) => `${who}が考えています…`,
    edited: '（編集済み）',
    openThread: 'スレッドを開く ›',
    dismiss: 'メッセージを閉じる',
    onlyYou: 'あなただけに表示されています · ',
    choose: '選ぶ',
    chooseNone: '何も選ばない',
    chooseN: (n) => `${n}個選ぶ`,
    chooseRange: (min, max) => `${min}〜${max}個選ぶ`,
    makeSelection: '選んでください',
    cancel: 'キャンセル',
    submit: '送信',
    cancelCommand: 'コマンドを取り消す（Esc）',
    search: '入力して検索',
    noCommand: (text) => `${text} というコマンドはありません。/ でコマンドの一覧が出ます。`,
    disconnected: 'サンドボックスのサーバーとの接続が切れました。再接続しています…',
    reconnected: '再接続しました。',
    unreachable: 'サンドボックスのサーバーに届きません。起動していますか？',
  },
};

/** The current person's client language: 'ja' or 'en'. */
function chromeLocale() {
  return state.people.find((p) => p.key === state.me)?.locale?.startsWith('ja') ? 'ja' : 'en';
}

function words() {
  return WORDS[chromeLocale()];
}

/** The fixed words of the page, in the person's language. */
function drawChrome() {
  const w = words();
  document.documentElement.lang = chromeLocale();
  $('play-as').textContent = w.playAs;
  $('language-label').textContent = w.language;
  $('send').textContent = w.send;
  $('command').placeholder = w.placeholder;
}

const params = new URLSearchParams(location.search);
const state = {
  me: params.get('as') ?? localStorage.getItem('arbiter.sandbox.as') ?? 'alice',
  channelId: params.get('channel'),
  people: [],
  channels: [],
  /** id → message, and their order, for the open channel. */
  messages: new Map(),
  order: [],
  /** id → the element drawn for it, with the JSON it was drawn from. */
  drawn: new Map(),
  commands: [],
  /** The command being filled in: { path: 'duel challenge', options: [...] } or null. */
  command: null,
  dismissed: new Set(),
  stream: null,
  /** Follow new messages (and images that load) while the view is at the bottom, as Discord does. */
  stick: true,
};

// ---------------------------------------------------------------- the live stream

function connect() {
  state.stream?.close();
  state.messages.clear();
  state.order = [];
  for (const { element } of state.drawn.values()) element.remove();
  state.drawn.clear();
  state.stick = true;
  const query = new URLSearchParams({ as: state.me });
  if (state.channelId) query.set('channel', state.channelId);
  const stream = new EventSource(`/api/stream?${query}`);
  state.stream = stream;
  stream.addEventListener('hello', (event) => {
    const hello = JSON.parse(event.data);
    state.people = hello.people;
    state.me = hello.me;
    state.channelId = hello.channelId;
    $('guild-name').textContent = hello.guild;
    remember();
    drawPeople();
    drawChrome();
    connected(true);
  });
  // The browser reconnects an event stream by itself; meanwhile the page says so (issue 26 item 13: a dead server
  // showed only "Failed to fetch" on the next click).
  stream.addEventListener('error', () => connected(false));
  stream.addEventListener('channels', (event) => {
    state.channels = JSON.parse(event.data).channels;
    drawChannels();
  });
  stream.addEventListener('messages', (event) => {
    const update = JSON.parse(event.data);
    if (update.channelId !== state.channelId) return;
    for (const m of update.upsert) state.messages.set(m.id, m);
    for (const id of update.removed) state.messages.delete(id);
    state.order = update.order;
    drawMessages();
  });
  stream.addEventListener('notice', (event) => toast(JSON.parse(event.data).text, 'error'));
}

let wasDisconnected = false;
function connected(up) {
  $('connection').hidden = up;
  $('connection').textContent = words().disconnected;
  if (up && wasDisconnected) {
    toast(words().reconnected);
    // What happened while away (a restart keeps the store): draw the channel afresh.
    for (const { element } of state.drawn.values()) element.remove();
    state.drawn.clear();
    drawMessages();
  }
  wasDisconnected = !up;
}

function jumpToPresent() {
  state.stick = true;
  const box = $('messages');
  box.scrollTop = box.scrollHeight;
}

function remember() {
  localStorage.setItem('arbiter.sandbox.as', state.me);
  const query = new URLSearchParams({ as: state.me });
  if (state.channelId) query.set('channel', state.channelId);
  history.replaceState(null, '', `?${query}`);
}

function switchTo(person) {
  if (person === state.me) return;
  state.me = person;
  closeCommand();
  connect();
}

function openChannel(id) {
  if (id === state.channelId) return;
  state.channelId = id;
  closeCommand();
  connect();
}

// ---------------------------------------------------------------- actions

async function post(action, body) {
  let response;
  try {
    response = await fetch(`/api/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ as: state.me, channelId: state.channelId, ...body }),
    });
  } catch {
    // The network error itself says only "Failed to fetch".
    connected(false);
    throw new Error(words().unreachable);
  }
  const answer = await response.json();
  if (!response.ok || answer.error) throw new Error(answer.error ?? `HTTP ${response.status}`);
  // Like Discord, acting brings you back to the newest messages, where the answer appears.
  if (action !== 'autocomplete' && action !== 'locale') jumpToPresent();
  if (answer.modal) showModal(answer.modal);
  return answer;
}

/** Runs an action with the message's controls locked, as the Discord client does while it waits. */
async function withControlsLocked(messageElement, run) {
  const controls = messageElement.querySelectorAll('button, .select');
  for (const c of controls) c.classList.add('busy');
  try {
    await run();
  } catch (error) {
    toast(error.message, 'error');
  } finally {
    for (const c of controls) c.classList.remove('busy');
  }
}

// ---------------------------------------------------------------- people and channels

function person(key) {
  return state.people.find((p) => p.key === key);
}

function avatar(name, color, size = '') {
  const element = el('span', `avatar ${size}`, name.slice(0, 1).toUpperCase());
  element.style.background = color ?? '#5865f2';
  return element;
}

function drawPeople() {
  const box = $('people');
  box.replaceChildren(
    ...state.people.map((p) => {
      const button = el('button', `person${p.key === state.me ? ' active' : ''}`);
      button.type = 'button';
      button.dataset.person = p.key;
      button.append(avatar(p.name, p.color, 'tiny'), p.name);
      button.addEventListener('click', () => switchTo(p.key));
      return button;
    }),
  );
  const me = person(state.me);
  if (me) {
    $('me-avatar').replaceWith(Object.assign(avatar(me.name, me.color, 'small'), { id: 'me-avatar' }));
    $('me-name').textContent = me.name;
    $('locale').value = me.locale;
    document.title = `${me.name} · Arbiter sandbox`;
  }
}

function seenKey(channelId) {
  return `arbiter.sandbox.seen.${state.me}.${channelId}`;
}

function drawChannels() {
  const list = $('channels');
  const top = state.channels.filter((c) => c.kind !== 'thread');
  const items = [];
  for (const channel of top) {
    items.push(channelItem(channel));
    const threads = state.channels.filter((c) => c.parentId === channel.id);
    for (const thread of threads) items.push(channelItem(thread));
  }
  list.replaceChildren(...items);
  const current = state.channels.find((c) => c.id === state.channelId);
  const title = $('channel-title');
  title.replaceChildren(
    current?.kind === 'thread' ? icon('thread') : el('span', 'hash', '#'),
    document.createTextNode(current?.name ?? ''),
  );
}

function channelItem(channel) {
  const item = el('li', `channel ${channel.kind}`);
  const button = el('button', 'channel-button');
  button.type = 'button';
  button.dataset.channel = channel.id;
  if (channel.id === state.channelId) {
    button.classList.add('active');
    if (channel.lastMessageId) localStorage.setItem(seenKey(channel.id), channel.lastMessageId);
  } else if (channel.lastMessageId && channel.lastMessageId !== localStorage.getItem(seenKey(channel.id))) {
    button.classList.add('unread');
  }
  button.append(
    channel.kind === 'thread' ? icon('thread') : el('span', 'hash', channel.kind === 'dm' ? '@' : '#'),
    channel.name,
  );
  button.addEventListener('click', () => openChannel(channel.id));
  item.append(button);
  return item;
}

// ---------------------------------------------------------------- messages

function drawMessages() {
  const box = $('messages');
  const wanted = state.order.filter((id) => !state.dismissed.has(id));
  for (const [id, drawn] of state.drawn) {
    if (!wanted.includes(id)) {
      drawn.element.remove();
      state.drawn.delete(id);
    }
  }
  let previous = null;
  let previousId = null;
  for (const id of wanted) {
    const message = state.messages.get(id);
    if (!message) continue;
    const json = JSON.stringify(message);
    let drawn = state.drawn.get(id);
    if (!drawn || drawn.json !== json) {
      const element = drawMessage(message);
      if (drawn) drawn.element.replaceWith(element);
      drawn = { element, json };
      state.drawn.set(id, drawn);
    }
    // Like Discord, a message right after another of the same author shows no second name and avatar.
    const before = state.messages.get(previousId);
    drawn.element.classList.toggle(
      'grouped',
      before !== undefined &&
        before.author.id === message.author.id &&
        message.createdAt - before.createdAt < 7 * 60_000 &&
        !message.command &&
        before.ephemeral === message.ephemeral,
    );
    previousId = id;
    const expectedPlace = previous ? previous.nextSibling : box.firstChild;
    if (expectedPlace !== drawn.element) box.insertBefore(drawn.element, expectedPlace);
    previous = drawn.element;
  }
  if (wanted.length === 0) {
    box.querySelector('.empty')?.remove();
    box.append(el('p', 'empty', words().empty));
  } else {
    box.querySelector('.empty')?.remove();
  }
  if (state.stick) box.scrollTop = box.scrollHeight;
  const channel = state.channels.find((c) => c.id === state.channelId);
  if (channel?.lastMessageId) localStorage.setItem(seenKey(channel.id), channel.lastMessageId);
}

function drawMessage(m) {
  const article = el('article', `message${m.ephemeral ? ' ephemeral' : ''}`);
  article.dataset.id = m.id;
  if (m.command) {
    const line = el('div', 'used-command');
    line.append(el('b', null, m.command.user), words().used, el('span', 'command-name', `/${m.command.name}`));
    article.append(line);
  }
  const row = el('div', 'message-row');
  const author = person(state.people.find((p) => p.id === m.author.id)?.key);
  row.append(avatar(m.author.name, m.author.bot ? '#5865f2' : (author?.color ?? m.author.color)));
  const body = el('div', 'message-body');
  const head = el('div', 'message-head');
  head.append(el('span', 'author', m.author.name));
  if (m.author.bot) head.append(el('span', 'app-badge', 'APP'));
  head.append(el('time', 'time', new Date(m.createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })));
  body.append(head);
  if (m.loading) {
    body.append(el('div', 'thinking', words().thinking(m.author.name)));
  } else {
    if (m.content) {
      const content = el('div', 'content');
      content.append(markdown(m.content));
      if (m.edited) content.append(el('span', 'edited', words().edited));
      body.append(content);
    }
    const usedImages = new Set();
    for (const embed of m.embeds) body.append(drawEmbed(embed, m, usedImages));
    for (const a of m.attachments) {
      if (usedImages.has(a.filename)) continue;
      body.append(drawAttachment(a));
    }
    const components = drawComponents(m.components, m, article);
    if (components) body.append(components);
    const thread = state.channels.find((c) => c.id === m.id && c.kind === 'thread');
    if (thread) {
      const link = el('button', 'thread-link');
      link.type = 'button';
      link.append(icon('thread'), thread.name, el('span', 'thread-open', words().openThread));
      link.addEventListener('click', () => openChannel(thread.id));
      body.append(link);
    }
  }
  if (m.ephemeral) {
    const note = el('div', 'ephemeral-note');
    const dismiss = el('button', 'link', words().dismiss);
    dismiss.type = 'button';
    dismiss.addEventListener('click', () => {
      state.dismissed.add(m.id);
      drawMessages();
    });
    note.append(icon('eye'), words().onlyYou, dismiss);
    body.append(note);
  }
  row.append(body);
  article.append(row);
  return article;
}

function attachmentUrl(m, name) {
  const filename = name.replace(/^attachment:\/\//, '');
  if (filename === name) return { url: name, filename: null };
  return { url: m.attachments.find((a) => a.filename === filename)?.url ?? null, filename };
}

function drawEmbed(embed, m, usedImages) {
  const box = el('div', 'embed');
  if (typeof embed.color === 'number') box.style.borderLeftColor = `#${embed.color.toString(16).padStart(6, '0')}`;
  const main = el('div', 'embed-main');
  if (embed.author?.name) main.append(el('div', 'embed-author', embed.author.name));
  if (embed.title) main.append(el('div', 'embed-title', null, markdown(embed.title)));
  if (embed.description) main.append(el('div', 'embed-description', null, markdown(embed.description)));
  if (Array.isArray(embed.fields) && embed.fields.length > 0) {
    const fields = el('div', 'embed-fields');
    for (const f of embed.fields) {
      const field = el('div', `embed-field${f.inline ? ' inline' : ''}`);
      field.append(el('div', 'field-name', null, markdown(String(f.name))));
      field.append(el('div', 'field-value', null, markdown(String(f.value))));
      fields.append(field);
    }
    main.append(fields);
  }
  const image = (source, className) => {
    const { url, filename } = attachmentUrl(m, source);
    if (filename) usedImages.add(filename);
    if (!url) return el('div', 'image-gone', `(${filename}: no longer kept)`);
    const img = el('img', className);
    img.src = url;
    img.alt = filename ?? 'image';
    img.addEventListener('click', () => window.open(url, '_blank'));
    return img;
  };
  if (embed.image?.url) main.append(image(embed.image.url, 'embed-image'));
  if (embed.footer?.text) main.append(el('div', 'embed-footer', embed.footer.text));
  box.append(main);
  if (embed.thumbnail?.url) box.append(image(embed.thumbnail.url, 'embed-thumbnail'));
  return box;
}

function drawAttachment(a) {
  if (a.contentType.startsWith('image/')) {
    const img = el('img', 'attachment-image');
    img.src = a.url;
    img.alt = a.filename;
    return img;
  }
  const link = el('a', 'file');
  link.append(icon('file'), a.filename);
  link.href = a.url;
  link.download = a.filename;
  return link;
}

// ---------------------------------------------------------------- components

function drawComponents(list, m, article) {
  if (!Array.isArray(list) || list.length === 0) return null;
  const box = el('div', 'components');
  for (const c of list) {
    const drawn = drawComponent(c, m, article);
    if (drawn) box.append(drawn);
  }
  return box;
}

function drawComponent(c, m, article) {
  switch (c.type) {
    case 1: {
      const row = el('div', 'action-row');
      for (const child of c.components ?? []) {
        const drawn = drawComponent(child, m, article);
        if (drawn) row.append(drawn);
      }
      return row;
    }
    case 2:
      return drawButton(c, m, article);
    case 3:
    case 5:
    case 6:
    case 7:
    case 8:
      return drawSelect(c, m, article);
    case 9: {
      const section = el('div', 'section');
      section.append(drawComponents(c.components, m, article) ?? '');
      if (c.accessory) section.append(drawComponent(c.accessory, m, article) ?? '');
      return section;
    }
    case 10:
      return el('div', 'text-display', null, markdown(c.content ?? ''));
    case 14:
      return el('hr', 'separator');
    case 17: {
      const container = el('div', 'container');
      container.append(drawComponents(c.components, m, article) ?? '');
      return container;
    }
    default:
      return null;
  }
}

const BUTTON_STYLES = { 1: 'primary', 2: 'secondary', 3: 'success', 4: 'danger', 5: 'link' };

function drawButton(c, m, article) {
  const button = el('button', `button ${BUTTON_STYLES[c.style] ?? 'secondary'}`);
  button.type = 'button';
  if (c.emoji?.name) button.append(el('span', 'emoji', c.emoji.name));
  if (c.label) button.append(document.createTextNode(c.label));
  button.disabled = c.disabled === true;
  if (c.custom_id) button.dataset.customId = c.custom_id;
  if (c.style === 5 && c.url) {
    button.addEventListener('click', () => window.open(c.url, '_blank'));
    return button;
  }
  button.addEventListener('click', () =>
    withControlsLocked(article, () => post('click', { messageId: m.id, customId: c.custom_id })),
  );
  return button;
}

function selectOptions(c) {
  if (c.type === 3) return c.options ?? [];
  if (c.type === 5 || c.type === 6 || c.type === 7) {
    return state.people.map((p) => ({ label: p.name, value: p.id }));
  }
  return state.channels.map((ch) => ({ label: ch.name, value: ch.id }));
}

function drawSelect(c, m, article) {
  const min = c.min_values ?? 1;
  const max = c.max_values ?? 1;
  const wrap = el('div', `select${c.disabled ? ' disabled' : ''}`);
  wrap.dataset.customId = c.custom_id;
  const face = el('button', 'select-face');
  face.type = 'button';
  face.disabled = c.disabled === true;
  face.append(
    el('span', 'placeholder', c.placeholder ?? (max > 1 ? words().chooseRange(min, max) : words().makeSelection)),
  );
  face.append(el('span', 'caret', '▾'));
  const menu = el('div', 'select-menu');
  menu.hidden = true;
  const chosen = new Set();
  const confirm = el('button', 'button primary select-confirm', words().choose);
  confirm.type = 'button';
  const refresh = () => {
    confirm.disabled = chosen.size < min || chosen.size > max;
    confirm.textContent = chosen.size === 0 ? words().chooseNone : words().chooseN(chosen.size);
  };
  const send = (values) => {
    menu.hidden = true;
    return withControlsLocked(article, () => post('select', { messageId: m.id, customId: c.custom_id, values }));
  };
  for (const option of selectOptions(c)) {
    const item = el('button', 'select-option');
    item.type = 'button';
    item.dataset.value = option.value;
    if (max > 1) item.append(el('span', 'check'));
    const text = el('span', 'option-text');
    text.append(el('span', 'option-label', option.label));
    if (option.description) text.append(el('span', 'option-description', option.description));
    item.append(text);
    item.addEventListener('click', () => {
      if (max === 1) {
        void send([option.value]);
        return;
      }
      if (chosen.has(option.value)) chosen.delete(option.value);
      else chosen.add(option.value);
      item.classList.toggle('chosen', chosen.has(option.value));
      refresh();
    });
    menu.append(item);
  }
  if (max > 1) {
    refresh();
    confirm.addEventListener('click', () => void send([...chosen]));
    menu.append(confirm);
  }
  face.addEventListener('click', () => {
    menu.hidden = !menu.hidden;
  });
  wrap.append(face, menu);
  return wrap;
}

// ---------------------------------------------------------------- modals

function showModal(modal) {
  const backdrop = $('modal');
  const form = el('form', 'modal');
  form.append(el('h2', null, modal.title ?? ''));
  const inputs = [];
  for (const row of modal.components ?? []) {
    const input = row.type === 18 ? row.component : row.components?.[0];
    if (input?.type !== 4) continue;
    const label = el('label', 'modal-field');
    label.append(
      el(
        'span',
        'modal-label',
        `${row.label ?? input.label ?? input.custom_id}${input.required === false ? '' : ' *'}`,
      ),
    );
    const field = el(input.style === 2 ? 'textarea' : 'input', 'modal-input');
    field.name = input.custom_id;
    if (input.placeholder) field.placeholder = input.placeholder;
    if (input.value) field.value = input.value;
    if (typeof input.max_length === 'number') field.maxLength = input.max_length;
    if (typeof input.min_length === 'number') field.minLength = input.min_length;
    field.required = input.required !== false;
    label.append(field);
    form.append(label);
    inputs.push(field);
  }
  const buttons = el('div', 'modal-buttons');
  const cancel = el('button', 'button secondary', words().cancel);
  cancel.type = 'button';
  cancel.addEventListener('click', () => {
    backdrop.hidden = true;
  });
  const submit = el('button', 'button primary', words().submit);
  submit.type = 'submit';
  buttons.append(cancel, submit);
  form.append(buttons);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const fields = Object.fromEntries(inputs.filter((i) => i.value !== '').map((i) => [i.name, i.value]));
    // Like Discord's client: the form closes once the submission went through; a refused or failed one keeps it
    // open with what was typed, so nothing is lost.
    submit.disabled = true;
    try {
      await post('modal', { customId: modal.custom_id, fields });
      if (backdrop.contains(form)) backdrop.hidden = true;
    } catch (error) {
      toast(error.message, 'error');
    } finally {
      submit.disabled = false;
    }
  });
  backdrop.replaceChildren(form);
  backdrop.hidden = false;
  inputs[0]?.focus();
}

// ---------------------------------------------------------------- the command box

const OPTION = { SUB: 1, GROUP: 2, STRING: 3, INTEGER: 4, BOOLEAN: 5, USER: 6, CHANNEL: 7, NUMBER: 10, FILE: 11 };

/** Every runnable command path ("duel challenge", "concede") with its options. */
function commandPaths() {
  const paths = [];
  const walk = (prefix, description, options) => {
    const subs = (options ?? []).filter((o) => o.type === OPTION.SUB || o.type === OPTION.GROUP);
    if (subs.length === 0) {
      paths.push({ path: prefix, description, options: options ?? [] });
      return;
    }
    for (const sub of subs) walk(`${prefix} ${sub.name}`, sub.description, sub.options);
  };
  for (const c of state.commands) walk(c.name, c.description, c.options);
  return paths;
}

async function loadCommands() {
  try {
    const answer = await (await fetch('/api/commands')).json();
    state.commands = answer.commands;
  } catch {
    state.commands = [];
  }
}

// The field the suggestions belong to: a field's late blur must not hide the list another field has just shown.
let suggestionsOwner = null;

function showSuggestions(items, pick, owner) {
  const box = $('suggestions');
  suggestionsOwner = owner;
  if (items.length === 0) {
    box.hidden = true;
    return;
  }
  box.replaceChildren(
    ...items.map((item, i) => {
      const button = el('button', `suggestion${i === 0 ? ' selected' : ''}`);
      button.type = 'button';
      button.dataset.value = item.value;
      button.append(el('span', 'suggestion-name', item.name));
      if (item.hint) button.append(el('span', 'suggestion-hint', item.hint));
      button.addEventListener('mousedown', (event) => {
        event.preventDefault();
        pick(item);
      });
      return button;
    }),
  );
  box.hidden = false;
}

function hideSuggestions() {
  $('suggestions').hidden = true;
}

/** On blur: hide a moment later (a click on a suggestion lands first), unless another field owns the list by then. */
function hideSuggestionsOf(field) {
  setTimeout(() => {
    if (suggestionsOwner === field) hideSuggestions();
  }, 100);
}

function onCommandInput() {
  const text = $('command').value;
  if (state.command || !text.startsWith('/')) {
    hideSuggestions();
    return;
  }
  const typed = text.slice(1).trim().toLowerCase();
  const matches = rankCommands(commandPaths(), typed);
  showSuggestions(
    matches.slice(0, 12).map((p) => ({ name: `/${p.path}`, hint: p.description, value: p.path })),
    (item) => chooseCommand(item.value),
    $('command'),
  );
}

/**
 * The commands a typed text matches, best first, as Discord ranks them: the command itself, then those that start
 * with it, then those with a word that starts with it, then any that contain it (issue 26 item 13: "/rules" and
 * Enter picked "/arbiter import-rules").
 */
function rankCommands(paths, typed) {
  const rank = (path) => {
    if (path === typed) return 0;
    if (path.startsWith(typed)) return 1;
    if (path.split(/[ -]/).some((word) => word.startsWith(typed))) return 2;
    return path.includes(typed) ? 3 : -1;
  };
  return paths
    .map((p, i) => ({ p, i, r: rank(p.path) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.p);
}

function chooseCommand(path) {
  const found = commandPaths().find((p) => p.path === path);
  if (!found) return;
  state.command = found;
  hideSuggestions();
  const chip = $('command-chip');
  chip.textContent = `/${found.path}`;
  chip.hidden = false;
  const input = $('command');
  input.value = '';
  input.hidden = true;
  const options = $('options');
  options.replaceChildren(...found.options.map((o) => optionField(o)));
  const cancel = el('button', 'cancel-command', '×');
  cancel.type = 'button';
  cancel.title = words().cancelCommand;
  cancel.addEventListener('click', closeCommand);
  options.append(cancel);
  const first = options.querySelector('input, select');
  if (first) first.focus();
  else $('send').focus();
}

function closeCommand() {
  state.command = null;
  $('command-chip').hidden = true;
  $('options').replaceChildren();
  const input = $('command');
  input.hidden = false;
  input.value = '';
  hideSuggestions();
}

function optionField(option) {
  const label = el('label', 'option');
  label.dataset.option = option.name;
  label.title = option.description ?? '';
  label.append(el('span', 'option-name', `${option.name}${option.required ? '*' : ''}`));
  let field;
  if (option.type === OPTION.USER) {
    field = el('select', 'option-input');
    if (!option.required) field.append(new Option('', ''));
    for (const p of state.people) field.append(new Option(p.name, p.id));
    // Only a required user option is filled in (with someone else, the likely opponent); an optional one stays
    // empty, as Discord leaves it (issue 26 item 12: `/league join` sent another person).
    const other = state.people.find((p) => p.key !== state.me);
    if (other && option.required) field.value = other.id;
  } else if (option.choices?.length) {
    field = el('select', 'option-input');
    if (!option.required) field.append(new Option('', ''));
    for (const choice of option.choices) field.append(new Option(choice.name, String(choice.value)));
    field.dataset.kind = typeof option.choices[0].value === 'number' ? 'number' : 'string';
  } else if (option.type === OPTION.BOOLEAN) {
    field = el('select', 'option-input');
    for (const [text, value] of [
      ['', ''],
      ['true', 'true'],
      ['false', 'false'],
    ])
      field.append(new Option(text, value));
    field.dataset.kind = 'boolean';
  } else if (option.type === OPTION.FILE) {
    field = el('input', 'option-input');
    field.type = 'file';
    field.dataset.kind = 'file';
  } else {
    field = el('input', 'option-input');
    if (option.type === OPTION.INTEGER || option.type === OPTION.NUMBER) {
      field.type = 'number';
      field.dataset.kind = 'number';
    }
    if (typeof option.max_length === 'number') field.maxLength = option.max_length;
    if (option.autocomplete) {
      field.placeholder = words().search;
      const ask = () => void autocomplete(option, field);
      field.addEventListener('input', ask);
      field.addEventListener('focus', ask);
      field.addEventListener('blur', () => hideSuggestionsOf(field));
    }
  }
  field.name = option.name;
  field.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    // Esc closes the open suggestion list first; only with none open does it cancel the command.
    event.stopPropagation();
    // An answer still on its way must not bring the list back.
    autocompleteTurn += 1;
    if (!$('suggestions').hidden) hideSuggestions();
    else closeCommand();
  });
  label.append(field);
  return label;
}

async function optionValues(focusedName) {
  const values = {};
  for (const field of $('options').querySelectorAll('.option-input')) {
    if (field.name === focusedName) {
      values[field.name] = field.value;
      continue;
    }
    if (field.dataset.kind === 'file') {
      const file = field.files?.[0];
      if (file) values[field.name] = { filename: file.name, base64: await base64(file), contentType: file.type };
      continue;
    }
    const raw = field.dataset.chosen ?? field.value;
    if (raw === '') continue;
    if (field.dataset.kind === 'number') values[field.name] = Number(raw);
    else if (field.dataset.kind === 'boolean') values[field.name] = raw === 'true';
    else values[field.name] = raw;
  }
  return values;
}

let autocompleteTurn = 0;
async function autocomplete(option, field) {
  delete field.dataset.chosen;
  const turn = ++autocompleteTurn;
  try {
    const answer = await post('autocomplete', {
      command: state.command.path,
      options: await optionValues(option.name),
      focused: option.name,
    });
    if (turn !== autocompleteTurn || document.activeElement !== field) return;
    showSuggestions(
      answer.choices.map((c) => ({
        name: c.name,
        value: String(c.value),
        hint: String(c.value) === c.name ? '' : String(c.value),
      })),
      (item) => {
        field.value = item.name;
        field.dataset.chosen = item.value;
        hideSuggestions();
      },
      field,
    );
  } catch (error) {
    toast(error.message, 'error');
  }
}

let sendPressed = false;

async function submitComposer(event) {
  event.preventDefault();
  const suggestions = $('suggestions');
  // Enter in a field also submits through the Send button (implicit submission), so only a pointer on Send counts.
  const clickedSend = sendPressed;
  sendPressed = false;
  if (!suggestions.hidden && !(clickedSend && state.command)) {
    // Enter picks the highlighted suggestion first, as in Discord; the next Enter sends.
    suggestions.querySelector('.suggestion.selected')?.dispatchEvent(new MouseEvent('mousedown'));
    return;
  }
  // A click on Send while an option's list is open sends what the fields hold (the first click used to only fill
  // in the highlighted suggestion, and nothing visibly happened).
  hideSuggestions();
  if (!state.command) {
    const text = $('command').value.trim();
    if (text === '') return;
    if (text.startsWith('/')) {
      const exact = commandPaths().find((p) => p.path === text.slice(1).trim());
      if (exact) chooseCommand(exact.path);
      else toast(words().noCommand(text), 'error');
      if (exact && exact.options.length === 0) await submitComposer(event);
      return;
    }
    $('command').value = '';
    await post('say', { content: text }).catch((error) => toast(error.message, 'error'));
    return;
  }
  const send = $('send');
  send.disabled = true;
  try {
    await post('slash', { command: state.command.path, options: await optionValues(null) });
    closeCommand();
    $('command').focus();
  } catch (error) {
    toast(error.message, 'error');
  } finally {
    send.disabled = false;
  }
}

function base64(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

// ---------------------------------------------------------------- small helpers

/** Small line icons (emoji fonts are not everywhere, e.g. a headless browser). */
const ICONS = {
  thread:
    '<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2"><path d="M5 4h14v11H9l-4 4z"/><path d="M9 8h6M9 11h4"/></svg>',
  file: '<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2"><path d="M6 2h8l4 4v16H6z"/><path d="M14 2v4h4M9 12h6M9 16h6"/></svg>',
  eye: '<svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" stroke-width="2"><path d="M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z"/><circle cx="12" cy="12" r="3"/></svg>',
};

function icon(name) {
  const span = el('span', 'icon');
  span.innerHTML = ICONS[name];
  return span;
}

function el(tag, className, text, child) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== null && text !== undefined) element.textContent = text;
  if (child) element.append(child);
  return element;
}

function toast(text, kind = 'info') {
  const box = el('div', `toast ${kind}`, text);
  $('toasts').append(box);
  setTimeout(() => box.remove(), 5000);
}

/** Discord's markdown, the parts the bot uses: bold, italic, code, quotes, mentions, links. */
function markdown(text) {
  const fragment = document.createDocumentFragment();
  const lines = String(text).split('\n');
  lines.forEach((line, i) => {
    if (i > 0) fragment.append(el('br'));
    let rest = line;
    if (rest.startsWith('> ')) {
      const quote = el('span', 'quote');
      quote.append(inline(rest.slice(2)));
      fragment.append(quote);
      return;
    }
    if (/^#{1,3} /.test(rest)) {
      const heading = el('span', 'md-heading');
      rest = rest.replace(/^#{1,3} /, '');
      heading.append(inline(rest));
      fragment.append(heading);
      return;
    }
    fragment.append(inline(rest));
  });
  return fragment;
}

const INLINE =
  /(\*\*[^*]+\*\*|__[^_]+__|\*[^*\s][^*]*\*|_[^_\s][^_]*_|`[^`]+`|~~[^~]+~~|<@!?\d+>|<#\d+>|<t:\d+(?::\w)?>|\[[^\]]+\]\([^)]+\))/;

function inline(text) {
  const fragment = document.createDocumentFragment();
  for (const part of text.split(INLINE)) {
    if (!part) continue;
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4)
      fragment.append(el('b', null, null, inline(part.slice(2, -2))));
    else if (part.startsWith('__') && part.endsWith('__') && part.length > 4)
      fragment.append(el('u', null, null, inline(part.slice(2, -2))));
    else if (part.startsWith('~~') && part.endsWith('~~')) fragment.append(el('s', null, part.slice(2, -2)));
    else if (/^[*_].+[*_]$/.test(part) && part.length > 2)
      fragment.append(el('i', null, null, inline(part.slice(1, -1))));
    else if (part.startsWith('`') && part.endsWith('`')) fragment.append(el('code', null, part.slice(1, -1)));
    else if (/^<@!?\d+>$/.test(part)) {
      const id = part.replace(/\D/g, '');
      const who = state.people.find((p) => p.id === id);
      fragment.append(el('span', `mention${who?.key === state.me ? ' self' : ''}`, `@${who?.name ?? 'someone'}`));
    } else if (/^<#\d+>$/.test(part)) {
      const id = part.replace(/\D/g, '');
      fragment.append(el('span', 'mention', `#${state.channels.find((c) => c.id === id)?.name ?? 'channel'}`));
    } else if (/^<t:\d+/.test(part)) {
      const [seconds, style] = part.slice(3, -1).split(':');
      const span = el('span', 'timestamp');
      span.dataset.at = String(Number(seconds) * 1000);
      span.dataset.style = style ?? 'f';
      span.title = new Date(Number(seconds) * 1000).toLocaleString(chromeLocale());
      span.textContent = timestampText(span);
      fragment.append(span);
    } else if (/^\[[^\]]+\]\([^)]+\)$/.test(part)) {
      const [, label, href] = /^\[([^\]]+)\]\(([^)]+)\)$/.exec(part);
      const link = el('a', null, label);
      if (/^https?:/.test(href)) link.href = href;
      link.target = '_blank';
      fragment.append(link);
    } else fragment.append(document.createTextNode(part));
  }
  return fragment;
}

/**
 * A Discord timestamp as the client shows it: `:R` relative ("in 2 minutes", "2分後"), kept current by a timer;
 * the other styles as a date and time.
 */
function timestampText(span) {
  const at = Number(span.dataset.at);
  const date = new Date(at);
  const locale = chromeLocale();
  switch (span.dataset.style) {
    case 'R': {
      const seconds = Math.round((at - Date.now()) / 1000);
      const units = [
        ['year', 31_536_000],
        ['month', 2_592_000],
        ['day', 86_400],
        ['hour', 3_600],
        ['minute', 60],
        ['second', 1],
      ];
      const [unit, size] = units.find(([, size]) => Math.abs(seconds) >= size) ?? ['second', 1];
      return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(Math.round(seconds / size), unit);
    }
    case 't':
      return date.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
    case 'T':
      return date.toLocaleTimeString(locale);
    case 'd':
      return date.toLocaleDateString(locale);
    case 'D':
      return date.toLocaleDateString(locale, { dateStyle: 'long' });
    default:
      return date.toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short' });
  }
}

setInterval(() => {
  for (const span of document.querySelectorAll('.timestamp[data-style="R"]')) span.textContent = timestampText(span);
}, 1000);

// ---------------------------------------------------------------- start

$('command').addEventListener('input', onCommandInput);
$('command').addEventListener('focus', onCommandInput);
$('command').addEventListener('blur', () => hideSuggestionsOf($('command')));
$('command').addEventListener('keydown', (event) => {
  if (event.key === 'Escape') hideSuggestions();
  if (event.key === 'Tab' && !$('suggestions').hidden) {
    event.preventDefault();
    $('suggestions').querySelector('.suggestion.selected')?.dispatchEvent(new MouseEvent('mousedown'));
  }
});
$('messages').addEventListener('scroll', () => {
  const box = $('messages');
  state.stick = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
});
// An image that finishes loading makes its message taller: stay at the bottom if we were there.
$('messages').addEventListener(
  'load',
  () => {
    if (state.stick) $('messages').scrollTop = $('messages').scrollHeight;
  },
  true,
);
$('locale').addEventListener('change', async (event) => {
  const locale = event.target.value;
  try {
    await post('locale', { locale });
    const me = person(state.me);
    if (me) me.locale = locale;
    drawChrome();
    for (const { element } of state.drawn.values()) element.remove();
    state.drawn.clear();
    drawMessages();
  } catch (error) {
    toast(error.message, 'error');
  }
});
$('send').addEventListener('pointerdown', () => {
  sendPressed = true;
});
$('composer').addEventListener('submit', (event) => void submitComposer(event));
document.addEventListener('click', (event) => {
  for (const menu of document.querySelectorAll('.select-menu:not([hidden])')) {
    if (!menu.parentElement.contains(event.target)) menu.hidden = true;
  }
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') $('modal').hidden = true;
  // Up and down move through the offered commands or choices.
  const box = $('suggestions');
  if (box.hidden || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
  event.preventDefault();
  const items = [...box.querySelectorAll('.suggestion')];
  const at = items.findIndex((item) => item.classList.contains('selected'));
  const next = (at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
  items[at]?.classList.remove('selected');
  items[next]?.classList.add('selected');
  items[next]?.scrollIntoView({ block: 'nearest' });
});

await loadCommands();
connect();
