import type { Mail } from './mailer.service';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The verification-code mail (registration, e-mail binding). */
export function codeMail(to: string, systemName: string, code: string, minutes: number): Mail {
  const name = escapeHtml(systemName);
  return {
    to,
    subject: `${systemName}邮箱验证邮件`,
    text: `您好，你正在进行${systemName}邮箱验证。\n您的验证码为：${code}\n验证码 ${minutes} 分钟内有效，如果不是本人操作，请忽略。`,
    html:
      `<p>您好，你正在进行${name}邮箱验证。</p>` +
      `<p>您的验证码为：<strong>${code}</strong></p>` +
      `<p>验证码 ${minutes} 分钟内有效，如果不是本人操作，请忽略。</p>`,
  };
}

/** The password-reset mail with its single-use link. */
export function resetMail(to: string, systemName: string, link: string, minutes: number): Mail {
  const name = escapeHtml(systemName);
  const href = escapeHtml(link);
  return {
    to,
    subject: `${systemName}密码重置`,
    text: `您好，你正在进行${systemName}密码重置。\n打开以下链接重置密码（${minutes} 分钟内有效，只能使用一次）：\n${link}\n如果不是本人操作，请忽略。`,
    html:
      `<p>您好，你正在进行${name}密码重置。</p>` +
      `<p>点击 <a href="${href}">此处</a> 进行密码重置（${minutes} 分钟内有效，只能使用一次）。</p>` +
      `<p>如果链接无法点击，请尝试复制以下链接到浏览器中打开：<br>${href}</p>` +
      `<p>如果不是本人操作，请忽略。</p>`,
  };
}
