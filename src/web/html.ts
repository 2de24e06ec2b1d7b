// The one HTML template helper: every interpolated value is escaped unless it is already Html
// (the result of another html`` template or an explicit raw()), so pages cannot inject markup.
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function render(value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new Html(out);
}

/** Trusted markup only (constants built in code, never user input). */
export function raw(markup: string): Html {
  return new Html(markup);
}

/** Joins rendered parts (e.g. mapped rows) without escaping the Html parts twice. */
export function join(parts: unknown[], separator = ''): Html {
  return new Html(parts.map(render).join(escapeHtml(separator)));
}
