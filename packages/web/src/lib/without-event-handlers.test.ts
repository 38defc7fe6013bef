import { describe, expect, it } from 'vitest';
import { withoutEventHandlers } from './without-event-handlers';

describe(withoutEventHandlers.name, () => {
  it.each([
    ['<img src="https://a.example/x.png" onerror="alert(1)">', '<img src="https://a.example/x.png">'],
    ["<b onclick='go()' title=t>粗</b>", '<b title=t>粗</b>'],
    ['<img src=x onerror=alert(1) alt=y>', '<img src=x alt=y>'],
    ['<img src="x"onerror="alert(1)">', '<img src="x">'],
    ['<img/onerror=alert(1)>', '<img>'],
    ['<svg><a ONMOUSEOVER="x()"\n  href="#">a</a></svg>', '<svg><a\n  href="#">a</a></svg>'],
    ['<body onload="x()"><p>正文</p>', '<body><p>正文</p>'],
    ['<img src=x onerror>', '<img src=x>'],
  ])('takes the handlers out of %j', (html, expected) => {
    expect(withoutEventHandlers(html)).toBe(expected);
  });

  it.each([
    ['text that reads like an attribute', '<p>设置 onboarding=true 后 a < b, c > d</p>'],
    ['an address whose value holds on…=', '<a href="https://a.example/?onclick=1" title="x onerror=y">链接</a>'],
    ['an unquoted value with a slash', '<a href=https://a.example/onerror=1>链接</a>'],
    ['a comment', '<!-- <img onerror="x()"> --><p>正文</p>'],
    ['attributes with "on" inside their names', '<td colspan="2" data-on="1">格</td>'],
  ])('leaves %s as it is', (_, html) => {
    expect(withoutEventHandlers(html)).toBe(html);
  });
});
