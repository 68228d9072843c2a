import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Markdown, { type Components } from 'react-markdown';
import { safeExternalUrl } from '@/lib/url';

// Headings are moved down so a text shown in a dialog (whose title is an h2)
// never adds a second h1 or breaks the page's outline.
const components: Components = {
  h1: ({ node: _node, ...props }) => <h3 {...props} />,
  h2: ({ node: _node, ...props }) => <h4 {...props} />,
  h3: ({ node: _node, ...props }) => <h5 {...props} />,
  h4: ({ node: _node, ...props }) => <h6 {...props} />,
  h5: ({ node: _node, ...props }) => <h6 {...props} />,
  a: ({ node: _node, href, children }) => {
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
  },
};

/**
 * Renders a school's Markdown text (privacy policy, accessibility statement).
 * Raw HTML in the text is dropped (`skipHtml`, no rehype-raw) and
 * react-markdown's default URL filter removes `javascript:` and similar links,
 * so an edited text cannot inject markup or script.
 */
export function MarkdownContent({ markdown }: { markdown: string }) {
  return (
    <Box
      sx={{
        '& h3, & h4, & h5, & h6': { mt: 3, mb: 1, lineHeight: 1.3 },
        '& h3': { fontSize: '1.25rem' },
        '& h4': { fontSize: '1.125rem' },
        '& h5, & h6': { fontSize: '1rem' },
        '& p, & li': { lineHeight: 1.6 },
        '& > :first-of-type': { mt: 0 },
      }}
    >
      <Markdown skipHtml components={components}>
        {markdown}
      </Markdown>
    </Box>
  );
}
