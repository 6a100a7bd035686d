import { translatorFor, type Language } from '../http/i18n';
import { escapeHtml } from '../http/html';

export type MailPayload = { to: string; language: Language; template: string; params: Record<string, string | number> };
export type RenderedMail = { to: string; subject: string; text: string; html: string };

/** locales/<language>/mail.json `<template>.subject` and `.body`, plus the signature; links become anchors in the HTML part. */
export function renderMail({ to, language, template, params }: MailPayload): RenderedMail {
  const t = translatorFor(language);
  const subjectKey = `mail:${template}.subject`;
  const subject = t(subjectKey, params);
  if (subject === subjectKey || subject === `${template}.subject`) throw new Error(`unknown mail template ${template}`);
  const text = `${t(`mail:${template}.body`, params)}\n\n--\n${t('mail:signature')}\n`;
  const html = text
    .split('\n')
    .map((line) =>
      /^https?:\/\/\S+$/.test(line.trim()) ? `<a href="${escapeHtml(line.trim())}">${escapeHtml(line.trim())}</a>` : escapeHtml(line),
    )
    .join('<br>\n');
  return { to, subject, text, html: `<!doctype html><html><body>${html}</body></html>` };
}
