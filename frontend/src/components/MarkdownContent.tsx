import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { safeExternalUrl } from '@/lib/url';

type HeadingTag = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
const HEADINGS: HeadingTag[] = ['h2', 'h3', 'h4', 'h5', 'h6'];

function Anchor({ href, children }: { href?: string | undefined; children?: ReactNode }) {
  const external = safeExternalUrl(href);
  if (external) {
    return (
      <Link href={external} target="_blank" rel="noopener noreferrer">
        {children}
      </Link>
    );
  }
  // The default URL filter empties unsafe links (`javascript:`); show their text only.
  if (!href) return <>{children}</>;
  return <Link href={href}>{children}</Link>;
}

/**
 * Headings are moved down so the text never adds a second h1 or breaks the
 * outline: a Markdown `#` becomes `topHeading` (h3 under a dialog's h2 title,
 * h2 under a page's h1), `##` the level below, and so on.
 */
function componentsFor(topHeading: 'h2' | 'h3'): Components {
  const offset = HEADINGS.indexOf(topHeading);
  const heading = (level: number) => HEADINGS[Math.min(offset + level - 1, HEADINGS.length - 1)] ?? 'h6';
  const make = (level: number): Components['h1'] => {
    const Tag = heading(level);
    return ({ node: _node, ...props }) => <Tag {...props} />;
  };
  return {
    h1: make(1),
    h2: make(2),
    h3: make(3),
    h4: make(4),
    h5: make(5),
    h6: make(6),
    a: ({ node: _node, href, children }) => <Anchor href={href}>{children}</Anchor>,
  };
}

const dialogComponents = componentsFor('h3');
const pageComponents = componentsFor('h2');

/**
 * Renders a school's Markdown text (privacy policy, accessibility statement).
 * Raw HTML in the text is dropped (`skipHtml`, no rehype-raw) and
 * react-markdown's default URL filter removes `javascript:` and similar links,
 * so an edited text cannot inject markup or script.
 */
export function MarkdownContent({ markdown, topHeading = 'h3' }: { markdown: string; topHeading?: 'h2' | 'h3' }) {
  return (
    <Box
      sx={{
        '& h2, & h3, & h4, & h5, & h6': { mt: 3, mb: 1, lineHeight: 1.3 },
        '& h2': { fontSize: '1.375rem' },
        '& h3': { fontSize: '1.25rem' },
        '& h4': { fontSize: '1.125rem' },
        '& h5, & h6': { fontSize: '1rem' },
        '& p, & li': { lineHeight: 1.6 },
        '& > :first-of-type': { mt: 0 },
      }}
    >
      <Markdown skipHtml components={topHeading === 'h2' ? pageComponents : dialogComponents}>
        {markdown}
      </Markdown>
    </Box>
  );
}
