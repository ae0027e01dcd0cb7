// Nothing fetched from elsewhere, since the archive is opened from file://; site-style.test.ts holds the colours to the theme.
export const SITE_PALETTE = {
  light: {
    bg: "#fdfaf5",
    fg: "#2b2118",
    muted: "#f1ebe2",
    "muted-fg": "#5f5245",
    card: "#ffffff",
    border: "#e3d9cc",
    primary: "#9a3f12",
    "primary-fg": "#ffffff",
    ring: "#c2570c",
  },
  dark: {
    bg: "#1b1612",
    fg: "#f5ede3",
    muted: "#2a231d",
    "muted-fg": "#c9bcad",
    card: "#241e19",
    border: "#40362d",
    primary: "#f0a36b",
    "primary-fg": "#1b1612",
    ring: "#f0a36b",
  },
} as const;

/** The product's font stacks (tailwind.css --font-sans, --font-serif): system fonts, nothing to download. */
export const SITE_FONTS = {
  sans: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  serif: 'Georgia, "Times New Roman", serif',
} as const;

const vars = (palette: Record<string, string>) =>
  Object.entries(palette)
    .map(([name, value]) => `--${name}:${value}`)
    .join(";");

export const SITE_STYLESHEET = `/* Storyhearth family archive */
:root{${vars(SITE_PALETTE.light)};color-scheme:light}
@media (prefers-color-scheme:dark){:root{${vars(SITE_PALETTE.dark)};color-scheme:dark}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font-family:${SITE_FONTS.sans};line-height:1.6;overflow-wrap:anywhere;-webkit-font-smoothing:antialiased}
header.site{background:var(--card);border-bottom:1px solid var(--border)}
header.site nav,main{max-width:44rem;margin:0 auto;padding:0 1rem}
header.site nav{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;min-height:3.25rem}
header.site .brand{font-weight:600;color:var(--fg);text-decoration:none}
main{padding-top:1.5rem;padding-bottom:3rem}
h1,h2,h3{font-family:${SITE_FONTS.serif};line-height:1.25;font-weight:600}
h1{font-size:2rem;margin:.5rem 0 .75rem}
h2{font-size:1.35rem;margin:2rem 0 .75rem}
h3{font-size:1.1rem;margin:1.5rem 0 .5rem}
a{color:var(--primary);text-underline-offset:.2em}
a:focus-visible{outline:2px solid var(--ring);outline-offset:2px}
.meta{color:var(--muted-fg);font-size:.9rem}
section,article{background:var(--card);border:1px solid var(--border);border-radius:.5rem;padding:.25rem 1.25rem 1rem;margin:1.25rem 0}
section>h2,article>h2{margin-top:1rem}
ul,ol{padding-left:1.25rem}
li{margin:.35rem 0}
.story p,article p{font-family:${SITE_FONTS.serif};font-size:1.075rem}
figure{margin:1.25rem 0}
img{max-width:100%;height:auto;border-radius:.375rem;display:block}
audio{width:100%;margin:.5rem 0}
pre{white-space:pre-wrap;font-family:${SITE_FONTS.serif};background:var(--muted);border-radius:.375rem;padding:1rem}
.keepsake{display:inline-flex;align-items:center;gap:.5rem;background:var(--primary);color:var(--primary-fg);border-radius:.375rem;padding:.6rem 1rem;font-weight:500;text-decoration:none}
.keepsake:hover{opacity:.9}
`;
