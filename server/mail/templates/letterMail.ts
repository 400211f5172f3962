/**
 * The company's letter (issue 35): every mail the client or the office receives is an HTML
 * page with the letterhead (logo, name), the message, an optional button, the figures (total,
 * valid until) and the company's phone and address, and a plain-text twin with the same
 * content. Inline styles only, the logo a CID attachment (no remote image), one column that
 * fits 390 px, colours set on every block so a dark-mode client keeps the contrast. Every value
 * is HTML-escaped here, once.
 */
import { MAIL_LANG, mailWords } from '../../../src/domain/proposalTemplates';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text for HTML: whatever a client or user typed is shown, never interpreted. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** The Content-ID the logo attachment carries and the letter's <img> names. */
export const LOGO_CID = 'company-logo@yardstick';

export interface LetterCompany {
  name: string;
  phone: string | null;
  email: string | null;
  website?: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** Whether a logo is attached (as LOGO_CID). */
  hasLogo: boolean;
}

export interface Letter {
  subject: string;
  company: LetterCompany;
  /** The body: paragraphs separated by blank lines, as typed. */
  message: string;
  /** The call to action, a link the client follows. */
  button?: { label: string; url: string };
  /** Label and value pairs shown as a small table (Total, Valid until). */
  facts?: { label: string; value: string }[];
}

export interface RenderedLetter {
  html: string;
  text: string;
}

const INK = '#1d2320';
const MUTED = '#4f5a54';
const PAPER = '#ffffff';
const PAGE = '#eef2ee';
const BRAND = '#2e6b34';
const FONT = "font-family: -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** The address lines of the company, skipping blanks: "12 Main St", "Princeton, NJ 08540". */
export function addressLines(company: LetterCompany): string[] {
  const cityLine = [company.city, [company.state, company.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [company.address1, company.address2, cityLine].filter((line): line is string => Boolean(line && line.trim()));
}

const paragraphsHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .filter((part) => part.trim())
    .map(
      (part) =>
        `<p style="margin: 0 0 16px 0; color: ${INK}; overflow-wrap: anywhere; word-break: break-word">${escapeHtml(part).replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');

function letterheadHtml(company: LetterCompany): string {
  const logo = company.hasLogo
    ? `<img src="cid:${LOGO_CID}" alt="${escapeHtml(company.name)}" width="64" style="display: block; width: 64px; max-width: 64px; height: auto; border: 0; margin: 0 0 8px 0">`
    : '';
  return `<td style="padding: 20px 24px; background-color: ${PAPER}; border-bottom: 3px solid ${BRAND}">${logo}<div style="${FONT}; font-size: 20px; line-height: 1.3; font-weight: bold; color: ${INK}; overflow-wrap: anywhere">${escapeHtml(company.name)}</div></td>`;
}

function factsHtml(facts: { label: string; value: string }[]): string {
  const rows = facts
    .map(
      (fact) =>
        `<tr><td style="padding: 6px 12px 6px 0; color: ${MUTED}; font-size: 15px">${escapeHtml(fact.label)}</td><td align="right" style="padding: 6px 0; color: ${INK}; font-size: 17px; font-weight: bold; text-align: right">${escapeHtml(fact.value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width: 100%; border-collapse: collapse; border-top: 1px solid #d5ddd6; border-bottom: 1px solid #d5ddd6; margin: 0 0 20px 0">${rows}</table>`;
}

function buttonHtml(button: { label: string; url: string }): string {
  const url = escapeHtml(button.url);
  return [
    `<table role="presentation" cellpadding="0" cellspacing="0" style="margin: 8px auto 20px auto; border-collapse: separate"><tr><td align="center" bgcolor="${BRAND}" style="background-color: ${BRAND}; border-radius: 6px">`,
    `<a href="${url}" style="display: inline-block; padding: 14px 28px; ${FONT}; font-size: 17px; font-weight: bold; line-height: 1.2; color: #ffffff; text-decoration: none; border-radius: 6px">${escapeHtml(button.label)}</a>`,
    `</td></tr></table>`,
    `<p style="margin: 0 0 8px 0; color: ${MUTED}; font-size: 13px">${escapeHtml(mailWords.linkFallback)}</p>`,
    `<p style="margin: 0 0 16px 0; font-size: 13px; word-break: break-all; overflow-wrap: anywhere"><a href="${url}" style="color: ${BRAND}">${url}</a></p>`,
  ].join('\n');
}

function footerHtml(company: LetterCompany): string {
  const lines = [
    `<strong style="color: ${INK}">${escapeHtml(company.name)}</strong>`,
    ...(company.phone
      ? [`<a href="tel:${escapeHtml(company.phone.replace(/[^\d+]/g, ''))}" style="color: ${BRAND}">${escapeHtml(company.phone)}</a>`]
      : []),
    ...addressLines(company).map(escapeHtml),
    ...(company.email ? [`<a href="mailto:${escapeHtml(company.email)}" style="color: ${BRAND}">${escapeHtml(company.email)}</a>`] : []),
  ];
  return `<td style="padding: 16px 24px 20px 24px; background-color: #f6f8f6; color: ${MUTED}; ${FONT}; font-size: 13px; line-height: 1.6; overflow-wrap: anywhere">${lines.join('<br>')}</td>`;
}

function letterText(letter: Letter): string {
  const { company } = letter;
  const parts = [company.name, '', letter.message.trim(), ''];
  if (letter.facts?.length) parts.push(...letter.facts.map((fact) => `${fact.label}: ${fact.value}`), '');
  if (letter.button) parts.push(`${letter.button.label}:`, letter.button.url, '');
  parts.push(
    '--',
    company.name,
    ...(company.phone ? [company.phone] : []),
    ...addressLines(company),
    ...(company.email ? [company.email] : []),
  );
  return `${parts.join('\n')}\n`;
}

/** The letter as HTML and as plain text, with the same content. */
export function renderLetter(letter: Letter): RenderedLetter {
  const body = [
    paragraphsHtml(letter.message),
    letter.facts?.length ? factsHtml(letter.facts) : '',
    letter.button ? buttonHtml(letter.button) : '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${MAIL_LANG}" style="color-scheme: light; supported-color-schemes: light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(letter.subject)}</title>
</head>
<body style="margin: 0; padding: 0; background-color: ${PAGE}; color: ${INK}; ${FONT}; -webkit-text-size-adjust: 100%">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" bgcolor="${PAGE}" style="width: 100%; background-color: ${PAGE}; border-collapse: collapse">
<tr><td align="center" style="padding: 16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" bgcolor="${PAPER}" style="width: 100%; max-width: 600px; background-color: ${PAPER}; border-collapse: collapse; table-layout: fixed">
<tr>${letterheadHtml(letter.company)}</tr>
<tr><td style="padding: 24px; background-color: ${PAPER}; color: ${INK}; ${FONT}; font-size: 16px; line-height: 1.5">
${body}
</td></tr>
<tr>${footerHtml(letter.company)}</tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { html, text: letterText(letter) };
}
