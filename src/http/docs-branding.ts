// RZ's mark for the /docs page (Swagger UI's top bar and the browser tab), in place of the
// framework's logo: the application's favicon and the product's name.
import fs from 'node:fs';

export const DOCS_FAVICON = fs.readFileSync(new URL('../web/static/favicon.svg', import.meta.url));

export const DOCS_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 40" width="200" height="40">'
  + '<rect x="2" y="4" width="32" height="32" rx="6" fill="#1f4fd1"/>'
  + '<text x="18" y="25.5" font-family="system-ui,sans-serif" font-size="14" font-weight="700" text-anchor="middle" fill="#fff">RZ</text>'
  + '<text x="44" y="27" font-family="system-ui,sans-serif" font-size="18" font-weight="600" fill="#fff">API reference</text>'
  + '</svg>',
);
