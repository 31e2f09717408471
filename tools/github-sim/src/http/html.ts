/** Small HTML helpers for the OAuth pages and the `html_url` pages. */

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
  body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; background: #f6f8fa; color: #1f2328; }
  header { background: #24292f; color: #fff; padding: 12px 24px; font-weight: 600; }
  header small { font-weight: 400; opacity: .7; margin-left: 8px; }
  main { max-width: 720px; margin: 32px auto; background: #fff; border: 1px solid #d0d7de; border-radius: 8px; padding: 24px 32px; }
  h1 { font-size: 24px; margin-top: 0; }
  label { display: block; font-weight: 600; margin: 16px 0 6px; }
  select { font-size: 16px; padding: 6px 8px; min-width: 280px; }
  .actions { margin-top: 24px; display: flex; gap: 12px; }
  button { font-size: 15px; padding: 8px 18px; border-radius: 6px; border: 1px solid #d0d7de; background: #f6f8fa; cursor: pointer; }
  button.primary { background: #1f883d; border-color: #1a7f37; color: #fff; font-weight: 600; }
  code { background: #f6f8fa; padding: 2px 4px; border-radius: 4px; }
  pre { white-space: pre-wrap; background: #f6f8fa; padding: 12px; border-radius: 6px; }
  .state { display: inline-block; padding: 2px 10px; border-radius: 12px; color: #fff; font-size: 13px; }
  .open { background: #1f883d; } .closed { background: #cf222e; } .merged { background: #8250df; }
  .label { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 12px; margin-right: 4px; border: 1px solid #d0d7de; }
  ul { padding-left: 20px; } li { margin: 4px 0; }
  .muted { color: #59636e; }
`;

/** A page of the simulator; it names an empty icon, so browsers do not ask for /favicon.ico. */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<header>GitHub <small>simulator</small></header>
<main>
${body}
</main>
</body>
</html>
`;
}
