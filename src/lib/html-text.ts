/**
 * The text of an HTML e-mail, to be shown as text and never rendered as HTML: the markup is parsed into an inert
 * document (DOMParser runs no script and loads no image or style) and only its text is read, with a line break for
 * each `<br>` and around each block (paragraph, list item, table row, heading), so the lines read as they were laid
 * out. What scripts, styles and the head hold is left out.
 */
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'HEAD', 'TEMPLATE', 'NOSCRIPT', 'TITLE']);
const BLOCKS = new Set([
  'P',
  'DIV',
  'LI',
  'UL',
  'OL',
  'TR',
  'TABLE',
  'BLOCKQUOTE',
  'PRE',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HR',
  'SECTION',
  'ARTICLE',
  'HEADER',
  'FOOTER',
]);

function collect(node: Node, parts: string[], preformatted: boolean): void {
  if (node.nodeType === Node.TEXT_NODE) {
    const text = node.nodeValue ?? '';
    parts.push(preformatted ? text : text.replace(/\s+/g, ' '));
    return;
  }
  if (!(node instanceof Element)) return;
  if (SKIPPED.has(node.tagName)) return;
  if (node.tagName === 'BR') return void parts.push('\n');
  const block = BLOCKS.has(node.tagName);
  if (block) parts.push('\n');
  const pre = preformatted || node.tagName === 'PRE';
  for (const child of node.childNodes) collect(child, parts, pre);
  if (node.tagName === 'TD' || node.tagName === 'TH') parts.push(' ');
  if (block) parts.push('\n');
}

export function htmlToText(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const parts: string[] = [];
  collect(document.body, parts, false);
  return parts
    .join('')
    .split('\n')
    .map((line) => line.replace(/^[ \t]+|[ \t]+$/g, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
