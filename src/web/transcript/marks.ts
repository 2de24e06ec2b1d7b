// Marked-up text of one transcript segment: ranges (questions, moments, objections) may overlap
// or nest, so the text is cut at every range edge and each piece carries the classes of the
// ranges over it. Built as strings with escapeHtml (a transcript is user input; nothing of it is
// written unescaped), in time linear in the text plus the ranges' count times its log.
import { escapeHtml } from '../html.ts';

export interface Range {
  from: number;
  to: number;
  cls: string;
  /** Highlighted (a <mark>) rather than only styled (a <span>). */
  mark?: boolean;
  /** Anchor for links from the coaching panel; put on the piece where the range begins. */
  id?: string;
  /** Markup after the range's last piece (a link back to the panel); built in code, not from input. */
  after?: string;
}

function byStart(a: Range, b: Range): number {
  return a.from - b.from || b.to - a.to;
}

/** The piece [a, b) with the active ranges' classes; extra anchors begin at the same place as empty spans. */
function piece(text: string, a: number, b: number, active: Range[], starting: Range[]): string {
  const escaped = escapeHtml(text.slice(a, b));
  if (active.length === 0) return escaped;
  // A highlight's anchor goes on the element itself (so :target shows it); others become empty anchors before it.
  const ids = [...starting.filter((r) => r.mark), ...starting.filter((r) => !r.mark)].filter((r) => r.id).map((r) => r.id as string);
  const extra = ids.slice(1).map((id) => `<span class="anchor" id="${escapeHtml(id)}"></span>`).join('');
  const tag = active.some((r) => r.mark) ? 'mark' : 'span';
  const cls = [...new Set(active.map((r) => r.cls))].join(' ');
  const id = ids.length ? ` id="${escapeHtml(ids[0])}"` : '';
  return `${extra}<${tag} class="${escapeHtml(cls)}"${id}>${escaped}</${tag}>`;
}

export function markedText(text: string, ranges: Range[]): string {
  const rs = ranges.filter((r) => r.to > r.from && r.from >= 0 && r.to <= text.length).sort(byStart);
  if (rs.length === 0) return escapeHtml(text);
  const cuts = [...new Set([0, text.length, ...rs.flatMap((r) => [r.from, r.to])])].sort((x, y) => x - y);
  const out: string[] = [];
  let active: Range[] = [];
  let next = 0;
  for (let i = 0; i < cuts.length - 1; i++) {
    const a = cuts[i];
    const b = cuts[i + 1];
    active = active.filter((r) => r.to > a);
    const starting: Range[] = [];
    while (next < rs.length && rs[next].from <= a) {
      active.push(rs[next]);
      starting.push(rs[next]);
      next++;
    }
    out.push(piece(text, a, b, active, starting));
    for (const r of active) if (r.to === b && r.after) out.push(r.after);
  }
  return out.join('');
}
