import { describe, expect, it } from 'vitest';
import { withSocialMeta } from './share-page.ts';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Qal</title>
    <meta name="description" content="Play Hangman on Qal" />
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/assets/index.js"></script>
  </body>
</html>
`;

describe('the share page’s social meta tags', () => {
  it('puts a player’s name in literally: no $ patterns expanded, no markup let through', () => {
    const name = "Eve$'$&$`</script><script>alert(1)</script>";
    const html = withSocialMeta(INDEX_HTML, { title: `${name}’s statistics on Qal`, description: name, url: '/stats/share/x' });
    const escaped = 'Eve$&#39;$&amp;$`&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;';

    expect(html).toContain(`<title>${escaped}’s statistics on Qal</title>`);
    expect(html).toContain(`<meta name="description" content="${escaped}" />`);
    expect(html).toContain(`<meta property="og:title" content="${escaped}’s statistics on Qal" />`);
    expect(html).toContain(`<meta name="twitter:description" content="${escaped}" />`);
    // The page around the tags is the template's, once: nothing of it copied in by `$&`, `$'` or `$\``.
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<body>/g)).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('Play Hangman on Qal');
    expect(html.slice(html.indexOf('</head>'))).toBe(INDEX_HTML.slice(INDEX_HTML.indexOf('</head>')));
  });
});
