import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownContent } from './MarkdownContent';

describe('MarkdownContent', () => {
  it('renders Markdown with headings moved below the page heading', () => {
    render(<MarkdownContent markdown={'# Personvern\n\n## Rettigheter\n\nTekst med **vekt**.'} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Personvern' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Rettigheter' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByText('vekt').tagName).toBe('STRONG');
  });

  it('drops raw HTML and unsafe links', () => {
    const { container } = render(
      <MarkdownContent
        markdown={'<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[farlig](javascript:alert(3)) [trygg](https://example.no)'}
      />,
    );
    expect(container.querySelector('script, img, [onerror]')).toBeNull();
    expect(container.innerHTML).not.toContain('alert');
    expect(screen.queryByRole('link', { name: 'farlig' })).not.toBeInTheDocument();
    expect(screen.getByText(/farlig/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'trygg' })).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
