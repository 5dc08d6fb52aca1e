import { Anchor, List, Text } from '@mantine/core';
import { Fragment } from 'react';
import { type Inline, parseAnswer } from '../answer-text';

function InlineParts({ parts, citeHref }: { parts: Inline[]; citeHref: (n: number) => string | undefined }) {
  return parts.map((part, index) => {
    if (part.kind === 'strong') return <strong key={index}>{part.text}</strong>;
    if (part.kind === 'text') return <Fragment key={index}>{part.text}</Fragment>;
    const href = citeHref(part.n);
    return href ? (
      <sup key={index}>
        <Anchor href={href} size="xs" underline="always" aria-label={`Source ${part.n}`}>
          [{part.n}]
        </Anchor>
      </sup>
    ) : (
      <Fragment key={index}>[{part.n}]</Fragment>
    );
  });
}

/** An answer's text: paragraphs, lists, bold, and citations linking to its sources below. */
export function AnswerText({ text, citeHref }: { text: string; citeHref: (n: number) => string | undefined }) {
  return parseAnswer(text).map((block, index) =>
    block.kind === 'list' ? (
      <List key={index} size="sm" spacing={4} withPadding>
        {block.items.map((item, itemIndex) => (
          <List.Item key={itemIndex}>
            <InlineParts parts={item} citeHref={citeHref} />
          </List.Item>
        ))}
      </List>
    ) : (
      <Text key={index} size="sm" mb={6}>
        {block.lines.map((line, lineIndex) => (
          <Fragment key={lineIndex}>
            {lineIndex > 0 && <br />}
            <InlineParts parts={line} citeHref={citeHref} />
          </Fragment>
        ))}
      </Text>
    ),
  );
}
