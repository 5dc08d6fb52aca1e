/**
 * Answers are plain text with a little markdown (paragraphs, "- " lists, **bold**) and citations
 * [1], [2]. This turns one into blocks the page renders as React elements, so nothing a model
 * writes is ever treated as HTML.
 */

export type Inline = { kind: 'text'; text: string } | { kind: 'strong'; text: string } | { kind: 'cite'; n: number };

export type Block = { kind: 'paragraph'; lines: Inline[][] } | { kind: 'list'; items: Inline[][] };

const inlinePattern = /\*\*([^*]+)\*\*|\[(\d{1,2})\]/g;

export function parseInline(text: string): Inline[] {
  const parts: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(inlinePattern)) {
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    if (match[1] !== undefined) parts.push({ kind: 'strong', text: match[1] });
    else parts.push({ kind: 'cite', n: Number(match[2]) });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

const listItem = /^\s*[-*•]\s+/;

export function parseAnswer(text: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) continue;
    let paragraph: Inline[][] = [];
    let list: Inline[][] = [];
    const flush = () => {
      if (paragraph.length > 0) blocks.push({ kind: 'paragraph', lines: paragraph });
      if (list.length > 0) blocks.push({ kind: 'list', items: list });
      paragraph = [];
      list = [];
    };
    for (const line of lines) {
      if (listItem.test(line)) {
        if (paragraph.length > 0) flush();
        list.push(parseInline(line.replace(listItem, '')));
      } else {
        if (list.length > 0) flush();
        paragraph.push(parseInline(line));
      }
    }
    flush();
  }
  return blocks;
}
