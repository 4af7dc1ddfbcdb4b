import { escapeHtml } from "#toolkit/escape-html.ts"

/**
 * The players' look: the app's colours, a song in one row (a playlist's songs listed under it), the
 * browser's own audio controls.
 */
export const style = `
  :root { color-scheme: dark; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.4 system-ui, sans-serif; background: #0b0a14; color: #f4f2ff; }
  main { display: flex; gap: 12px; align-items: center; padding: 12px; height: 152px; }
  img, .note { width: 128px; height: 128px; border-radius: 10px; object-fit: cover; flex: none;
    background: linear-gradient(135deg, #6d4aff55, #ff4fa333); }
  .about { min-width: 0; flex: 1; display: grid; gap: 6px; }
  h1 { margin: 0; font-size: 16px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  a { color: inherit; }
  p { margin: 0; color: #a9a4c4; font-size: 12px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  audio { width: 100%; height: 36px; }
  ol { list-style: none; margin: 0; padding: 0 12px 12px; height: 248px; overflow-y: auto; }
  li { display: grid; gap: 4px; padding: 8px 0; border-top: 1px solid #ffffff14; }
  li h2 { margin: 0; font-size: 13px; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
`

/** A player page: its title, what it shows, and the one script that counts its plays (web/public). */
export const page = (title: string, body: string) =>
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${escapeHtml(title)}</title>
    <style>${style}</style>
  </head>
  <body>${body}<script src="/embed-player.js" defer></script></body>
</html>`
