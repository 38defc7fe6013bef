import { describe, expect, it } from 'vitest';
import { buildChatLink, canFrame, chat2Source, chatLinkProblem, chatSourceAt, type ChatLinkSource } from './chat-link';

const credentials = { key: 'sk-abc123', address: 'https://gw.example.com' };
const template = (link: string): ChatLinkSource => ({ name: '', link, settingsFragment: false });
const base = (link: string): ChatLinkSource => ({ name: '', link, settingsFragment: true });

describe(buildChatLink.name, () => {
  it("fills {key} and {address} in, the address encoded as new-api's default entries expect", () => {
    const sut = buildChatLink(template('https://chat.example.com/#/?settings={"key":"{key}","url":"{address}"}'), credentials);
    expect(sut).toEqual({ ok: true, url: 'https://chat.example.com/#/?settings={%22key%22:%22sk-abc123%22,%22url%22:%22https%3A%2F%2Fgw.example.com%22}' });
  });

  it('fills every occurrence of a placeholder', () => {
    const sut = buildChatLink(template('https://chat.example.com/?key={key}&again={key}&base={address}/v1'), credentials);
    expect(sut).toEqual({ ok: true, url: 'https://chat.example.com/?key=sk-abc123&again=sk-abc123&base=https%3A%2F%2Fgw.example.com/v1' });
  });

  it('keeps a value from breaking out of its parameter', () => {
    const sut = buildChatLink(template('https://chat.example.com/?key={key}&url={address}'), { key: 'sk-a&admin=1', address: 'https://gw.example.com/?x=1#y' });
    if (!sut.ok) throw new Error('refused');
    const params = new URL(sut.url).searchParams;
    expect([...params.keys()]).toEqual(['key', 'url']);
    expect(params.get('key')).toBe('sk-a&admin=1');
    expect(params.get('url')).toBe('https://gw.example.com/?x=1#y');
  });

  it("puts key and address into one-api's settings fragment for a ChatLink without placeholders", () => {
    const sut = buildChatLink(base('https://chat.example.com/'), credentials);
    if (!sut.ok) throw new Error('refused');
    expect(sut.url).toBe(`https://chat.example.com/#/?settings=${encodeURIComponent('{"key":"sk-abc123","url":"https://gw.example.com"}')}`);
    const settings = new URLSearchParams(new URL(sut.url).hash.slice('#/?'.length)).get('settings');
    expect(JSON.parse(settings ?? '')).toEqual({ key: 'sk-abc123', url: 'https://gw.example.com' });
  });

  it('fills the placeholders of a ChatLink that has them, without the settings fragment', () => {
    expect(buildChatLink(base('https://chat.example.com/?key={key}'), credentials)).toEqual({ ok: true, url: 'https://chat.example.com/?key=sk-abc123' });
  });

  it('uses a Chats entry without placeholders as written', () => {
    expect(buildChatLink(template('https://chat.example.com/room'), credentials)).toEqual({ ok: true, url: 'https://chat.example.com/room' });
  });

  it('accepts http: links', () => {
    expect(buildChatLink(template('http://localhost:3000/?key={key}'), credentials)).toEqual({ ok: true, url: 'http://localhost:3000/?key=sk-abc123' });
  });

  it.each([
    ['javascript:', 'javascript:alert(document.cookie)//{key}'],
    ['javascript: in capitals with leading blanks', '  JavaScript:alert(1)'],
    ['javascript: split by a tab', 'java\tscript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['file:', 'file:///etc/passwd'],
    ['a relative path', '/chat?key={key}'],
    ['a protocol-relative link', '//evil.example.com/?key={key}'],
    ['a template that only becomes an address once filled', '{address}/chat?key={key}'],
  ])('refuses %s', (_, link) => {
    expect(buildChatLink(template(link), credentials)).toEqual({ ok: false, problem: 'unsafe' });
    expect(buildChatLink(base(link), credentials)).toEqual({ ok: false, problem: 'unsafe' });
  });

  it.each(['', '   '])('reports a missing link for %j', (link) => {
    expect(buildChatLink(base(link), credentials)).toEqual({ ok: false, problem: 'missing' });
  });
});

describe(chatLinkProblem.name, () => {
  it('tells a missing link from an unsafe one before anything is filled in', () => {
    expect(chatLinkProblem('')).toBe('missing');
    expect(chatLinkProblem('javascript:alert(1)')).toBe('unsafe');
    expect(chatLinkProblem('https://chat.example.com/#/?settings={"key":"{key}"}')).toBeNull();
  });
});

describe(chatSourceAt.name, () => {
  const chats = [{ 'ChatGPT Next Web': 'https://next.example.com/?key={key}' }, { 'Lobe Chat': 'https://lobe.example.com/?key={key}' }];

  it('picks entry id of Chats, the first without an id', () => {
    expect(chatSourceAt({ chats, chat_link: 'https://ignored.example.com' }, '1')).toEqual({ name: 'Lobe Chat', link: 'https://lobe.example.com/?key={key}', settingsFragment: false });
    expect(chatSourceAt({ chats }, undefined)).toEqual({ name: 'ChatGPT Next Web', link: 'https://next.example.com/?key={key}', settingsFragment: false });
  });

  it('falls back to ChatLink, with the settings fragment, while Chats is empty', () => {
    const expected = { name: '', link: 'https://chat.example.com', settingsFragment: true };
    expect(chatSourceAt({ chats: [], chat_link: 'https://chat.example.com' }, undefined)).toEqual(expected);
    expect(chatSourceAt({ chat_link: 'https://chat.example.com' }, '0')).toEqual(expected);
    expect(chatSourceAt({ chats: [], chat_link: 'https://chat.example.com' }, '1').link).toBe('');
  });

  it('accepts a bare link as an entry', () => {
    expect(chatSourceAt({ chats: ['https://bare.example.com'] }, '0')).toEqual({ name: '', link: 'https://bare.example.com', settingsFragment: false });
  });

  it.each([
    ['an id past the end', { chats }, '2'],
    ['an id that is not an index', { chats }, '-1'],
    ['an id with letters', { chats }, '1abc'],
    ['an entry without a link', { chats: [{ broken: 42 }] }, '0'],
    ['an entry that is a list', { chats: [['https://x.example.com']] }, '0'],
    ['an entry that is null', { chats: [null] }, '0'],
    ['nothing configured', {}, undefined],
  ])('gives no link for %s', (_, status, id) => {
    expect(chatSourceAt(status, id).link).toBe('');
  });
});

describe(chat2Source.name, () => {
  it('is ChatLink2 with the settings fragment', () => {
    expect(chat2Source({ chat_link2: 'https://chat2.example.com' })).toEqual({ name: '', link: 'https://chat2.example.com', settingsFragment: true });
    expect(chat2Source({ chat_link: 'https://chat.example.com', chat_link2: 'https://chat2.example.com' }).link).toBe('https://chat2.example.com');
    expect(chat2Source({}).link).toBe('');
  });

  it('falls back to ChatLink while ChatLink2 is empty', () => {
    expect(chat2Source({ chat_link: 'https://chat.example.com', chat_link2: '' })).toEqual({ name: '', link: 'https://chat.example.com', settingsFragment: true });
    expect(chat2Source({ chat_link: 'https://chat.example.com', chat_link2: '  ' }).link).toBe('https://chat.example.com');
    expect(chat2Source({ chat_link: 'https://chat.example.com' }).link).toBe('https://chat.example.com');
  });
});

describe(canFrame.name, () => {
  it('frames https: and the console itself, not another http: origin (the console CSP blocks those)', () => {
    expect(canFrame('https://chat.example.com/', 'http://localhost:3998')).toBe(true);
    expect(canFrame('http://localhost:3998/chat-app/', 'http://localhost:3998')).toBe(true);
    expect(canFrame('http://chat.example.com/', 'https://gw.example.com')).toBe(false);
    expect(canFrame('http://localhost:3000/', 'http://localhost:3998')).toBe(false);
  });
});
