/**
 * The two bodies of an update from one model of its lines: plain text, and short HTML with
 * inline styles (mail programs drop <style> blocks and never load anything external). Every
 * value is escaped here, in one place: a customer's cells and the carrier's names are untrusted.
 */
import type { CustomerLanguage } from '../../../shared/customer-rules.js';
import type { Wording } from './wording/index.js';

export interface UpdateLine {
  /** The customer's own reference, or null when their sheet had none (said as missing). */
  reference: string | null;
  equipment: string;
  vessel: string | null;
  /** The ETA as given (or old → new), or null when the carrier gives none (said as missing). */
  eta: string | null;
  etaNote: string | null;
  /** What is new, most important first: the ETA's move, milestones, free time, missing data. */
  news: string[];
}

export interface UpdateBody {
  language: CustomerLanguage;
  wording: Wording;
  subject: string;
  intro: string;
  lines: readonly UpdateLine[];
  attachmentNote: string | null;
  signature: string;
}

/** Text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "- PO 4711 · MSKU1234565 · MAERSK SEVILLE: Delayed 3 days. ETA 01 Dec 2026 14:00 → 04 Dec 2026 08:00 (5 days later than …)." */
function textLine(line: UpdateLine, w: Wording, withReference: boolean): string {
  const parts = [...(withReference ? [line.reference ?? w.missing.reference] : []), line.equipment, line.vessel ?? w.missing.vessel];
  const eta = line.eta === null ? capital(w.missing.eta) : `${w.headers.eta} ${line.eta}`;
  return `- ${parts.join(' · ')}: ${line.news.join('; ')}. ${eta}${line.etaNote === null ? '' : ` (${line.etaNote})`}.`;
}

/**
 * The customer's reference is a column only when some line has one: a customer whose sheet had no
 * such column (or a watchlist of shipments tracked by hand) gets no column of "no reference given".
 */
const hasReferences = (body: UpdateBody): boolean => body.lines.some((l) => l.reference !== null);

export function renderText(body: UpdateBody): string {
  const w = body.wording;
  const withReference = hasReferences(body);
  const paragraphs = [w.greeting, body.intro, body.lines.map((l) => textLine(l, w, withReference)).join('\n'), w.datesNote];
  if (body.attachmentNote !== null) paragraphs.push(body.attachmentNote);
  paragraphs.push(body.signature === '' ? w.closing : `${w.closing}\n${body.signature}`);
  return `${paragraphs.join('\n\n')}\n`;
}

const CELL = 'padding:6px 10px;border-top:1px solid #d9dee5;text-align:left;vertical-align:top';
const MUTED = 'color:#566273';

/** Each date stays whole on its line; an old → new pair may break at the arrow, so a narrow window never cuts it. */
function etaHtml(eta: string): string {
  return eta
    .split(' → ')
    .map((part) => `<span style="white-space:nowrap">${escapeHtml(part)}</span>`)
    .join(' → ');
}

function htmlRow(line: UpdateLine, w: Wording, withReference: boolean): string {
  const missing = (text: string) => `<span style="${MUTED};font-style:italic">${escapeHtml(text)}</span>`;
  const cells = [
    ...(withReference ? [line.reference === null ? missing(w.missing.reference) : escapeHtml(line.reference)] : []),
    `<span style="font-family:Consolas,Menlo,monospace">${escapeHtml(line.equipment)}</span>`,
    line.vessel === null ? missing(w.missing.vessel) : escapeHtml(line.vessel),
    line.news.map(escapeHtml).join('<br>'),
    `${line.eta === null ? missing(w.missing.eta) : etaHtml(line.eta)}${line.etaNote === null ? '' : `<br><span style="${MUTED};font-size:12px">${escapeHtml(line.etaNote)}</span>`}`,
  ];
  return `<tr>${cells.map((c) => `<td style="${CELL}">${c}</td>`).join('')}</tr>`;
}

export function renderHtml(body: UpdateBody): string {
  const w = body.wording;
  const h = w.headers;
  const withReference = hasReferences(body);
  const head = [...(withReference ? [h.reference] : []), h.equipment, h.vessel, h.news, h.eta].map((t) => `<th style="${CELL};border-top:0;font-size:12px;${MUTED}">${escapeHtml(t)}</th>`).join('');
  const closing = body.signature === '' ? escapeHtml(w.closing) : `${escapeHtml(w.closing)}<br>${escapeHtml(body.signature)}`;
  return [
    '<!DOCTYPE html>',
    `<html lang="${body.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(body.subject)}</title></head>`,
    '<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.45;color:#17202b;background:#ffffff">',
    `<p style="margin:0 0 12px">${escapeHtml(w.greeting)}</p>`,
    `<p style="margin:0 0 12px">${escapeHtml(body.intro)}</p>`,
    `<table cellpadding="0" cellspacing="0" style="width:100%;max-width:760px;border-collapse:collapse;border:1px solid #d9dee5;margin:0 0 12px"><thead><tr style="background:#f4f6f8">${head}</tr></thead>`,
    `<tbody>${body.lines.map((l) => htmlRow(l, w, withReference)).join('')}</tbody></table>`,
    `<p style="margin:0 0 12px;font-size:12px;${MUTED}">${escapeHtml(w.datesNote)}</p>`,
    body.attachmentNote === null ? '' : `<p style="margin:0 0 12px">${escapeHtml(body.attachmentNote)}</p>`,
    `<p style="margin:0">${closing}</p>`,
    '</body></html>',
    '',
  ].join('\n');
}
